import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllOrLimit } from '../../descriptions/common';
import { optionOf, recordLimit } from '../../helpers/params';
import { client } from '../client';
import { mailingIdOf, mailingLocator, mailingNotFound } from '../../locators/mailing';
import { promotionIdOf, promotionLocator } from '../../locators/promotion';
import { optionsCollection } from '../../descriptions/options';

/** The most recipients the service sends in one page. */
export const MAX_PER_PAGE = 100;

/**
 * The counter of the mailing statistics each outcome feeds: the word the output and the labels
 * use (the stats' own words: views, clicked, unsubscribed…), whatever the parameter's value.
 */
export const OUTCOME_COUNTERS: Record<string, string> = {
	abused: 'abused',
	bounced: 'bounced',
	clickedThru: 'clicked',
	forwarded: 'forwarded',
	optOut: 'unsubscribed',
	read: 'views',
	sent: 'sent',
	unopened: 'untraced',
};

/** The outcome values of the node and the path segment the service names each one by. */
export const OUTCOME_PATHS: Record<string, string> = {
	abused: 'abused',
	bounced: 'bounced',
	clickedThru: 'clicked_thru',
	forwarded: 'forwarded',
	optOut: 'opt_out',
	read: 'read',
	sent: 'sent',
	unopened: 'unopened',
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
	const outcome = optionOf(this, itemIndex, properties, 'outcome');
	const segment = OUTCOME_PATHS[outcome];
	const limit = recordLimit(this, itemIndex);
	const perPage =
		limit === undefined ? MAX_PER_PAGE : Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(limit)));
	const recipients = await client(this, itemIndex).pages(
		async (page) =>
			await client(this, itemIndex).xmlRecords({
				method: 'GET',
				path: ['promotions', promotionId, 'mailings', mailingId, segment],
				qs: { page, per_page: perPage },
				notFound: mailingNotFound(promotionId, mailingId),
			}),
		perPage,
		limit,
	);
	return recipients.map((recipient) => ({
		...recipient,
		promotionId,
		mailingId,
		outcome: OUTCOME_COUNTERS[outcome],
	}));
}
