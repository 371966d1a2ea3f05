import type { INodeProperties } from 'n8n-workflow';

import {
	mailContentFields,
	sendSourceFields,
	trackingOptions,
} from '../../descriptions/emailFields';
import { listNamesField } from '../../locators/list';
import { replaceExistingPromotionOption } from '../../locators/promotion';
import { optionsCollection } from '../../descriptions/options';

/* Promotion → Send's fields: who gets the mailing, the content (shared with Email → Send) and its Options. */

export const properties: INodeProperties[] = [
	{
		displayName:
			'Executing this step sends a real mailing to everyone on the chosen lists (or the whole audience). With "Skip Earlier Recipients" on (the default), members who already got this promotion are left out.',
		name: 'sendNotice',
		type: 'notice',
		default: '',
	},
	...sendSourceFields('The saved promotion (email design) to send'),
	{
		displayName: 'Send To',
		name: 'audience',
		type: 'options',
		options: [
			{
				name: 'Chosen Lists',
				value: 'lists',
				description: 'The members of the audience lists chosen below',
			},
			{
				name: 'Whole Audience',
				value: 'all',
				description: 'Every member of the account who has not opted out',
			},
		],
		default: 'lists',
		description: 'Who receives the mailing',
	},
	{
		...listNamesField({
			displayName: 'List Names',
			name: 'lists',
			description: 'The audience lists to send to; a member on several of them gets the email once',
		}),
		required: true,
		displayOptions: { show: { audience: ['lists'] } },
	},
	...mailContentFields('listMailing'),
	optionsCollection('perItem', [
		replaceExistingPromotionOption,
		{
			displayName: 'Skip Earlier Recipients',
			name: 'preventResend',
			type: 'boolean',
			default: true,
			description:
				'Whether to leave out the members who already received this promotion, so that running the step again mails only those who did not get it. When all of them had, Mad Mimi still records a mailing that reached nobody (sent: 0).',
		},
		...trackingOptions,
	]),
];

/** The Options of Promotion → Send, as n8n gives them. */
export interface SendOptions {
	hidden?: boolean;
	preventResend?: boolean;
	replaceExistingPromotion?: boolean;
	trackLinks?: boolean;
	trackViews?: boolean;
}
