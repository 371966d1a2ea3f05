import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { toIsoDateTime } from '../parsing';
import type { Refusal } from '../transport';
import type { MadMimiClient } from './client';
import { memberMissing, noSuchMemberMessage } from './audienceMember';

/*
 * A member's promotion attempts (GET /audience_members/{email}/promotion_attempts.xml): every
 * mailing and email of a promotion sent to the address, with its results. No recording shows the
 * names of its elements and attributes, so an attempt is read by its values alone: it is of a
 * promotion when one of its values is that promotion's name (or its ID), and it was sent at the
 * earliest date-time among its values (a view or a click comes after the send).
 */

/**
 * The member's promotion attempts, one record each; Mad Mimi refuses an address the account has no
 * member of (worded by `refusal` when given).
 */
export async function promotionAttempts(
	api: MadMimiClient,
	email: string,
	refusal?: Refusal,
): Promise<IDataObject[]> {
	return await api.xmlRecords({
		method: 'GET',
		path: ['audience_members', email, 'promotion_attempts'],
		refusal,
	});
}

/** The member's promotion attempts, one record each; none for an address the account has no member of. */
export async function promotionAttemptsOf(
	api: MadMimiClient,
	email: string,
): Promise<IDataObject[]> {
	// Mad Mimi knows nothing of the address: nothing was sent to it
	const unknownMember = (error: unknown) =>
		error instanceof NodeApiError && error.message === noSuchMemberMessage(email);
	return await promotionAttempts(api, email, memberMissing(email)).catch(async (error: unknown) =>
		unknownMember(error) ? [] : await Promise.reject(error),
	);
}

/** The promotion an attempt is looked for by: its exact name, and its ID where known. */
export interface PromotionRef {
	name: string;
	id?: number;
}

/** An attempt of the promotion looked for, and when it was sent where it says (its date-time as given, ISO 8601). */
export interface PromotionAttempt {
	record: IDataObject;
	sentAt?: string;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/** Every scalar value of a record, its nested records' included. */
function* valuesOf(value: unknown): Generator<string | number | boolean> {
	if (Array.isArray(value)) for (const entry of value) yield* valuesOf(entry);
	else if (value !== null && typeof value === 'object')
		for (const entry of Object.values(value)) yield* valuesOf(entry);
	else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
		yield value;
}

/**
 * Whether the record names the promotion: a value equal to its name, or to its ID, compared as
 * text (the element names are guesses, so a value may be typed or not: a promotion named "2024"
 * or an ID under a name that says no number are found all the same).
 */
function namesPromotion(record: IDataObject, promotion: PromotionRef): boolean {
	const id = promotion.id === undefined ? undefined : String(promotion.id);
	for (const value of valuesOf(record)) {
		const text = String(value).trim();
		if (text === promotion.name || (id !== undefined && text === id)) return true;
	}
	return false;
}

/**
 * The earliest date-time among the record's values, or undefined: a value typed as one (ISO 8601),
 * or the service's own date text under a name that says no time (the names are guesses).
 */
function earliestDate(record: IDataObject): { ms: number; text: string } | undefined {
	let earliest: { ms: number; text: string } | undefined;
	for (const value of valuesOf(record)) {
		if (typeof value !== 'string') continue;
		const iso = ISO_DATE_TIME.test(value) ? value : toIsoDateTime(value.trim());
		if (iso === undefined) continue;
		const ms = Date.parse(iso);
		if (!Number.isNaN(ms) && (earliest === undefined || ms < earliest.ms))
			earliest = { ms, text: iso };
	}
	return earliest;
}

/**
 * The attempts of the promotion sent at or after `since` (epoch ms; every one without it), oldest
 * first. An attempt that gives no date counts as recent: taking an old send for a new one skips an
 * email, taking a new one for an old one would send it twice.
 */
export function attemptsOfPromotion(
	records: IDataObject[],
	promotion: PromotionRef,
	since?: number,
): PromotionAttempt[] {
	const found: Array<PromotionAttempt & { ms: number }> = [];
	for (const record of records) {
		if (!namesPromotion(record, promotion)) continue;
		const sent = earliestDate(record);
		if (since === undefined || sent === undefined || sent.ms >= since)
			found.push({ record, sentAt: sent?.text, ms: sent?.ms ?? Infinity });
	}
	return found.sort((a, b) => a.ms - b.ms).map(({ record, sentAt }) => ({ record, sentAt }));
}
