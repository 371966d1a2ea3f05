/**
 * What the audience member tests share: an operation's parameters, and the demo's opted-out
 * members.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';

export const member = (operation: string, extra: IDataObject = {}): INodeParameters =>
	({ resource: 'audienceMember', operation, ...extra }) as INodeParameters;
export const OPTED_OUT = DEMO_IDS.optedOut;
