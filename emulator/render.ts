/**
 * Rendering of the service's answers: XML documents, JSON and plain text (the account extras'
 * documents: renderExtras.ts).
 *
 * Recorded documents (lists, promotions, the statistics document) are rendered byte for byte as
 * recorded (docs/recorded-answers.md): whitespace, indentation, attribute order and
 * `<x/>` beside `<x></x>`. Every XML document starts with the declaration and its line break and
 * ends right after the root's closing tag, with no trailing newline (the recordings show none).
 * Guessed documents vary like the real service does (`<x/>` versus `<x></x>`); the date style
 * rotates between answers unless fixed (emu.dateStyle).
 */
import { DATE_STYLES, formatServiceDate } from './dates';
import type { DateStyle } from './dates';
import { fieldElementName, STANDARD_MEMBER_FIELDS, STAT_NAMES } from './model';
import type { Store } from './store';
import type { AudienceList, Mailing, MailingLink, Member, Promotion, Recipient } from './model';
import { toSecondVocabularyRecords } from './vocabulary';
import type { Vocabulary } from './vocabulary';
import { escapeAttr, escapeXml, XML_DECLARATION } from './xml';

export const XML_TYPE = 'application/xml; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';
/** The real service sends its plain-text answers with this type. */
export const TEXT_TYPE = 'text/html; charset=utf-8';
/** ... except suppressed_since (recorded). */
export const PLAIN_TEXT_TYPE = 'text/plain; charset=utf-8';

/** Per-emulator counters that make answers vary deterministically (reset() restarts them). */
export class Variation {
	dateIndex = 0;
	readonly toggles = new Map<string, number>();

	reset(): void {
		this.dateIndex = 0;
		this.toggles.clear();
	}
}

/**
 * The order of the members documents asked for by `created_at` alone: no source records its
 * direction (a guess either way), so the emulator serves both, and `shuffled` for a service that
 * keeps no order at all.
 */
export type CreatedAtOrder = 'oldestFirst' | 'newestFirst' | 'shuffled';

/**
 * Rendering context of one answer: one date style for the whole answer, picked on first use (the
 * fixed one, or the next in the rotation).
 */
export class AnswerContext {
	/** The direction of `order=created_at` (set by the server from its setting or the vocabulary). */
	createdAtOrder: CreatedAtOrder = 'oldestFirst';

	constructor(
		private readonly variation: Variation,
		/** The vocabulary of guessed names this answer is served in. */
		readonly vocabulary: Vocabulary,
		private style: DateStyle | undefined,
	) {}

	date(ms: number): string {
		this.style ??= DATE_STYLES[this.variation.dateIndex++ % DATE_STYLES.length];
		return formatServiceDate(ms, this.style);
	}

	/** Alternates false, true, false, ... per key. */
	alt(key: string): boolean {
		const n = this.variation.toggles.get(key) ?? 0;
		this.variation.toggles.set(key, n + 1);
		return n % 2 === 1;
	}
}

type AttrValue = string | number | boolean | undefined | null;

/** ` name="value"` for each attribute, in the object's order (null and undefined: empty). */
function attrs(pairs: Record<string, AttrValue>): string {
	let out = '';
	for (const [name, value] of Object.entries(pairs))
		out += ` ${name}="${escapeAttr(value == null ? '' : String(value))}"`;
	return out;
}

/** `<name attrs/>`, or `<name attrs>inner</name>` when it has content. */
export function el(name: string, pairs: Record<string, AttrValue>, inner?: string): string {
	return inner === undefined
		? `<${name}${attrs(pairs)}/>`
		: `<${name}${attrs(pairs)}>${inner}</${name}>`;
}

