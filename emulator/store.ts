/**
 * The emulated account's state. Tests read and write it directly; the server works on it.
 */
import { createHash } from 'node:crypto';

import { csvRecords, parseCsv } from './csv';
import {
	ApiError,
	MAILER_STATUSES,
	STANDARD_MEMBER_FIELDS,
	STAT_NAMES,
	defaultMimio,
	fieldElementName,
	thumbnailFor,
} from './model';
import type {
	AddMailingOptions,
	AddMemberOptions,
	AddPromotionOptions,
	Addon,
	AudienceList,
	DripCampaign,
	ImportRecord,
	ListSend,
	MailerStatus,
	Mailing,
	MailingStats,
	Member,
	Outcome,
	Participant,
	Promotion,
	Recipient,
	Signup,
	SocialLinkDef,
	Transaction,
	TransactionalCount,
} from './model';
import { addGeneratedRecipients, emptyRecipients } from './recipients';

function emptyStats(): MailingStats {
	return Object.fromEntries(STAT_NAMES.map((name) => [name, 0])) as MailingStats;
}

const TRANSACTION_ID_STEP = 9_091_799_842_964n; // the distance between two recorded ids
const MIN_TRANSACTION_ID = 10_000_000_000_000_000_000n;
const MAX_TRANSACTION_ID = 99_999_999_999_999_999_999n;

