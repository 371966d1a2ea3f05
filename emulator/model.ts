/**
 * What the emulated account holds: lists, members, promotions and their mailings, addons,
 * child accounts, drip campaigns, sign-up forms, imports and transactional emails, as the store
 * (store.ts) keeps them and the routes render them; the service's fixed vocabularies (mailer
 * statuses, mailing outcomes, the standard member fields) and the error a route answers with.
 */
import { createHash } from 'node:crypto';

export interface AudienceList {
	id: number;
	name: string;
	displayName: string;
	/** Lower-cased emails. */
	members: Set<string>;
	/**
	 * When each member joined the list (ms), by lower-cased email: the `membership_created_at` of
	 * the members documents. A membership added straight to `members` has none: the member's
	 * `createdAt` stands in.
	 */
	membershipCreatedAt: Map<string, number>;
}

export interface Member {
	email: string;
	/**
	 * Every CSV column except email, add_list and opt out, keyed by the lower-cased header; also
	 * the fields set by PUT /audience_members/{email}. A field set to '' was cleared (written
	 * `<x></x>` in the members documents); a field never set is missing (written `<x/>`).
	 */
	fields: Record<string, string>;
	createdAt: number;
	optedOut: boolean;
	suppressedAt?: number;
	/** The service's numeric id (the `id` of the unsuppress JSON); given on creation. */
	id?: number;
}

/** The delivery statuses of a transactional email (recorded: GET /mailers/status/{id}). */
export const MAILER_STATUSES = [
	'ignorant',
	'sending',
	'failed',
	'sent',
	'received',
	'clicked_through',
	'bounced',
	'retried',
	'retry_failed',
	'forwarded',
	'opted_out',
	'abused',
] as const;
export type MailerStatus = (typeof MAILER_STATUSES)[number];

/** A transactional email sent through POST /mailer. */
export interface Transaction {
	/** 20 digits, more than a JavaScript number holds exactly: always text. */
	id: string;
	promotionName: string;
	recipient: { email: string; name?: string };
	/** The request's parameters (without the credentials). */
	params: Record<string, string>;
	/** The `body` as the service reads it: YAML 1.1 (unquoted `yes` → true, `10:30` → 630, ...). */
	placeholders?: Record<string, unknown>;
	status: MailerStatus;
	at: number;
}

/** A send to lists or to the whole audience (POST /mailer/to_list, /mailer/to_all). */
export interface ListSend {
	mailingId: number;
	promotionName: string;
	/** 'all', or the list names read from the CSV row of `list_name`. */
	audience: 'all' | string[];
	params: Record<string, string>;
	placeholders?: Record<string, unknown>;
	/** The addresses it went to, each once. */
	recipients: string[];
	at: number;
}

/**
 * The fields every member has in the members documents, in the recorded order (`email` and
 * `created_at` come from the member itself). Any other field is a custom field.
 */
export const STANDARD_MEMBER_FIELDS = [
	'first_name',
	'last_name',
	'email',
	'created_at',
	'city',
	'phone',
	'company',
	'title',
	'address',
	'state',
	'zip',
	'country',
	'confirmed',
] as const;

/**
 * The element name a field key is written under: lower-cased and trimmed, every run of characters
 * not allowed in an XML name (a space too) as one `_`, a leading digit, dot or dash after a `_`.
 * So an imported `first name` column is the member's `first_name`.
 */
export function fieldElementName(key: string): string {
	let name = key
		.trim()
		.toLowerCase()
		.replace(/[^a-z0-9_.-]+/g, '_');
	if (name === '') return '_';
	if (!/^[a-z_]/.test(name)) name = `_${name}`;
	return name;
}

/** The outcomes of a mailing's recipients: one paged statistics list each (`sent.xml`, ...). */
export const OUTCOMES = [
	'sent',
	'read',
	'clicked_thru',
	'unopened',
	'opt_out',
	'bounced',
	'forwarded',
	'abused',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** A mailing's counters, in the order of the statistics document. */
export const STAT_NAMES = [
	'sent',
	'views',
	'untraced',
	'clicked',
	'forwarded',
	'bounced',
	'unsubscribed',
	'abused',
] as const;
export type MailingStats = Record<(typeof STAT_NAMES)[number], number>;

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

interface Drip {
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

interface SignupField {
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
	/**
	 * When the member joins the `lists` of this call (default: its `createdAt` when the call creates
	 * it or gives `createdAt`, else the clock). A list it is on already keeps its date.
	 */
	membershipCreatedAt?: number;
}

/**
 * A new promotion's values. Defaults: the next id, a mimio of 6 hex digits derived from the id
 * (defaultMimio), the clock, not hidden, the service's snapshot address of the mimio (thumbnailFor),
 * not trashed.
 */
export type AddPromotionOptions = Partial<Omit<Promotion, 'name' | 'mailings'>>;

/**
 * A new mailing's values. Defaults: the next id, the promotion's name as subject, not to all;
 * sent 15 minutes ago in 10 minutes, unless `unsent` (no started/finished send). `stats.sent` is
 * also the mailing's `count` in the promotions document.
 */
export interface AddMailingOptions
	extends Partial<
		Pick<Mailing, 'id' | 'subject' | 'allAudience' | 'startedSend' | 'finishedSend'>
	> {
	unsent?: boolean;
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
