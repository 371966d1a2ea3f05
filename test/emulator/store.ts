/**
 * The emulated account's state. Tests read and write it directly; the server works on it.
 */
import { createHash } from 'node:crypto';

import { csvRecords, parseCsv } from './csv';

export interface AudienceList {
	id: number;
	name: string;
	displayName: string;
	/** Lower-cased emails. */
	members: Set<string>;
}

export interface Member {
	email: string;
	/** Every CSV column except email, add_list and opt out, keyed by the lower-cased header. */
	fields: Record<string, string>;
	createdAt: number;
	optedOut: boolean;
	suppressedAt?: number;
}

export type Outcome = 'sent' | 'read' | 'clicked_thru' | 'unopened' | 'opt_out' | 'bounced' | 'forwarded' | 'abused';

export const OUTCOMES: readonly Outcome[] = [
	'sent',
	'read',
	'clicked_thru',
	'unopened',
	'opt_out',
	'bounced',
	'forwarded',
	'abused',
];

export interface MailingStats {
	sent: number;
	views: number;
	untraced: number;
	clicked: number;
	forwarded: number;
	bounced: number;
	unsubscribed: number;
	abused: number;
}

/** Which counter each recipient outcome feeds (used by seedRecipients). */
export const OUTCOME_COUNTER: Record<Outcome, keyof MailingStats> = {
	sent: 'sent',
	read: 'views',
	clicked_thru: 'clicked',
	unopened: 'untraced',
	opt_out: 'unsubscribed',
	bounced: 'bounced',
	forwarded: 'forwarded',
	abused: 'abused',
};

export interface MailingLink {
	id: number;
	url: string;
	clicks: number;
	uniqueClicks: number;
}

export interface Recipient {
	email: string;
	firstName?: string;
	lastName?: string;
	at: number;
}

export interface Mailing {
	id: number;
	/** The `subject` attribute in the promotions document (default: the promotion's name). */
	subject: string;
	/** The `all_audience` attribute of the statistics document (default false). */
	allAudience: boolean;
	startedSend?: number;
	finishedSend?: number;
	stats: MailingStats;
	links: MailingLink[];
	recipients: Record<Outcome, Recipient[]>;
}

export interface Promotion {
	id: number;
	name: string;
	/** The promotion's public code (6 hex digits; the `mimio` attribute, also in the thumbnail address). */
	mimio: string;
	updatedAt: number;
	rawHtml?: string;
	rawPlainText?: string;
	url?: string;
	hidden: boolean;
	thumbnail: string;
	trashed: boolean;
	mailings: Mailing[];
}

export interface Addon {
	id: number;
	key: string;
	name: string;
	description: string;
	paid: boolean;
	status: 'activated' | 'deactivated';
}

export interface SocialLinkDef {
	key: string;
	name: string;
	description: string;
	formatting: string;
}

export interface Participant {
	email: string;
	pwd?: string;
	firstName?: string;
	lastName?: string;
	organizationName?: string;
	address?: string;
	apiKey: string;
	invited: boolean;
	createdAt: number;
	permissions: { full: string[]; read: string[]; none: string[] };
}

export interface Drip {
	id: number;
	name: string;
	delayDays: number;
	promotionId: number;
}

export interface DripCampaign {
	id: number;
	name: string;
	status: string;
	createdAt: number;
	drips: Drip[];
}

export interface SignupField {
	type: string;
	display: string;
	value: string | null;
	required: boolean;
	/** `signup[<field>]` */
	name: string;
}

/** The JSON object of the spec's Signup webform section. */
export interface Signup {
	name: string;
	id: number;
	url: string;
	background: { repeat: string; image: string | null; color: string };
	header: { text: string; color: string };
	thumbnail: string;
	fields: SignupField[];
	submit: string;
}

export interface ImportRecord {
	id: number;
	csv: string;
	/** Rows keyed by the lower-cased header names. */
	rows: Record<string, string>[];
	at: number;
}

export interface TransactionalCount {
	promotionName: string;
	/** YYYY-MM-DD */
	date: string;
	count: number;
}

