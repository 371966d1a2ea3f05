/**
 * Audience lists and the audience-member endpoints of the spec: lists, list membership, import,
 * suppressed_since, promotion attempts, count_new.
 */
import { PLAIN_TEXT_TYPE, renderLists, renderPromotionAttempts } from '../render';
import type { PromotionAttempt } from '../render';
import { ApiError, OUTCOMES } from '../model';
import type { Store } from '../store';
import type { Outcome } from '../model';
import {
	blank,
	EMPTY,
	guessedXml,
	jsonAnswer,
	requireMember,
	SPACE,
	textAnswer,
	toInt,
	xmlAnswer,
} from './types';
import type { Answer, Call, Routes } from './types';

/** `POST /audience_lists.json` (recorded: the new list, or a taken name). */
function createListJson(c: Call): Answer {
	const name = (c.params.name ?? '').trim();
	if (name === '') return jsonAnswer({ success: false, error: "Name can't be blank" }); // guess
	if (c.store.lists.has(name))
		return jsonAnswer({ success: false, error: 'Name has already been taken' });
	const list = c.store.createList(name);
	return jsonAnswer({ success: true, result: { id: list.id, name, size: list.members.size } });
}

/** `POST /audience_lists`: no recording of this form's answer: a blank, as the spec's "none described". */
function createList(c: Call): Answer {
	const name = (c.params.name ?? '').trim();
	if (name === '') throw new ApiError(400, "Name can't be blank");
	c.store.createList(name);
	return blank(c);
}

function addToList(c: Call, name: string): Answer {
	const email = (c.params.email ?? '').trim();
	if (email === '') throw new ApiError(400, "Email can't be blank"); // guess
	requireMember(c, email); // guess: no recording of an unknown member here
	const list = c.store.lists.get(name);
	if (!list) throw new ApiError(400, `List ${name} does not exist`); // guess
	c.store.joinList(list, email, c.now);
	return SPACE; // recorded
}

function importMembers(c: Call): Answer {
	const csv = c.params.csv_file;
	if (csv === undefined) throw new ApiError(400, 'csv_file is required');
	return textAnswer(200, String(c.store.importCsv(csv, c.now).id));
}

function suppressedSince(c: Call, timestamp: string): Answer {
	const ts = toInt(timestamp);
	if (ts === null) throw new ApiError(400, 'Invalid timestamp');
	const since = ts * 1000;
	const emails = [...c.store.members.values()]
		.filter((m) => m.optedOut && m.suppressedAt !== undefined && m.suppressedAt >= since)
		.sort((a, b) => (a.suppressedAt ?? 0) - (b.suppressedAt ?? 0) || a.email.localeCompare(b.email))
		.map((m) => m.email);
	return textAnswer(200, emails.length === 0 ? '\n' : `${emails.join('\n')}\n`, PLAIN_TEXT_TYPE);
}

function countNew(c: Call): Answer {
	const start = toInt(c.params.start);
	const end = toInt(c.params.end);
	if (start === null || end === null)
		throw new ApiError(400, 'start and end must be unix timestamps');
	if (start > end) throw new ApiError(400, 'start must be before end');
	if (end - start > 31 * 86_400) {
		throw new ApiError(400, 'Calls to count_new are limited to a date range of one month');
	}
	const from = start * 1000;
	const to = end * 1000;
	let count = 0;
	// the service stores created_at in whole seconds: a member created at 12.7 s is at 12 s
	for (const m of c.store.members.values()) {
		const createdAt = Math.floor(m.createdAt / 1000) * 1000;
		if (createdAt >= from && createdAt <= to) count++;
	}
	return textAnswer(200, String(count));
}

/**
 * The attempts of every promotion at an address, oldest first: each mailing that reached it (a send
 * to lists or to all), and each transactional email (POST /mailer) sent to it. A guess: no
 * recording shows the document, nor whether transactional emails are in it; the service says it
 * holds "all mailings sent to that address", and a transactional email carries its promotion.
 * A transactional email refused for an opted-out recipient (`check_suppressed`) is not an attempt.
 */
function promotionAttempts(store: Store, email: string): PromotionAttempt[] {
	const key = email.trim().toLowerCase();
	const attempts: PromotionAttempt[] = [];
	for (const promotion of store.promotionsById(true)) {
		for (const mailing of [...promotion.mailings].sort((a, b) => a.id - b.id)) {
			const found = {} as Record<Outcome, number | undefined>;
			let seen = false;
			for (const outcome of OUTCOMES) {
				const r = mailing.recipients[outcome].find((x) => x.email.toLowerCase() === key);
				found[outcome] = r?.at;
				if (r) seen = true;
			}
			if (!seen) continue;
			attempts.push({
				promotion,
				mailing,
				sentAt: found.sent ?? mailing.startedSend ?? mailing.finishedSend ?? store.now(),
				viewed: found.read !== undefined,
				clicked: found.clicked_thru !== undefined,
				bounced: found.bounced !== undefined,
				unsubscribed: found.opt_out !== undefined,
				forwarded: found.forwarded !== undefined,
				abused: found.abused !== undefined,
			});
		}
	}
	for (const transaction of store.transactions) {
		if (transaction.status === 'failed' || transaction.recipient.email.toLowerCase() !== key)
			continue;
		const promotion = store.findPromotionByName(transaction.promotionName);
		if (!promotion) continue;
		const bounced = transaction.status === 'bounced';
		const no = { viewed: false, clicked: false, unsubscribed: false, forwarded: false };
		attempts.push({ promotion, sentAt: transaction.at, bounced, ...no, abused: false });
	}
	return attempts.sort((a, b) => a.sentAt - b.sentAt);
}

export const audienceRoutes: Routes = {
	'POST audience_lists.json': createListJson,
	'POST audience_lists': createList,
	'GET audience_lists/lists.xml': (c) => xmlAnswer(renderLists(c.store.listsById())),
	'DELETE audience_lists/:list': (c, name) => {
		c.store.lists.delete(name);
		return SPACE; // recorded: one space, whether the list exists or not
	},
	'POST audience_lists/:list/remove': (c, name) => {
		// recorded: 200 with an empty body, member on the list or not, or unknown
		const email = (c.params.email ?? '').trim();
		const list = c.store.lists.get(name);
		if (email !== '' && list) c.store.leaveList(list, email);
		return EMPTY;
	},
	'POST audience_lists/:list/add': addToList,
	'POST audience_members': importMembers,
	'GET audience_members/count_new': countNew,
	'GET audience_members/count_new.txt': countNew,
	'GET audience_members/suppressed_since/:ts.txt': suppressedSince,
	'GET audience_members/:email/lists.xml': (c, email) => {
		requireMember(c, email);
		return xmlAnswer(renderLists(c.store.listsOf(email)));
	},
	'GET audience_members/:email/promotion_attempts.xml': (c, email) => {
		requireMember(c, email);
		return guessedXml(renderPromotionAttempts(promotionAttempts(c.store, email), c.out));
	},
};
