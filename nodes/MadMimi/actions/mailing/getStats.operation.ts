import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mailingsOf, mailingStats } from '../../api/mailing';
import { findPromotions } from '../../api/promotion';
import { itemClient } from '../../api/client';
import { mailingLocator } from '../../locators/mailing';
import { promotionLocator } from '../../locators/promotion';
import { optionsCollection } from '../../descriptions/options';
import { mailingIdOf, promotionIdOf } from '../parameters';

const properties: INodeProperties[] = [
	{
		displayName:
			"The counters are Mad Mimi's: sent; views = opens (counted when the email's images load); untraced = delivered to people whose opens cannot be seen (images off); clicked = people who clicked a link; unsubscribed; bounced; forwarded; abused = marked as spam; allAudience = sent to the whole audience. The node adds openRate and clickRate (views and clicked, as a percentage of sent), and the promotion's name, the subject and when sending started and finished.",
		name: 'statsNotice',
		type: 'notice',
		default: '',
	},
	promotionLocator(),
	mailingLocator(),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['mailing'], operation: ['getStats'] } },
	properties,
);

/** A counter as a percentage of those sent, one decimal; null when nothing was sent. */
function rate(count: unknown, sent: unknown): number | null {
	if (typeof count !== 'number' || typeof sent !== 'number' || sent <= 0) return null;
	return Math.round((count / sent) * 1000) / 10;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const promotionId = promotionIdOf(this, itemIndex);
	const mailingId = mailingIdOf(this, itemIndex);
	const api = itemClient(this, itemIndex);
	const stats = await mailingStats(api, promotionId, mailingId);
	// what a report names a mailing by: its promotion, subject and dates (the search by ID has them)
	const [promotion] = await findPromotions(api, { id: promotionId });
	const sending = promotion ? mailingsOf(promotion).find((m) => m.id === mailingId) : undefined;
	return [
		{
			promotionId,
			promotionName: promotion?.name ?? null,
			mailingId,
			subject: sending?.subject ?? null,
			startedSend: sending?.startedSend ?? null,
			finishedSend: sending?.finishedSend ?? null,
			...stats,
			openRate: rate(stats.views, stats.sent),
			clickRate: rate(stats.clicked, stats.sent),
		},
	];
}