/** A refusal with the status and plain-text body the service answers. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly body: string,
	) {
		super(body);
		this.name = 'ApiError';
	}
}

export interface AddMemberOptions {
	fields?: Record<string, string>;
	createdAt?: number;
	lists?: string[];
	firstName?: string;
	lastName?: string;
}

export interface AddPromotionOptions {
	id?: number;
	/** Default: 6 hex digits derived from the id (deterministic). */
	mimio?: string;
	updatedAt?: number;
	rawHtml?: string;
	rawPlainText?: string;
	url?: string;
	hidden?: boolean;
	/** Default: the service's snapshot address of the mimio (see thumbnailFor). */
	thumbnail?: string;
	trashed?: boolean;
}

export interface AddMailingOptions {
	id?: number;
	/** Default: the promotion's name. */
	subject?: string;
	/** Default false. */
	allAudience?: boolean;
	/** A mailing that has not been sent: no started/finished send. */
	unsent?: boolean;
	startedSend?: number;
	finishedSend?: number;
	/** `stats.sent` is also the mailing's `count` in the promotions document. */
	stats?: Partial<MailingStats>;
	links?: { url: string; clicks?: number; uniqueClicks?: number }[];
}

/** A deterministic 6-hex-digit mimio for a promotion id. */
export function defaultMimio(promotionId: number): string {
	return createHash('md5').update(`mimio#${promotionId}`).digest('hex').slice(0, 6);
}

/** The thumbnail address the service gives a promotion (recorded form). */
export function thumbnailFor(mimio: string): string {
	return `https://snaps.madmimi.com/v2/thumbs.php?size=b&wait=120&url=${encodeURIComponent(`https://madmimi.com/p/${mimio}`)}`;
}

const FIRST_NAMES = ['Ava', 'Noah', 'Mia', 'Liam', 'Zoe', 'Omar', 'Ines', 'Yuki', 'Lars', 'Nora', 'Raj', 'Eli'];
const LAST_NAMES = ['Smith', 'Khan', 'Berg', 'Rossi', 'Okafor', 'Tanaka', 'Novak', 'Silva', '', 'Meyer', 'Dubois'];

function emptyStats(): MailingStats {
	return { sent: 0, views: 0, untraced: 0, clicked: 0, forwarded: 0, bounced: 0, unsubscribed: 0, abused: 0 };
}

function emptyRecipients(): Record<Outcome, Recipient[]> {
	return { sent: [], read: [], clicked_thru: [], unopened: [], opt_out: [], bounced: [], forwarded: [], abused: [] };
}

/** Columns of an import that are not member fields. */
const RESERVED_COLUMNS = new Set(['email', 'add_list', 'opt out', 'opt-out']);

export class Store {
	lists = new Map<string, AudienceList>();
	members = new Map<string, Member>();
	promotions = new Map<number, Promotion>();
	addons: Addon[] = [];
	analyticsDomains: string[] = [];
	socialLinkDefs: SocialLinkDef[] = [];
	socialLinks: Record<string, string> = {};
	participants = new Map<string, Participant>();
	dripCampaigns: DripCampaign[] = [];
	signups = new Map<number, Signup>();
	imports: ImportRecord[] = [];
	transactional: TransactionalCount[] = [];

	/** Next ids handed out (tests may set them). */
	nextListId = 101;
	nextPromotionId = 1;
	nextMailingId = 31;
	nextLinkId = 1;
	nextImportId = 6021;

	/** The service's notion of "now" (the emulator passes its clock). */
	constructor(readonly now: () => number = Date.now) {}

	// ---------------------------------------------------------------- lists and members

	/** Creates a list, or returns the existing one of that (case-sensitive) name. */
	createList(name: string, displayName = ''): AudienceList {
		const existing = this.lists.get(name);
		if (existing) return existing;
		const list: AudienceList = { id: this.nextListId++, name, displayName, members: new Set() };
		this.lists.set(name, list);
		return list;
	}

	/** Lists ordered by id. */
	listsById(): AudienceList[] {
		return [...this.lists.values()].sort((a, b) => a.id - b.id);
	}

	getMember(email: string): Member | undefined {
		return this.members.get(email.trim().toLowerCase());
	}

	/** The lists (ordered by id) a member belongs to. */
	listsOf(email: string): AudienceList[] {
		const key = email.trim().toLowerCase();
		return this.listsById().filter((l) => l.members.has(key));
	}

