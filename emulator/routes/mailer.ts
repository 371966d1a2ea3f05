/**
 * The Mailer, the service's sending interface: a transactional email to one recipient
 * (`POST /mailer`), its delivery status (`GET /mailers/status/{id}`, note `mailers`), and a send to
 * lists or to the whole audience (`POST /mailer/to_list`, `POST /mailer/to_all`).
 *
 * Recorded (docs/recorded-answers.md): the answers (a 20-digit transaction id, a mailing
 * id, one status word, `410 Not Found`, `409 You do not have a promotion named <name>.`), the
 * creation of an unknown promotion when raw content comes along, the YAML 1.1 reading of `body`
 * and the CSV reading of `list_name`. Every refusal text below marked "guess" is ours.
 */
import { parse as parseYaml } from 'yaml';

import { parseAddress } from '../../nodes/MadMimi/helpers/address';
import { parseCsvRows } from '../csv';
import { ApiError } from '../model';
import type { Store } from '../store';
import type {
	AudienceList,
	ListSend,
	MailerStatus,
	Member,
	Promotion,
	Transaction,
} from '../model';
import { given, textAnswer, truthy } from './types';
import type { Answer, Call, Routes } from './types';

/** The raw HTML tag Mad Mimi counts opens with (either name). */
const BEACON = /\[\[\s*(tracking_beacon|peek_image)\s*\]\]/i;
/** The unsubscribe link a send to lists needs (either name). */
const UNSUBSCRIBE = /\[\[\s*(unsubscribe|opt_out)\s*\]\]/i;

/**
 * The `body` (the placeholders) as the service reads it: Ruby's YAML, under the YAML 1.1 rules (an
 * unquoted `yes` is true, `10:30` is 630, `0777` is 511, `2014-09-05` a date; a quoted value stays
 * text). A later duplicate key wins, as in Ruby. Empty or `--- {}`: no placeholder. Not YAML, or
 * not a mapping: 400 (a guess).
 */
function readPlaceholders(body: string | undefined): Record<string, unknown> | undefined {
	if (body === undefined) return undefined;
	let value: unknown;
	let problem: string | undefined;
	try {
		value = parseYaml(body, { version: '1.1', uniqueKeys: false });
	} catch (err) {
		problem = (err instanceof Error ? err.message : String(err)).split('\n')[0];
	}
	if (problem !== undefined) throw new ApiError(400, `The body is not valid YAML: ${problem}`);
	if (value === null || value === undefined) return {};
	if (typeof value !== 'object' || Array.isArray(value) || value instanceof Date) {
		throw new ApiError(400, 'The body must be a YAML hash of placeholders');
	}
	return value as Record<string, unknown>;
}

/** One CSV-encoded row of list names (`list 1,"Friends, family"`), each trimmed, blanks dropped, each once. */
function readListNames(text: string | undefined): string[] {
	if (text === undefined) return [];
	const row = parseCsvRows(text.replace(/\r?\n/g, ' '))[0] ?? [];
	return [...new Set(row.map((n) => n.trim()).filter((n) => n !== ''))];
}

function requireLists(store: Store, names: string[]): AudienceList[] {
	return names.map((name) => {
		const list = store.lists.get(name);
		if (!list) throw new ApiError(400, `List ${name} does not exist`); // guess
		return list;
	});
}

function rawContent(params: Record<string, string>): { html?: string; text?: string } {
	return {
		html: given(params, 'raw_html') ? params.raw_html : undefined,
		text: given(params, 'raw_plain_text') ? params.raw_plain_text : undefined,
	};
}

function requirePromotionName(params: Record<string, string>): string {
	const name = (params.promotion_name ?? '').trim();
	if (name === '') throw new ApiError(400, 'Promotion name is required'); // guess
	return name;
}

/** Refuses raw HTML without the tracking beacon (a guess: status and text). */
function checkBeacon(content: { html?: string }): void {
	if (content.html !== undefined && !BEACON.test(content.html)) {
		throw new ApiError(400, 'Your HTML must contain [[tracking_beacon]] or [[peek_image]].');
	}
}

/**
 * The promotion of that name. With raw content, Mad Mimi's Mailer documentation says it will
 * "automatically create or update the promotion": a new one (`hidden` hides it: a guess), or the
 * existing one's content replaced by the raw content given. None and no raw content: 409 (recorded).
 */
function promotionFor(
	c: Call,
	name: string,
	content: { html?: string; text?: string },
): () => Promotion {
	const existing = c.store.findPromotionByName(name);
	const raw = content.html !== undefined || content.text !== undefined;
	if (existing) {
		return () => {
			if (raw)
				Object.assign(existing, {
					rawHtml: content.html,
					rawPlainText: content.text,
					url: undefined,
					updatedAt: c.now,
				});
			return existing;
		};
	}
	if (!raw) throw new ApiError(409, `You do not have a promotion named ${name}.`);
	return () =>
		c.store.addPromotion(name, {
			updatedAt: c.now,
			rawHtml: content.html,
			rawPlainText: content.text,
			hidden: truthy(c.params.hidden),
		});
}

/** The UTC day of an instant, `YYYY-MM-DD` (the day a transactional email counts on: a guess). */
function utcDay(ms: number): string {
	return new Date(ms).toISOString().slice(0, 10);
}

