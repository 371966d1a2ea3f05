import { defineResource } from '../types';
import * as getStatus from './getStatus.operation';
import * as send from './send.operation';

export const resource = defineResource({
	displayName: 'Email',
	value: 'email',
	defaultOperation: 'send',
	operations: [
		{
			name: 'Get Status',
			value: 'getStatus',
			description:
				'Get the delivery status of an email sent with Send: sent, received, bounced, opened…',
			action: 'Get status of an email',
			forModel:
				'Gets the delivery status of an email sent before, by its transaction ID (20 digits, as text): sent, received, bounced, opened, clicked, opted out…',
			run: getStatus,
		},
		{
			name: 'Send',
			value: 'send',
			description:
				'Send one transactional email to one person, from a saved promotion or your own HTML or text',
			action: 'Send an email',
			forModel:
				'Sends one email to one person (an email address): a saved promotion, by its exact name, with optional placeholder values. Returns the transaction ID (text) to check its delivery with Get Status',
			run: send,
		},
	],
});
