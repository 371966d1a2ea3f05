import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { RecipientOutcome } from '../../api/mailing';
import { mailingRecipients } from '../../api/mailing';
import { returnAllOrLimit } from '../../descriptions/common';
import { itemClient } from '../../api/client';
import { mailingLocator } from '../../locators/mailing';
import { promotionLocator } from '../../locators/promotion';
import { optionsCollection } from '../../descriptions/options';
import { mailingIdOf, optionOf, promotionIdOf, recordLimit } from '../parameters';

/**
 * The counter of the mailing statistics each outcome feeds: the word the output and the labels
 * use (the stats' own words: views, clicked, unsubscribed…), whatever the parameter's value.
 */
export const OUTCOME_COUNTERS: Record<RecipientOutcome, string> = {
	abused: 'abused',
	bounced: 'bounced',
	clickedThru: 'clicked',
	forwarded: 'forwarded',
	optOut: 'unsubscribed',
	read: 'views',
	sent: 'sent',
	unopened: 'untraced',
};

const properties: INodeProperties[] = [
	promotionLocator(),
	mailingLocator(),
	{
		displayName: 'Outcome',
		name: 'outcome',
		type: 'options',
		options: [
			{ name: 'Abused', value: 'abused', description: 'Recipients who marked the mail as spam' },
			{ name: 'Bounced', value: 'bounced', description: 'Recipients whose mail bounced' },
			{
				name: 'Clicked',
				value: 'clickedThru',
				description: 'Recipients who clicked a link (clicked through), each once',
			},
			{ name: 'Forwarded', value: 'forwarded', description: 'Recipients who forwarded the mail' },
			{ name: 'Sent', value: 'sent', description: 'Every recipient the mail was sent to' },
			{
				name: 'Unsubscribed',
				value: 'optOut',
				description: 'Recipients who opted out through the mail',
			},
			{
				name: 'Untraced (Deprecated)',
				value: 'unopened',
				description:
					'Recipients whose opening cannot be traced (unopened). Deprecated by Mad Mimi: it will stop working in a future version of its API.',
			},
			{ name: 'Views', value: 'read', description: 'Recipients who opened (read) the mail' },
		],
		default: 'sent',
		description: 'Which recipients to get',
	},
	...returnAllOrLimit,
	optionsCollection('pagedPerItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['mailing'], operation: ['getRecipients'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const promotionId = promotionIdOf(this, itemIndex);
	const mailingId = mailingIdOf(this, itemIndex);
	const outcome = optionOf<RecipientOutcome>(this, itemIndex, properties, 'outcome');
	const recipients = await mailingRecipients(
		itemClient(this, itemIndex),
		promotionId,
		mailingId,
		outcome,
		recordLimit(this, itemIndex),
	);
	return recipients.map((recipient) => ({
		...recipient,
		promotionId,
		mailingId,
		outcome: OUTCOME_COUNTERS[outcome],
	}));
}