/** `<name>text</name>`, or an empty element when the text is empty/missing. */
export function textEl(
	name: string,
	value: AttrValue,
	emptyForm: 'short' | 'long' = 'short',
): string {
	if (value == null || value === '')
		return emptyForm === 'short' ? `<${name}/>` : `<${name}></${name}>`;
	return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** A guessed root element with its children one per line, or an empty root in one of the two forms. */
export function rootDocument(
	name: string,
	children: string[],
	ctx: AnswerContext,
	rootAttrs = '',
): string {
	if (children.length === 0) {
		return (
			XML_DECLARATION +
			(ctx.alt(`empty:${name}`) ? `<${name}${rootAttrs}/>` : `<${name}${rootAttrs}></${name}>`)
		);
	}
	return `${XML_DECLARATION}<${name}${rootAttrs}>\n${children.map((c) => `  ${c}`).join('\n')}\n</${name}>`;
}

// ---------------------------------------------------------------- audience

/**
 * The lists document (recorded): `<list id name subscriber_count display_name/>` one per line,
 * indented 2; no list: `<lists>\n</lists>`.
 */
export function renderLists(lists: AudienceList[]): string {
	const lines = lists.map((l) => {
		const pairs = { id: l.id, name: l.name, subscriber_count: l.members.size };
		return `  ${el('list', { ...pairs, display_name: l.displayName })}\n`;
	});
	return `${XML_DECLARATION}<lists>\n${lines.join('')}</lists>`;
}

// ---------------------------------------------------------------- members (recorded)

/**
 * A member's field values by element name. A key that is its own element name (`first_name`) wins
 * over one that only becomes it (`First Name`).
 */
function fieldValues(member: Member): Map<string, string> {
	const out = new Map<string, string>();
	const entries = Object.entries(member.fields);
	for (const [key, value] of entries) if (fieldElementName(key) === key) out.set(key, value);
	for (const [key, value] of entries) {
		const name = fieldElementName(key);
		if (!out.has(name)) out.set(name, value);
	}
	return out;
}

/** A member field: `<x/>` never set, `<x></x>` cleared (set to ''), `<x>value</x>` (recorded forms). */
function memberField(name: string, value: string | undefined): string {
	return value === undefined ? `<${name}/>` : textEl(name, value, 'long');
}

/**
 * One `<member>` of the members documents (recorded): `suppressed`, the standard fields in the
 * recorded order, every custom field of the account, then `<lists>`: with `membership_created_at`
 * (always UTC) in the paged documents, bare names in the search.
 */
function renderMember(
	member: Member,
	store: Store,
	ctx: AnswerContext,
	withMembershipDates: boolean,
): string {
	const values = fieldValues(member);
	const lines: string[] = [];
	for (const name of STANDARD_MEMBER_FIELDS) {
		if (name === 'email') lines.push(`<email>${escapeXml(member.email)}</email>`);
		else if (name === 'created_at')
			lines.push(`<created_at>${escapeXml(ctx.date(member.createdAt))}</created_at>`);
		else lines.push(memberField(name, values.get(name)));
	}
	for (const name of store.customFieldNames) lines.push(memberField(name, values.get(name)));
	const lists = store.listsOf(member.email).map((l) => {
		const joined = formatServiceDate(store.membershipCreatedAt(l, member), 'UTC');
		const pairs = withMembershipDates ? { membership_created_at: joined } : {};
		return `      ${el('list', pairs, escapeXml(l.name))}\n`;
	});
	return (
		`  <member${attrs({ suppressed: member.optedOut })}>\n` +
		lines.map((l) => `    ${l}\n`).join('') +
		`    <lists>\n${lists.join('')}    </lists>\n` +
		'  </member>\n'
	);
}

/**
 * A page of `GET /audience_members.xml` or `GET /audience_lists/{list}/members.xml` (recorded):
 * `<audience count total_pages per_page page>` and one `<member>` per member. No member on the
 * page: `<audience ...>\n</audience>` (a guess, the form of the recorded empty `<lists>`).
 */
export function renderMembersPage(
	info: { count: number; totalPages: number; perPage: number; page: number },
	members: Member[],
	store: Store,
	ctx: AnswerContext,
): string {
	const rootAttrs = attrs({
		count: info.count,
		total_pages: info.totalPages,
		per_page: info.perPage,
		page: info.page,
	});
	return `${XML_DECLARATION}<audience${rootAttrs}>\n${members.map((m) => renderMember(m, store, ctx, true)).join('')}</audience>`;
}

/**
 * The answer of `GET /audience_members/search.xml` (recorded): `<audience>` without attributes,
 * the members' lists as bare names. No member: `<audience>\n</audience>` (a guess).
 */
export function renderMemberSearch(members: Member[], store: Store, ctx: AnswerContext): string {
	return `${XML_DECLARATION}<audience>\n${members.map((m) => renderMember(m, store, ctx, false)).join('')}</audience>`;
}

type AttemptFlag = 'viewed' | 'clicked' | 'bounced' | 'unsubscribed' | 'forwarded' | 'abused';

export interface PromotionAttempt extends Record<AttemptFlag, boolean> {
	promotion: Promotion;
	/** The mailing it was part of; none for a transactional email. */
	mailing?: Mailing;
	sentAt: number;
}

/** Promotion attempts (a guess: no recording shows the names; second vocabulary applies). */
export function renderPromotionAttempts(attempts: PromotionAttempt[], ctx: AnswerContext): string {
	const attempt = (a: PromotionAttempt) => {
		const { viewed, clicked, bounced, unsubscribed, forwarded, abused } = a;
		return el('promotion_attempt', {
			promotion_id: a.promotion.id,
			mailing_id: a.mailing?.id,
			promotion_name: a.promotion.name,
			sent_at: ctx.date(a.sentAt),
			...{ viewed, clicked, bounced, unsubscribed, forwarded, abused },
		});
	};
	return rootDocument('promotion_attempts', attempts.map(attempt), ctx);
}

// ---------------------------------------------------------------- promotions

/** A date of the promotions document: empty when the mailing was not sent (`<started_send></started_send>`). */
function sendDate(ms: number | undefined, ctx: AnswerContext): string {
	return ms === undefined ? '' : escapeXml(ctx.date(ms));
}

function renderMailingSummary(m: Mailing, ctx: AnswerContext): string {
	return (
		`  <mailing${attrs({ id: m.id, subject: m.subject, count: m.stats.sent })}>\n` +
		`    <started_send>${sendDate(m.startedSend, ctx)}</started_send>\n` +
		`    <finished_send>${sendDate(m.finishedSend, ctx)}</finished_send>\n` +
		'  </mailing>\n'
	);
}

function renderPromotion(p: Promotion, ctx: AnswerContext): string {
	const { name, id, mimio, hidden, thumbnail } = p;
	const pairs = { name, id, mimio, updated_at: ctx.date(p.updatedAt), hidden, thumbnail };
	const mailings = [...p.mailings].sort((a, b) => a.id - b.id);
	return (
		`<promotion${attrs(pairs)}>\n` +
		mailings.map((m) => renderMailingSummary(m, ctx)).join('') +
		'</promotion>\n'
	);
}

/**
 * The promotions document (recorded): each `<promotion>` on its own line, not indented, its
 * `<mailing>` elements directly inside (no wrapper), indented 2, their dates indented 4. No
 * promotion (a page past the end, a search that finds nothing): `<promotions>\n</promotions>`
 * (a guess: no recording shows it).
 */
export function renderPromotions(promotions: Promotion[], ctx: AnswerContext): string {
	return `${XML_DECLARATION}<promotions>\n${promotions.map((p) => renderPromotion(p, ctx)).join('')}</promotions>`;
}

/** The JSON form of a promotions page (a guess: no recording shows it). */
export function promotionsJson(promotions: Promotion[], ctx: AnswerContext): unknown[] {
	return promotions.map((p) => ({
		id: p.id,
		name: p.name,
		mimio: p.mimio,
		updated_at: ctx.date(p.updatedAt),
		hidden: p.hidden,
		thumbnail: p.thumbnail,
		mailings: [...p.mailings]
			.sort((a, b) => a.id - b.id)
			.map((m) => ({
				id: m.id,
				subject: m.subject,
				count: m.stats.sent,
				started_send: m.startedSend === undefined ? null : ctx.date(m.startedSend),
				finished_send: m.finishedSend === undefined ? null : ctx.date(m.finishedSend),
			})),
	}));
}

// ---------------------------------------------------------------- statistics

/** One `<link>` element (a guess: no recording shows a mailing with links). */
function linkElement(l: MailingLink): string {
	return `<link><id>${l.id}</id>${textEl('url', l.url)}<clicks>${l.clicks}</clicks><unique_clicks>${l.uniqueClicks}</unique_clicks></link>`;
}

/**
 * The statistics document (recorded): `<mailing all_audience="...">` and its counters one per
 * line, indented 2. No link: `<links>\n  </links>` (recorded). The `<link>` elements inside are a
 * guess: one per line, indented 4, and in the second vocabulary they are transformed (the
 * recorded rest of the document never is).
 */
export function renderMailingStats(m: Mailing, ctx: AnswerContext): string {
	const records = m.links.map(linkElement);
	const shown = ctx.vocabulary === 'second' ? toSecondVocabularyRecords(records, '    ') : records;
	const lines = STAT_NAMES.map((name) => `<${name}>${m.stats[name]}</${name}>`);
	// the links come after `clicked` (recorded)
	lines.splice(4, 0, `<links>\n${shown.map((r) => `    ${r}\n`).join('')}  </links>`);
	return `${XML_DECLARATION}<mailing${attrs({ all_audience: m.allAudience })}>\n${lines.map((l) => `  ${l}\n`).join('')}</mailing>`;
}

/** The links of a mailing (clicked.xml; a guess). */
export function renderLinks(links: MailingLink[], ctx: AnswerContext): string {
	return rootDocument('links', links.map(linkElement), ctx);
}

/** A paged statistics list (sent.xml, read.xml, ...; a guess: second vocabulary applies). */
export function renderRecipients(
	page: number,
	perPage: number,
	recipients: Recipient[],
	ctx: AnswerContext,
): string {
	const rootAttrs = attrs({ page, per_page: perPage });
	if (recipients.length === 0) return `${XML_DECLARATION}<recipients${rootAttrs}/>`;
	const items = recipients.map(
		(r) =>
			`<recipient>${textEl('email', r.email)}${textEl('first_name', r.firstName)}${textEl('last_name', r.lastName)}` +
			`${textEl('created_at', ctx.date(r.at))}</recipient>`,
	);
	return `${XML_DECLARATION}<recipients${rootAttrs}>\n  ${items.join('\n  ')}\n</recipients>`;
}
