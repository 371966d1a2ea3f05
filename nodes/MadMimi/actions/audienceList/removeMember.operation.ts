import { membershipOperation } from './membership';

export const { description, execute } = membershipOperation('removeMember');
