import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { MadMimiClient } from '../api/client';
import { accountLists, noSuchList } from '../api/audienceList';
import { promotionByName } from '../api/promotion';
import { instantOf } from '../helpers/dates';
import { printable } from '../helpers/validation';
import { MAX_OWN_PROMOTIONS_REMEMBERED } from '../settings';
import { oncePerRun, retriedSince } from './executionRetry';
import { itemError } from './itemLoop';

/*
 * What the sends (Email → Send, Promotion → Send) ask of the account before anything goes out, once
 * per node run: whether the lists they name exist, and whether the promotion their own content is
 * saved as is somebody's saved design.
 */

/**
 * The account's lists of these names, in that order; an unknown name fails the item with the
 * wording of every list error (`noSuchList`), before anything is sent. The lists are read once per
 * node run. `field` names the parameter the names came from.
 */
async function existingLists(
	ctx: IExecuteFunctions,
	itemIndex: number,
	api: MadMimiClient,
	names: string[],
	field: string,
): Promise<IDataObject[]> {
	if (names.length === 0) return [];
	const lists = await oncePerRun(ctx, 'accountLists', async () => await accountLists(api));
	const byName = new Map(lists.map((list) => [String(list.name ?? ''), list]));
	return names.map((name) => {
		const list = byName.get(name);
		if (list) return list;
		const { message, description } = noSuchList(name, `Nothing was sent (the field "${field}").`);
		throw itemError(ctx, itemIndex, message, description);
	});
}

/** Promotion names found free by a send of this execution and node: see MAX_OWN_PROMOTIONS_REMEMBERED. */
const ownPromotions = new Map<string, true>();

function remember(key: string): void {
	ownPromotions.delete(key);
	ownPromotions.set(key, true);
	while (ownPromotions.size > MAX_OWN_PROMOTIONS_REMEMBERED)
		ownPromotions.delete(ownPromotions.keys().next().value as string);
}

/**
 * Before a send with its own content, saved as `name`: refuses, before anything is sent, when a
 * promotion of that name already exists and `replace` (the option Replace Existing Promotion) is
 * off, since the send would replace its saved design. A promotion is the send's own, and may be
 * written, when this node's run found the name free (its first item creates it), when an earlier
 * try of this execution did (n8n's Retry On Fail), or, in a retried execution, when it was created
 * or changed since the run being retried began (its recorded `updated_at`).
 */
async function checkSaveAsPromotion(
	ctx: IExecuteFunctions,
	itemIndex: number,
	api: MadMimiClient,
	name: string,
	replace: boolean,
): Promise<void> {
	if (replace) return;
	const execution = ctx.getExecutionId();
	const key = execution ? `${execution}\u0000${ctx.getNode().id}\u0000${name}` : undefined;
	const taken = await oncePerRun(ctx, `saveAsPromotion:${name}`, async () => {
		if (key !== undefined && ownPromotions.has(key)) return undefined;
		const existing = await promotionByName(api, name);
		const since = retriedSince(ctx);
		const ownSince = since !== undefined && (instantOf(existing?.updatedAt) ?? -1) >= since;
		if (existing && !ownSince) return existing;
		if (key !== undefined) remember(key);
		return undefined;
	});
	if (!taken) return;
	throw itemError(
		ctx,
		itemIndex,
		`A promotion named "${printable(name)}" already exists in Mad Mimi`,
		`Sending your own content under its name would replace its saved design, so nothing was sent. Give "Save As Promotion" a name of its own, or, if "${printable(name)}" is this workflow's own promotion, turn on the option "Replace Existing Promotion".`,
	);
}

/**
 * Everything a send asks of the account before its first item goes out: the lists it names
 * (`listsField` names the parameter), and, when it brings its own content (`ownContent`), whether
 * its promotion name is free or may be replaced. Answers the lists found, in order.
 */
export async function askBeforeSending(
	ctx: IExecuteFunctions,
	itemIndex: number,
	api: MadMimiClient,
	send: {
		lists: string[];
		listsField: string;
		promotionName: string;
		ownContent: boolean;
		replaceExistingPromotion?: boolean;
	},
): Promise<IDataObject[]> {
	const found = await existingLists(ctx, itemIndex, api, send.lists, send.listsField);
	if (send.ownContent)
		await checkSaveAsPromotion(
			ctx,
			itemIndex,
			api,
			send.promotionName,
			send.replaceExistingPromotion === true,
		);
	return found;
}