/**
 * `POST /mailer`: one transactional email. Answers the new transaction id (20 digits, as text).
 * Checks, in order (every refusal before any change): `promotion_name`, `recipient` (alias
 * `recipients`), `body`, the beacon in raw HTML, `list_names`, the promotion (409 or created).
 * The email counts in transactional_count for its promotion and day; the recipient is imported
 * into the audience when missing (the Mailer's documentation), and `list_names` puts them on
 * those lists. `check_suppressed=yes` and an opted-out
 * recipient: an id still, nothing sent, status `failed`, not counted (a guess).
 */
function sendOne(c: Call): Answer {
	const { params, store } = c;
	const promotionName = requirePromotionName(params);
	const recipientText = (params.recipient ?? params.recipients ?? '').trim();
	if (recipientText === '') throw new ApiError(400, 'Recipient is required'); // guess
	const recipient = parseAddress(recipientText); // the node's own reading of an address
	if (!recipient) throw new ApiError(400, `Invalid recipient: ${recipientText}`); // guess
	const placeholders = readPlaceholders(params.body);
	const content = rawContent(params);
	checkBeacon(content);
	const lists = requireLists(store, readListNames(params.list_names ?? params.list_name));
	const promotion = promotionFor(c, promotionName, content)();

	// Mad Mimi's Mailer documentation: the send "will import Dave Hoover into your Mad Mimi audience"
	const member =
		store.getMember(recipient.email) ?? store.addMember(recipient.email, { createdAt: c.now });
	for (const list of lists) store.joinList(list, member.email, c.now);
	const suppressed = member.optedOut === true && truthy(params.check_suppressed);
	const status: MailerStatus = suppressed ? 'failed' : 'sent';
	if (!suppressed) store.countTransactional(promotion.name, utcDay(c.now));
	const transaction: Transaction = {
		id: store.takeTransactionId(),
		promotionName: promotion.name,
		recipient,
		params: { ...params },
		...(placeholders === undefined ? {} : { placeholders }),
		status,
		at: c.now,
	};
	store.transactions.push(transaction);
	return textAnswer(200, transaction.id);
}

/** Whoever received any mailing of the promotion before (for `prevent_resend`). */
function receivedBefore(promotion: Promotion): Set<string> {
	const out = new Set<string>();
	for (const mailing of promotion.mailings)
		for (const r of mailing.recipients.sent) out.add(r.email.toLowerCase());
	return out;
}

/**
 * `POST /mailer/to_list` and `POST /mailer/to_all`: a new mailing of the promotion (started and
 * finished now, `count` and `sent` = its recipients, their `sent` entries), to the members of the
 * lists (each once, in list order) or to every member, opted-out members left out,
 * `prevent_resend=yes` leaving out whoever received the promotion before. Answers the mailing id.
 * Checks first (guesses but the 409): `promotion_name`, the lists (none → 400, unknown → 400),
 * `body`, the beacon in raw HTML, an unsubscribe link in every raw content, the promotion.
 */
function sendMany(c: Call, toAll: boolean): Answer {
	const { params, store } = c;
	const promotionName = requirePromotionName(params);
	let lists: AudienceList[] = [];
	if (!toAll) {
		const names = readListNames(params.list_name ?? params.list_names);
		if (names.length === 0) throw new ApiError(400, 'List name is required'); // guess
		lists = requireLists(store, names);
	}
	const placeholders = readPlaceholders(params.body);
	const content = rawContent(params);
	checkBeacon(content);
	for (const raw of [content.html, content.text]) {
		if (raw !== undefined && !UNSUBSCRIBE.test(raw)) {
			throw new ApiError(
				400,
				'Your promotion must contain an [[unsubscribe]] or [[opt_out]] link.',
			); // guess
		}
	}
	const promotion = promotionFor(c, promotionName, content)();

	const candidates: Member[] = [];
	const seen = new Set<string>();
	const consider = (member: Member | undefined): void => {
		if (!member) return;
		const key = member.email.toLowerCase();
		if (seen.has(key)) return;
		seen.add(key);
		candidates.push(member);
	};
	if (toAll) for (const member of store.members.values()) consider(member);
	else for (const list of lists) for (const key of list.members) consider(store.members.get(key));
	const before = truthy(params.prevent_resend) ? receivedBefore(promotion) : new Set<string>();
	const recipients = candidates.filter((m) => !m.optedOut && !before.has(m.email.toLowerCase()));

	const subject = (params.subject ?? '').trim();
	const mailing = store.addMailing(promotion.id, {
		subject: subject === '' ? promotion.name : subject,
		allAudience: toAll,
		startedSend: c.now,
		finishedSend: c.now,
		stats: { sent: recipients.length },
	});
	mailing.recipients.sent = recipients.map((m) => ({
		email: m.email,
		firstName: m.fields.first_name,
		lastName: m.fields.last_name,
		at: c.now,
	}));
	const send: ListSend = {
		mailingId: mailing.id,
		promotionName: promotion.name,
		audience: toAll ? 'all' : lists.map((l) => l.name),
		params: { ...params },
		...(placeholders === undefined ? {} : { placeholders }),
		recipients: recipients.map((m) => m.email),
		at: c.now,
	};
	store.sends.push(send);
	return textAnswer(200, String(mailing.id));
}

export const mailerRoutes: Routes = {
	'GET mailers/status/:id': (c, id) => {
		const transaction = c.store.getTransaction(id);
		if (!transaction) return textAnswer(410, 'Not Found'); // recorded
		return textAnswer(200, transaction.status); // recorded: one word
	},
	'POST mailer': sendOne,
	'POST mailer/to_list': (c) => sendMany(c, false),
	'POST mailer/to_all': (c) => sendMany(c, true),
};
