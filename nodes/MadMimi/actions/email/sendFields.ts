import type { INodeProperties } from 'n8n-workflow';

import {
	mailContentFields,
	sendSourceFields,
	trackingOptions,
} from '../../descriptions/emailFields';
import { listNamesField } from '../../locators/list';
import { replaceExistingPromotionOption } from '../../locators/promotion';
import { optionsCollection } from '../../descriptions/options';

/* Email → Send's fields: the recipient, the content (shared with Promotion → Send) and its Options. */

export const properties: INodeProperties[] = [
	...sendSourceFields('The saved promotion (email design) to send'),
	{
		displayName: 'Recipient',
		name: 'recipient',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Jane Doe <jane@example.com>',
		description: 'The one person to send the email to: an address, optionally with a name',
	},
	...mailContentFields('transactionalEmail'),
	optionsCollection('perItem', [
		listNamesField({
			displayName: 'Add Recipient to Lists',
			name: 'addToLists',
			description: 'Audience lists to add the recipient to as the email is sent',
		}),
		{
			displayName: 'BCC',
			name: 'bcc',
			type: 'string',
			default: '',
			placeholder: 'e.g. archive@example.com',
			description: 'An address that gets a blind copy of the email',
		},
		{
			displayName: 'CC',
			name: 'cc',
			type: 'string',
			default: '',
			placeholder: 'e.g. manager@example.com',
			description: 'An address that gets a copy of the email',
		},
		{
			displayName: 'Recipient Name',
			name: 'recipientName',
			type: 'string',
			default: '',
			placeholder: 'e.g. {{ $json.first_name }}',
			description:
				"The name shown with the recipient's address (Jane Doe &lt;jane@example.com&gt;), e.g. mapped from a form. It replaces a name given in Recipient.",
		},
		{
			displayName: 'Reply To',
			name: 'replyTo',
			type: 'string',
			default: '',
			placeholder: 'e.g. support@example.com',
			description: 'The address replies go to, when it is not the sender',
		},
		{
			displayName: 'Skip If Already Sent',
			name: 'skipIfAlreadySent',
			type: 'options',
			options: [
				{
					name: 'Ever',
					value: 'ever',
					description: 'Send this promotion at most once to each person',
				},
				{ name: 'In the Last Day (24 Hours)', value: 'day' },
				{ name: 'In the Last Hour', value: 'hour' },
				{ name: 'In the Last Month (30 Days)', value: 'month' },
				{ name: 'In the Last Week (7 Days)', value: 'week' },
				{ name: 'In the Last Year (365 Days)', value: 'year' },
			],
			default: 'ever',
			description:
				'Whether to skip a recipient who already got this promotion in that period (Mad Mimi’s promotion attempts for the address, one read per email). A skipped recipient comes out with "skipped": true and the earlier send. Keeps a webhook called twice or a workflow run again from emailing anyone twice.',
		},
		replaceExistingPromotionOption,
		{
			displayName: 'Skip If Opted Out',
			name: 'checkSuppressed',
			type: 'boolean',
			default: true,
			description:
				'Whether to not send when the recipient has opted out (unsubscribed) of your emails: the item then says so, with "skipped": true (one read per email). On unless you turn it off, e.g. for receipts and other emails a person must get.',
		},
		{
			displayName: 'Skip Placeholders',
			name: 'skipPlaceholders',
			type: 'boolean',
			default: false,
			description:
				'Whether Mad Mimi leaves {placeholders} in the content as they are, instead of filling them in',
		},
		...trackingOptions,
	]),
];

/** Skip If Already Sent's periods. */
export type SkipPeriod = 'ever' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** The Options of Email → Send, as n8n gives them. */
export interface SendOptions {
	recipientName?: string;
	skipIfAlreadySent?: SkipPeriod;
	addToLists?: string[] | string;
	bcc?: string;
	cc?: string;
	hidden?: boolean;
	replyTo?: string;
	checkSuppressed?: boolean;
	replaceExistingPromotion?: boolean;
	skipPlaceholders?: boolean;
	trackLinks?: boolean;
	trackViews?: boolean;
}