	/** Adds or updates a member (fields merged), optionally joining lists (created when missing). */
	addMember(email: string, opts: AddMemberOptions = {}): Member {
		const trimmed = email.trim();
		const key = trimmed.toLowerCase();
		let member = this.members.get(key);
		if (!member) {
			member = { email: trimmed, fields: {}, createdAt: opts.createdAt ?? this.now(), optedOut: false };
			this.members.set(key, member);
		} else if (opts.createdAt !== undefined) {
			member.createdAt = opts.createdAt;
		}
		if (opts.fields) Object.assign(member.fields, opts.fields);
		if (opts.firstName !== undefined) member.fields.first_name = opts.firstName;
		if (opts.lastName !== undefined) member.fields.last_name = opts.lastName;
		for (const name of opts.lists ?? []) this.createList(name).members.add(key);
		return member;
	}

	/** Marks a member opted out at `at` (ms); creates the member when missing. */
	optOut(email: string, at: number): void {
		const member = this.getMember(email) ?? this.addMember(email, { createdAt: at });
		member.optedOut = true;
		member.suppressedAt = at;
	}

	/**
	 * Imports CSV text: the `email` column is required (header names are case-insensitive);
	 * rows without an email are skipped; `add_list` joins a list (created when missing); an
	 * `opt out` / `opt-out` value of 1 opts the member out. Every other non-empty column is merged
	 * into the member's fields. Records and returns an ImportRecord.
	 */
	importCsv(csv: string, at: number = this.now()): ImportRecord {
		const parsed = parseCsv(csv);
		const emailIdx = parsed.keys.indexOf('email');
		if (emailIdx === -1) throw new ApiError(400, 'CSV must contain an email column');
		const rows = csvRecords(parsed);
		const fieldKeys = parsed.keys.filter((k) => k !== '' && !RESERVED_COLUMNS.has(k));
		const hasOptOut = parsed.keys.includes('opt out') || parsed.keys.includes('opt-out');
		for (const row of rows) {
			const email = (row.email ?? '').trim();
			if (email === '') continue;
			const key = email.toLowerCase();
			let member = this.members.get(key);
			if (!member) {
				member = { email, fields: {}, createdAt: at, optedOut: false };
				this.members.set(key, member);
			}
			for (const k of fieldKeys) {
				const v = row[k];
				if (v !== undefined && v !== '') member.fields[k] = v;
			}
			const listName = (row.add_list ?? '').trim();
			if (listName !== '') this.createList(listName).members.add(key);
			if (hasOptOut) {
				const flag = ((row['opt out'] ?? '') || (row['opt-out'] ?? '')).trim();
				if (flag === '1') {
					member.optedOut = true;
					member.suppressedAt = at;
				}
			}
		}
		const record: ImportRecord = { id: this.nextImportId++, csv, rows, at };
		this.imports.push(record);
		return record;
	}

	// ---------------------------------------------------------------- promotions and mailings

	/**
	 * Promotions in the order the service lists them: newest first (by id, descending), as in the
	 * recorded promotions document (trashed ones included unless asked).
	 */
	promotionsNewestFirst(includeTrashed = false): Promotion[] {
		return this.promotionsById(includeTrashed).reverse();
	}

	/** Promotions ordered by id (trashed ones included unless asked). */
	promotionsById(includeTrashed = false): Promotion[] {
		return [...this.promotions.values()]
			.filter((p) => includeTrashed || !p.trashed)
			.sort((a, b) => a.id - b.id);
	}

	/** The non-trashed promotion of exactly that name. */
	findPromotionByName(name: string): Promotion | undefined {
		for (const p of this.promotions.values()) if (!p.trashed && p.name === name) return p;
		return undefined;
	}

	addPromotion(name: string, opts: AddPromotionOptions = {}): Promotion {
		const id = opts.id ?? this.nextPromotionId;
		if (id >= this.nextPromotionId) this.nextPromotionId = id + 1;
		const mimio = opts.mimio ?? defaultMimio(id);
		const promotion: Promotion = {
			id,
			name,
			mimio,
			updatedAt: opts.updatedAt ?? this.now(),
			rawHtml: opts.rawHtml,
			rawPlainText: opts.rawPlainText,
			url: opts.url,
			hidden: opts.hidden ?? false,
			thumbnail: opts.thumbnail ?? thumbnailFor(mimio),
			trashed: opts.trashed ?? false,
			mailings: [],
		};
		this.promotions.set(id, promotion);
		return promotion;
	}

