import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mailContentFields, sendSourceFields, trackingOptions } from '../../descriptions/mailer';
import type { MailContentSource } from '../../helpers/mailer';
import { contentFields, optionalAddress, placeholdersYaml } from '../../helpers/mailer';
import { optionOf } from '../../helpers/params';
import { hasControlChars, itemError, printable } from '../../helpers/validation';
import type { ApiClient } from '../../api/client';
import { listNamesOf } from '../../api/lists';
import { sendPromotion } from '../../api/mailer';
import { mailingsStartedSince, promotionByName, promotionIdByName } from '../../api/promotions';
import { client } from '../client';
import { occurrenceOf, retriedSince } from '../retry';
import { listNamesField } from '../../locators/list';
import { promotionNameOf } from '../../locators/promotion';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
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
			displayName: 'List Names or IDs',
			name: 'lists',
			description: 'The audience lists to send to; a member on several of them gets the email once',
		}),
		required: true,
		displayOptions: { show: { audience: ['lists'] } },
	},
	...mailContentFields('listMailing'),
	optionsCollection('perItem', [
		{
			displayName: 'Skip Earlier Recipients',
			name: 'preventResend',
			type: 'boolean',
			default: false,
			description: 'Whether to leave out the members who already received this promotion',
		},
		...trackingOptions,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['promotion'], operation: ['send'] } },
	properties,
);

interface SendOptions {
	hidden?: boolean;
	preventResend?: boolean;
	trackLinks?: boolean;
	trackViews?: boolean;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const promotionName = promotionNameOf(this, itemIndex);
	const audience = optionOf<'lists' | 'all'>(this, itemIndex, properties, 'audience');
	let lists: string[] = [];
	if (audience === 'lists') {
		lists = listNamesOf(this.getNodeParameter('lists', itemIndex, []));
		if (lists.length === 0) {
			throw itemError(
				this,
				itemIndex,
				'The field "List Names or IDs" is empty: no list to send to',
				'Choose at least one audience list, or set "Send To" to "Whole Audience".',
			);
		}
		const bad = lists.find((name) => hasControlChars(name));
		if (bad !== undefined) {
			throw itemError(
				this,
				itemIndex,
				'A list name in "List Names or IDs" contains control characters',
				`Remove them from "${printable(bad)}".`,
			);
		}
	}
	const source = optionOf<MailContentSource>(this, itemIndex, properties, 'contentSource');
	const content = contentFields(this, itemIndex, source, 'listMailing');
	const options = this.getNodeParameter('options', itemIndex, {}) as SendOptions;
	const mailing = {
		promotionName,
		lists: audience === 'lists' ? lists : undefined,
		subject: String(this.getNodeParameter('subject', itemIndex, '') ?? '').trim(),
		from: optionalAddress(this, itemIndex, this.getNodeParameter('from', itemIndex, ''), 'From'),
		content,
		placeholders: placeholdersYaml(this, itemIndex),
		trackLinks: options.trackLinks,
		trackViews: options.trackViews,
		skipEarlierRecipients: options.preventResend,
		hidden: options.hidden,
	};
	const api = client(this, itemIndex);
	const outcome = await sendPromotion(
		api,
		mailing,
		startedAlreadyCheck(this, itemIndex, api, promotionName),
	);
	const sent = { promotionName, audience, ...(audience === 'lists' ? { lists } : {}) };
	if ('foundDone' in outcome) {
		const { mailing, promotionId, ...found } = outcome.foundDone;
		return [{ mailingId: (mailing as IDataObject).id, promotionId, ...sent, ...found, mailing }];
	}
	return [
		{
			mailingId: outcome.sent,
			promotionId: await sentPromotionId(this, api, promotionName),
			...sent,
		},
	];
}

/**
 * In a retried execution, what is asked before the mailing starts: the promotion's mailings
 * started since the run being retried began. The item's mailing is done already when there are
 * at least as many as the items before it that send this promotion, and it, ask for
 * (actions/retry.ts). The recorded mailings say nothing of their lists, so any mailing of the
 * promotion counts. Undefined in a fresh run: nothing is asked.
 */
function startedAlreadyCheck(
	ctx: IExecuteFunctions,
	itemIndex: number,
	api: ApiClient,
	promotionName: string,
): (() => Promise<IDataObject | undefined>) | undefined {
	const since = retriedSince(ctx);
	if (since === undefined) return undefined;
	return async () => {
		const promotion = await promotionByName(api, promotionName);
		if (!promotion) return undefined;
		const occurrence = occurrenceOf(ctx, itemIndex, 'mailing', (index) =>
			promotionNameOf(ctx, index),
		);
		const mailing = mailingsStartedSince(promotion, since)[occurrence - 1];
		if (!mailing) return undefined;
		return {
			promotionId: promotion.id,
			skipped: true,
			reason: `The execution being retried already started this mailing of "${promotionName}" (mailing ${String(mailing.id)}${typeof mailing.startedSend === 'string' ? `, started ${mailing.startedSend}` : ', not started sending yet'}): not sent again`,
			mailing,
		};
	};
}

/**
 * The ID of the promotion just sent, so that the next node can read the new mailing's statistics
 * (the Mailer answers the mailing's ID only). Read after the send, which may have created the
 * promotion. The send has happened whatever this read meets: a failure leaves the ID out
 * (null) and is logged, rather than fail an item whose mailing went out.
 */
async function sentPromotionId(
	ctx: IExecuteFunctions,
	api: ApiClient,
	promotionName: string,
): Promise<number | null> {
	try {
		return (await promotionIdByName(api, promotionName)) ?? null;
	} catch (error) {
		ctx.logger.warn(
			`Mad Mimi: the mailing of "${promotionName}" went out, but its promotion's ID could not be read: ${(error as Error).message}`,
			{ node: ctx.getNode().name },
		);
		return null;
	}
}