/** Field names that are never custom fields (`name` is the member's full name: in the JSON only). */
const NOT_CUSTOM = new Set<string>([...STANDARD_MEMBER_FIELDS, 'name', 'suppressed', 'lists']);

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
	/** Transactional emails (POST /mailer), in order. */
	transactions: Transaction[] = [];
	/** Sends to lists or to everyone (POST /mailer/to_list, /mailer/to_all), in order. */
	sends: ListSend[] = [];
	/**
	 * Every custom field the account ever had, as element names (see fieldElementName), in the
	 * order they appeared; every member shows each of them in the members documents. Settable.
	 */
	customFieldNames: string[] = [];

	/** Next ids handed out (tests may set them). */
	nextListId = 101;
	nextPromotionId = 1;
	nextMailingId = 31;
	nextLinkId = 1;
	nextImportId = 6021;
	/** The next transaction id: 20 digits, as text (see takeTransactionId). */
	nextTransactionId = '10199230844895592240';
	nextMemberId = 7130012110;

	/** The service's notion of "now" (the emulator passes its clock). */
	constructor(readonly now: () => number = Date.now) {}

	// ---------------------------------------------------------------- lists and members

	/** Creates a list, or returns the existing one of that (case-sensitive) name. */
	createList(name: string, displayName = ''): AudienceList {
		const existing = this.lists.get(name);
		if (existing) return existing;
		const list: AudienceList = {
			id: this.nextListId++,
			name,
			displayName,
			members: new Set(),
			membershipCreatedAt: new Map(),
		};
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

	/** A new member (not stored yet), with its id. */
	private newMember(email: string, createdAt: number): Member {
		return { email, fields: {}, createdAt, optedOut: false, id: this.nextMemberId++ };
	}

	/** The member's id, given now when it has none (a member put straight into `members`). */
	memberId(member: Member): number {
		if (member.id === undefined) member.id = this.nextMemberId++;
		return member.id;
	}

	/** Adds or updates a member (fields merged), optionally joining lists (created when missing). */
	addMember(email: string, opts: AddMemberOptions = {}): Member {
		const trimmed = email.trim();
		const key = trimmed.toLowerCase();
		let member = this.members.get(key);
		const created = !member;
		if (!member) {
			member = this.newMember(trimmed, opts.createdAt ?? this.now());
			this.members.set(key, member);
		} else if (opts.createdAt !== undefined) {
			member.createdAt = opts.createdAt;
		}
		if (opts.fields) {
			Object.assign(member.fields, opts.fields);
			this.noteCustomFields(Object.keys(opts.fields));
		}
		if (opts.firstName !== undefined) member.fields.first_name = opts.firstName;
		if (opts.lastName !== undefined) member.fields.last_name = opts.lastName;
		const joinedAt =
			opts.membershipCreatedAt ??
			(created || opts.createdAt !== undefined ? member.createdAt : this.now());
		for (const name of opts.lists ?? []) this.joinList(this.createList(name), key, joinedAt);
		return member;
	}

	/** Puts a member (by email) on a list, noting when; a member on it already keeps its date. */
	joinList(list: AudienceList, email: string, at: number = this.now()): void {
		const key = email.trim().toLowerCase();
		if (list.members.has(key) && list.membershipCreatedAt.has(key)) return;
		list.members.add(key);
		list.membershipCreatedAt.set(key, at);
	}

	/** Takes a member (by email) off a list. */
	leaveList(list: AudienceList, email: string): void {
		const key = email.trim().toLowerCase();
		list.members.delete(key);
		list.membershipCreatedAt.delete(key);
	}

	/** When the member joined the list (its createdAt when the membership has no date). */
	membershipCreatedAt(list: AudienceList, member: Member): number {
		return list.membershipCreatedAt.get(member.email.toLowerCase()) ?? member.createdAt;
	}

	/** Adds the element names of these field keys to the account's custom fields (standard ones are not). */
	noteCustomFields(keys: Iterable<string>): void {
		for (const key of keys) {
			const name = fieldElementName(key);
			if (!NOT_CUSTOM.has(name) && !this.customFieldNames.includes(name))
				this.customFieldNames.push(name);
		}
	}

	/** Marks a member opted out at `at` (ms); creates the member when missing. */
	optOut(email: string, at: number): void {
		const member = this.getMember(email) ?? this.addMember(email, { createdAt: at });
		member.optedOut = true;
		member.suppressedAt = at;
	}

	/**
	 * Opts a member back in (DELETE /suppressed_audience_members/{email}): no longer suppressed,
	 * gone from suppressed_since. Answers the member, or undefined when there is none.
	 */
	unsuppress(email: string): Member | undefined {
		const member = this.getMember(email);
		if (!member) return undefined;
		member.optedOut = false;
		member.suppressedAt = undefined;
		return member;
	}

	/**
	 * Changes a member's address (POST /audience_members/{email}/update_email): it keeps its fields,
	 * lists (and their dates), creation date and suppression. Throws ApiError when there is no such
	 * member (400 `Member <email> does not exist`, recorded) or another member has the new address.
	 */
	changeEmail(email: string, newEmail: string): Member {
		const oldKey = email.trim().toLowerCase();
		const member = this.members.get(oldKey);
		if (!member) throw new ApiError(400, `Member ${email.trim()} does not exist`);
		const trimmed = newEmail.trim();
		const newKey = trimmed.toLowerCase();
		if (newKey !== oldKey && this.members.has(newKey))
			throw new ApiError(400, 'Email has already been taken');
		member.email = trimmed;
		if (newKey === oldKey) return member;
		this.members.delete(oldKey);
		this.members.set(newKey, member);
		for (const list of this.lists.values()) {
			if (!list.members.has(oldKey)) continue;
			const at = list.membershipCreatedAt.get(oldKey);
			this.leaveList(list, oldKey);
			list.members.add(newKey);
			if (at !== undefined) list.membershipCreatedAt.set(newKey, at);
		}
		return member;
	}

	/**
	 * Renames a list (it keeps its id, members and their dates; child accounts' permissions follow).
	 * Throws ApiError 404 ` ` for an unknown list, 400 for a blank or taken name.
	 */
	renameList(name: string, newName: string): AudienceList {
		const list = this.lists.get(name);
		if (!list) throw new ApiError(404, ' ');
		const to = newName.trim();
		if (to === '') throw new ApiError(400, "Name can't be blank");
		if (to === name) return list;
		if (this.lists.has(to)) throw new ApiError(400, 'Name has already been taken');
		this.lists.delete(name);
		list.name = to;
		this.lists.set(to, list);
		for (const p of this.participants.values()) {
			for (const cat of ['full', 'read', 'none'] as const)
				p.permissions[cat] = p.permissions[cat].map((n) => (n === name ? to : n));
		}
		return list;
	}

	// ---------------------------------------------------------------- the Mailer

	/**
	 * Hands out the next transaction id: always 20 digits, as text (it is larger than a JavaScript
	 * number holds exactly). Deterministic: from `nextTransactionId`, rising by a fixed step (after
	 * 99999999999999999999 it starts again at 10000000000000000000).
	 */
	takeTransactionId(): string {
		if (!/^\d{20}$/.test(this.nextTransactionId))
			throw new Error(`nextTransactionId must be 20 digits, not ${this.nextTransactionId}`);
		const id = BigInt(this.nextTransactionId);
		let next = id + TRANSACTION_ID_STEP;
		if (next > MAX_TRANSACTION_ID) next = MIN_TRANSACTION_ID + (next - MAX_TRANSACTION_ID - 1n);
		this.nextTransactionId = next.toString();
		return id.toString();
	}

	getTransaction(id: string): Transaction | undefined {
		return this.transactions.find((t) => t.id === id.trim());
	}

	/** Sets a transaction's delivery status (tests: as the service would over time). */
	setTransactionStatus(id: string, status: MailerStatus): void {
		if (!(MAILER_STATUSES as readonly string[]).includes(status)) {
			throw new Error(
				`Unknown mailer status ${String(status)}: one of ${MAILER_STATUSES.join(', ')}`,
			);
		}
		const transaction = this.getTransaction(id);
		if (!transaction) throw new Error(`No transaction ${id}`);
		transaction.status = status;
	}

	/** Counts one transactional email of a promotion on a day (YYYY-MM-DD) for transactional_count. */
	countTransactional(promotionName: string, date: string): void {
		const entry = this.transactional.find(
			(t) => t.promotionName === promotionName && t.date === date,
		);
		if (entry) entry.count++;
		else this.transactional.push({ promotionName, date, count: 1 });
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
		this.noteCustomFields(fieldKeys);
		const hasOptOut = parsed.keys.includes('opt out') || parsed.keys.includes('opt-out');
		for (const row of rows) {
			const email = (row.email ?? '').trim();
			if (email === '') continue;
			const key = email.toLowerCase();
			let member = this.members.get(key);
			if (!member) {
				member = this.newMember(email, at);
				this.members.set(key, member);
			}
			for (const k of fieldKeys) {
				const v = row[k];
				if (v !== undefined && v !== '') member.fields[k] = v;
			}
			const listName = (row.add_list ?? '').trim();
			if (listName !== '') this.joinList(this.createList(listName), key, at);
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
	addRecipient(
		promotionId: number,
		mailingId: number,
		outcome: Outcome,
		recipient: Recipient,
	): void {
		const mailing = this.getMailing(promotionId, mailingId);
		if (!mailing) throw new Error(`No mailing ${mailingId} in promotion ${promotionId}`);
		mailing.recipients[outcome].push(recipient);
	}

	/** Adds `count` generated recipients to an outcome list and raises its counter (recipients.ts). */
	seedRecipients(promotionId: number, mailingId: number, outcome: Outcome, count: number): void {
		const mailing = this.getMailing(promotionId, mailingId);
		if (!mailing) throw new Error(`No mailing ${mailingId} in promotion ${promotionId}`);
		addGeneratedRecipients(mailing, outcome, count, this.now());
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
			lists: this.listsById().map((l) => ({
				...l,
				members: [...l.members],
				membershipCreatedAt: Object.fromEntries(l.membershipCreatedAt),
			})),
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
			transactions: this.transactions,
			sends: this.sends,
			customFieldNames: this.customFieldNames,
			nextIds: {
				list: this.nextListId,
				promotion: this.nextPromotionId,
				mailing: this.nextMailingId,
				link: this.nextLinkId,
				import: this.nextImportId,
				transaction: this.nextTransactionId,
				member: this.nextMemberId,
			},
		};
	}
}