	addMailing(promotionId: number, opts: AddMailingOptions = {}): Mailing {
		const promotion = this.promotions.get(promotionId);
		if (!promotion) throw new Error(`No promotion ${promotionId}`);
		const id = opts.id ?? this.nextMailingId;
		if (id >= this.nextMailingId) this.nextMailingId = id + 1;
		const now = this.now();
		const startedSend = opts.unsent ? undefined : (opts.startedSend ?? now - 15 * 60_000);
		const finishedSend = opts.unsent
			? undefined
			: (opts.finishedSend ?? (startedSend !== undefined ? startedSend + 10 * 60_000 : now));
		const mailing: Mailing = {
			id,
			subject: opts.subject ?? promotion.name,
			allAudience: opts.allAudience ?? false,
			startedSend,
			finishedSend,
			stats: { ...emptyStats(), ...opts.stats },
			links: (opts.links ?? []).map((l) => ({
				id: this.nextLinkId++,
				url: l.url,
				clicks: l.clicks ?? 0,
				uniqueClicks: l.uniqueClicks ?? 0,
			})),
			recipients: emptyRecipients(),
		};
		promotion.mailings.push(mailing);
		return mailing;
	}

	getMailing(promotionId: number, mailingId: number): Mailing | undefined {
		return this.promotions.get(promotionId)?.mailings.find((m) => m.id === mailingId);
	}

	/** Appends one recipient to an outcome list (no counter changes). */
	addRecipient(promotionId: number, mailingId: number, outcome: Outcome, recipient: Recipient): void {
		const mailing = this.getMailing(promotionId, mailingId);
		if (!mailing) throw new Error(`No mailing ${mailingId} in promotion ${promotionId}`);
		mailing.recipients[outcome].push(recipient);
	}

	/**
	 * Adds `count` generated recipients to an outcome list and raises the matching counter by
	 * `count`. For outcomes other than `sent`, recipients are taken from the `sent` list in order
	 * (continuing after the ones already in that outcome) while there are any; beyond that they are
	 * generated as `recipient<N>.m<mailing>@example.com`. Linear in `count`.
	 */
	seedRecipients(promotionId: number, mailingId: number, outcome: Outcome, count: number): void {
		const mailing = this.getMailing(promotionId, mailingId);
		if (!mailing) throw new Error(`No mailing ${mailingId} in promotion ${promotionId}`);
		const target = mailing.recipients[outcome];
		const sent = mailing.recipients.sent;
		const base = mailing.startedSend ?? this.now();
		const start = target.length;
		for (let i = 0; i < count; i++) {
			const n = start + i;
			const at = outcome === 'sent' ? base + n * 50 : base + 60_000 + n * 1000;
			if (outcome !== 'sent' && n < sent.length) {
				const s = sent[n];
				target.push({ email: s.email, firstName: s.firstName, lastName: s.lastName, at });
				continue;
			}
			const lastName = LAST_NAMES[n % LAST_NAMES.length];
			target.push({
				email: `recipient${n + 1}.m${mailingId}@example.com`,
				firstName: FIRST_NAMES[n % FIRST_NAMES.length],
				lastName: lastName === '' ? undefined : lastName,
				at,
			});
		}
		mailing.stats[OUTCOME_COUNTER[outcome]] += count;
	}

	// ---------------------------------------------------------------- child accounts

	/** A 32-hex-digit API key, derived deterministically from the email and a counter. */
	makeApiKey(email: string): string {
		let n = 0;
		for (;;) {
			const key = createHash('md5').update(`${email.toLowerCase()}#${n}`).digest('hex');
			let taken = false;
			for (const p of this.participants.values()) if (p.apiKey === key) taken = true;
			if (!taken) return key;
			n++;
		}
	}

	// ---------------------------------------------------------------- snapshot

	/** A JSON-ready copy of the whole state (Sets and Maps as arrays). */
	snapshot(): Record<string, unknown> {
		return {
			now: this.now(),
			lists: this.listsById().map((l) => ({ ...l, members: [...l.members] })),
			members: [...this.members.values()],
			promotions: this.promotionsById(true),
			addons: this.addons,
			analyticsDomains: this.analyticsDomains,
			socialLinkDefs: this.socialLinkDefs,
			socialLinks: this.socialLinks,
			participants: [...this.participants.values()],
			dripCampaigns: this.dripCampaigns,
			signups: [...this.signups.values()],
			imports: this.imports,
			transactional: this.transactional,
			nextIds: {
				list: this.nextListId,
				promotion: this.nextPromotionId,
				mailing: this.nextMailingId,
				link: this.nextLinkId,
				import: this.nextImportId,
			},
		};
	}
}
