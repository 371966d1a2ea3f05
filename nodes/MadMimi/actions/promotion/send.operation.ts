import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optionalAddress } from '../../helpers/address';
import type { MailContentSource } from '../../helpers/emailContent';
import { contentFields, placeholdersYaml } from '../../helpers/emailContent';
import { hasControlChars, printable } from '../../helpers/validation';
import type { MadMimiClient } from '../../api/client';
import { itemClient } from '../../api/client';
import { listNamesOf } from '../../api/audienceList';
import type { PromotionMailing } from '../../api/promotionSend';
import { sendPromotion } from '../../api/promotionSend';
import { promotionIdByName } from '../../api/promotion';
import { retriedRunStart } from '../executionRetry';
import { askBeforeSending } from '../sendChecks';
import { sendPromotionFrom } from '../../locators/promotion';
import type { SendOptions } from './sendFields';
import { properties } from './sendFields';
import { mailingKeys, startedAlreadyCheck } from './startedAlready';
import { optionOf } from '../parameters';
import { itemError } from '../itemLoop';

export const description = updateDisplayOptions(
	{ show: { resource: ['promotion'], operation: ['send'] } },
	properties,
);

/** One item's mailing, read and checked before any mailing of the run starts. */
interface MailingRequest {
	mailing: PromotionMailing;
	audience: 'lists' | 'all';
	/** The members of the chosen lists, as Mad Mimi counts them (`subscriber_count`), added up. */
	listMembers?: number;
}

/** What one item sends: for the error of a run that stops part-way (types.ts). */
export const sends = { one: 'mailing', many: 'mailings' };

/** Reads and checks the item's mailing, and asks what can be known before sending (the lists, the promotion). */
export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<MailingRequest> {
	const source = optionOf<MailContentSource>(this, itemIndex, properties, 'contentSource');
	const { promotionName, ownContent } = sendPromotionFrom(
		source,
		source === 'promotion'
			? { saved: this.getNodeParameter('promotionName', itemIndex, '', { extractValue: true }) }
			: { saveAs: this.getNodeParameter('saveAsPromotion', itemIndex, '') },
	);
	const audience = optionOf<'lists' | 'all'>(this, itemIndex, properties, 'audience');
	let lists: string[] = [];
	if (audience === 'lists') {
		lists = listNamesOf(this.getNodeParameter('lists', itemIndex, []));
		if (lists.length === 0) {
			throw itemError(
				this,
				itemIndex,
				'The field "List Names" is empty: no list to send to',
				'Choose at least one audience list, or set "Send To" to "Whole Audience".',
			);
		}
		const bad = lists.find((name) => hasControlChars(name));
		if (bad !== undefined) {
			throw itemError(
				this,
				itemIndex,
				'A list name in "List Names" contains control characters',
				`Remove them from "${printable(bad)}".`,
			);
		}
	}
	const content = contentFields(source, 'listMailing', {
		html: this.getNodeParameter('rawHtml', itemIndex, ''),
		plainText: this.getNodeParameter('rawPlainText', itemIndex, ''),
	});
	const options = this.getNodeParameter('options', itemIndex, {}) as SendOptions;
	const mailing: PromotionMailing = {
		promotionName,
		lists: audience === 'lists' ? lists : undefined,
		subject: String(this.getNodeParameter('subject', itemIndex, '') ?? '').trim(),
		from: optionalAddress(this.getNodeParameter('from', itemIndex, ''), 'From'),
		content,
		placeholders: placeholdersYaml(
			this.getNodeParameter('placeholders.placeholder', itemIndex, []),
		),
		trackLinks: options.trackLinks,
		trackViews: options.trackViews,
		skipEarlierRecipients: options.preventResend !== false,
		hidden: options.hidden,
	};
	if (retriedRunStart(this) === null)
		throw itemError(
			this,
			itemIndex,
			'This retried execution cannot tell whether the run being retried started this mailing',
			`n8n carried no time when that run began (n8n 1.x carries none), and a guessed day would skip a mailing or send one twice, so nothing was sent. Mailing → Get Many, filtered on "${printable(promotionName)}", shows its mailings: run the workflow again only if this one is not there.`,
		);
	mailingKeys(this)[itemIndex] = promotionName;
	const api = itemClient(this, itemIndex);
	const found = await askBeforeSending(this, itemIndex, api, {
		lists,
		listsField: 'List Names',
		promotionName,
		ownContent,
		replaceExistingPromotion: options.replaceExistingPromotion,
	});
	const counts = found.map((list) => list.subscriberCount);
	const listMembers = counts.every((count) => typeof count === 'number')
		? (counts as number[]).reduce((sum, count) => sum + count, 0)
		: undefined;
	return { mailing, audience, listMembers };
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	request: MailingRequest,
): Promise<IDataObject[]> {
	const { mailing, audience } = request;
	const { promotionName, lists } = mailing;
	const api = itemClient(this, itemIndex);
	const outcome = await sendPromotion(
		api,
		mailing,
		startedAlreadyCheck(this, itemIndex, api, promotionName),
	);
	const sent = {
		promotionName,
		audience,
		...(lists ? { lists, listMembers: request.listMembers ?? null } : {}),
		skipEarlierRecipients: mailing.skipEarlierRecipients === true,
	};
	if ('foundDone' in outcome) {
		const { mailing: found, promotionId, ...rest } = outcome.foundDone;
		return [
			{
				mailingId: (found as IDataObject).id,
				promotionId,
				...sent,
				skipped: true,
				...rest,
				mailing: found,
			},
		];
	}
	hintMailingStarted(this, promotionName, lists, request.listMembers, mailing);
	return [
		{
			mailingId: outcome.sent,
			promotionId: await sentPromotionId(this, api, promotionName),
			...sent,
			skipped: false,
		},
	];
}

/**
 * The notice on the node after a mailing started: to whom, how many are on those lists (Mad Mimi
 * answers the mailing's ID only: how many it reached, Mailing → Get Stats tells once it is sent),
 * and that a mailing of a promotion everyone already got reaches nobody.
 */
function hintMailingStarted(
	ctx: IExecuteFunctions,
	promotionName: string,
	lists: string[] | undefined,
	listMembers: number | undefined,
	mailing: PromotionMailing,
): void {
	const to = lists
		? `the list${lists.length > 1 ? 's' : ''} ${lists.map((l) => `"${printable(l)}"`).join(', ')}${listMembers === undefined ? '' : ` (${listMembers} member${listMembers === 1 ? '' : 's'} as Mad Mimi counts them)`}`
		: 'the whole audience';
	const skip = mailing.skipEarlierRecipients
		? ' Members who already got this promotion were left out; if all of them had, the mailing reaches nobody (sent: 0).'
		: '';
	ctx.addExecutionHints({
		message: `A mailing of "${printable(promotionName)}" started to ${to}.${skip} Mailing → Get Stats shows how many it reached.`,
		type: 'info',
		location: 'outputPane',
	});
}

/**
 * The ID of the promotion just sent, so that the next node can read the new mailing's statistics
 * (the Mailer answers the mailing's ID only). Read after the send, which may have created the
 * promotion. The send has happened whatever this read meets: a failure leaves the ID out
 * (null) and is logged, rather than fail an item whose mailing went out.
 */
async function sentPromotionId(
	ctx: IExecuteFunctions,
	api: MadMimiClient,
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
