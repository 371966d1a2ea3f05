/**
 * Rendering of the service's answers: XML documents, JSON and plain text, with the variations the
 * real service shows (date offsets rotating between answers, `<x/>` versus `<x></x>`, blank
 * answers as '' or ' ').
 */
import { DATE_STYLES, formatServiceDate } from './dates';
import type { DateStyle } from './dates';
import type {
	Addon,
	AudienceList,
	DripCampaign,
	Mailing,
	MailingLink,
	Participant,
	Promotion,
	Recipient,
	SocialLinkDef,
} from './store';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const XML_TYPE = 'application/xml; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';
/** The real service sends its plain-text answers with this type. */
export const TEXT_TYPE = 'text/html; charset=utf-8';

/** Per-emulator counters that make answers vary deterministically. */
export class Variation {
	private dateIndex = 0;
	private readonly toggles = new Map<string, number>();

	/** The next date style in the rotation. */
	nextDateStyle(): DateStyle {
		const style = DATE_STYLES[this.dateIndex % DATE_STYLES.length];
		this.dateIndex++;
		return style;
	}

	/** Alternates false, true, false, ... per key. */
	alternate(key: string): boolean {
		const n = this.toggles.get(key) ?? 0;
		this.toggles.set(key, n + 1);
		return n % 2 === 1;
	}

	reset(): void {
		this.dateIndex = 0;
		this.toggles.clear();
	}
}

/** Rendering context of one answer: one date style for the whole answer, picked on first use. */
export class AnswerContext {
	private style: DateStyle | undefined;

	constructor(private readonly variation: Variation) {}

	date(ms: number): string {
		if (this.style === undefined) this.style = this.variation.nextDateStyle();
		return formatServiceDate(ms, this.style);
	}

	alt(key: string): boolean {
		return this.variation.alternate(key);
	}
}

// Characters not allowed in XML 1.0 documents.
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(value: string): string {
	return value
		.replace(INVALID_XML_CHARS, '')
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&apos;');
}

function escapeAttr(value: string): string {
	return escapeXml(value).replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

type AttrValue = string | number | boolean | undefined | null;

export function attrs(pairs: [string, AttrValue][]): string {
	let out = '';
	for (const [name, value] of pairs) out += ` ${name}="${escapeAttr(value == null ? '' : String(value))}"`;
	return out;
}

/** `<name>text</name>`, or an empty element when the text is empty/missing. */
export function textEl(name: string, value: AttrValue, emptyForm: 'short' | 'long' = 'short'): string {
	if (value == null || value === '') return emptyForm === 'short' ? `<${name}/>` : `<${name}></${name}>`;
	return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** A root element with its children one per line, or an empty root in one of the two forms. */
function rootDocument(name: string, children: string[], ctx: AnswerContext, rootAttrs = ''): string {
	if (children.length === 0) {
		return XML_DECLARATION + (ctx.alt(`empty:${name}`) ? `<${name}${rootAttrs}/>` : `<${name}${rootAttrs}></${name}>`);
	}
	return `${XML_DECLARATION}<${name}${rootAttrs}>\n${children.map((c) => `  ${c}`).join('\n')}\n</${name}>`;
}

// ---------------------------------------------------------------- audience

export function renderLists(lists: AudienceList[], ctx: AnswerContext): string {
	return rootDocument(
		'lists',
		lists.map(
			(l) =>
				`<list${attrs([
					['subscriber_count', l.members.size],
					['display_name', l.displayName],
					['name', l.name],
					['id', l.id],
				])}/>`,
		),
		ctx,
	);
}

export interface PromotionAttempt {
	promotion: Promotion;
	mailing: Mailing;
	sentAt: number;
	viewed: boolean;
	clicked: boolean;
	bounced: boolean;
	unsubscribed: boolean;
	forwarded: boolean;
	abused: boolean;
}

export function renderPromotionAttempts(attempts: PromotionAttempt[], ctx: AnswerContext): string {
	return rootDocument(
		'promotion_attempts',
		attempts.map(
			(a) =>
				`<promotion_attempt${attrs([
					['promotion_id', a.promotion.id],
					['mailing_id', a.mailing.id],
					['promotion_name', a.promotion.name],
					['sent_at', ctx.date(a.sentAt)],
					['viewed', a.viewed],
					['clicked', a.clicked],
					['bounced', a.bounced],
					['unsubscribed', a.unsubscribed],
					['forwarded', a.forwarded],
					['abused', a.abused],
				])}/>`,
		),
		ctx,
	);
}

// ---------------------------------------------------------------- promotions

function renderMailingSummary(m: Mailing, ctx: AnswerContext): string {
	const started = m.startedSend === undefined ? '<started_send/>' : textEl('started_send', ctx.date(m.startedSend));
	const finished =
		m.finishedSend === undefined ? '<finished_send></finished_send>' : textEl('finished_send', ctx.date(m.finishedSend));
	return `<mailing${attrs([['id', m.id]])}>${started}${finished}</mailing>`;
}

function renderPromotion(p: Promotion, ctx: AnswerContext): string {
	const mailings = [...p.mailings].sort((a, b) => a.id - b.id);
	const inner =
		mailings.length === 0
			? ctx.alt('empty:mailings')
				? '<mailings></mailings>'
				: '<mailings/>'
			: `<mailings>${mailings.map((m) => renderMailingSummary(m, ctx)).join('')}</mailings>`;
	return `<promotion${attrs([
		['id', p.id],
		['name', p.name],
		['updated_at', ctx.date(p.updatedAt)],
		['hidden', p.hidden],
		['thumbnail', p.thumbnail],
	])}>${inner}</promotion>`;
}

/** The promotions document; an empty one is always `<promotions></promotions>`. */
export function renderPromotions(promotions: Promotion[], ctx: AnswerContext): string {
	if (promotions.length === 0) return `${XML_DECLARATION}<promotions></promotions>`;
	return rootDocument(
		'promotions',
		promotions.map((p) => renderPromotion(p, ctx)),
		ctx,
	);
}

export function promotionsJson(promotions: Promotion[], ctx: AnswerContext): unknown[] {
	return promotions.map((p) => ({
		id: p.id,
		name: p.name,
		updated_at: ctx.date(p.updatedAt),
		hidden: p.hidden,
		thumbnail: p.thumbnail,
		mailings: [...p.mailings]
			.sort((a, b) => a.id - b.id)
			.map((m) => ({
				id: m.id,
				started_send: m.startedSend === undefined ? null : ctx.date(m.startedSend),
				finished_send: m.finishedSend === undefined ? null : ctx.date(m.finishedSend),
			})),
	}));
}

// ---------------------------------------------------------------- statistics

function renderLinkElements(links: MailingLink[]): string {
	return links
		.map(
			(l) =>
				`<link><id>${l.id}</id>${textEl('url', l.url)}<clicks>${l.clicks}</clicks><unique_clicks>${l.uniqueClicks}</unique_clicks></link>`,
		)
		.join('');
}

export function renderMailingStats(m: Mailing): string {
	const s = m.stats;
	const links = m.links.length === 0 ? '<links/>' : `<links>${renderLinkElements(m.links)}</links>`;
	return (
		`${XML_DECLARATION}<mailing><sent>${s.sent}</sent><views>${s.views}</views><untraced>${s.untraced}</untraced>` +
		`<clicked>${s.clicked}</clicked>${links}<forwarded>${s.forwarded}</forwarded><bounced>${s.bounced}</bounced>` +
		`<unsubscribed>${s.unsubscribed}</unsubscribed><abused>${s.abused}</abused></mailing>`
	);
}

export function renderLinks(links: MailingLink[], ctx: AnswerContext): string {
	if (links.length === 0) return XML_DECLARATION + (ctx.alt('empty:links') ? '<links/>' : '<links></links>');
	return `${XML_DECLARATION}<links>${renderLinkElements(links)}</links>`;
}

export function renderRecipients(page: number, perPage: number, recipients: Recipient[], ctx: AnswerContext): string {
	const rootAttrs = attrs([
		['page', page],
		['per_page', perPage],
	]);
	if (recipients.length === 0) return `${XML_DECLARATION}<recipients${rootAttrs}/>`;
	const items = recipients.map(
		(r) =>
			`<recipient>${textEl('email', r.email)}${textEl('first_name', r.firstName)}${textEl('last_name', r.lastName)}` +
			`${textEl('created_at', ctx.date(r.at))}</recipient>`,
	);
	return `${XML_DECLARATION}<recipients${rootAttrs}>\n  ${items.join('\n  ')}\n</recipients>`;
}

// ---------------------------------------------------------------- account extras

export function renderAvailableAddons(addons: Addon[], ctx: AnswerContext): string {
	return rootDocument(
		'addons',
		addons.map(
			(a) =>
				`<addon${attrs([
					['id', a.id],
					['key', a.key],
					['name', a.name],
					['paid', a.paid],
				])}>${textEl('description', a.description, 'long')}</addon>`,
		),
		ctx,
	);
}

export function renderAddons(addons: Addon[], ctx: AnswerContext): string {
	return rootDocument(
		'addons',
		addons.map(
			(a) =>
				`<addon${attrs([
					['id', a.id],
					['key', a.key],
					['name', a.name],
					['status', a.status],
				])}/>`,
		),
		ctx,
	);
}

export function renderAnalyticsDomains(domains: string[], ctx: AnswerContext): string {
	return rootDocument(
		'google_analytics',
		domains.map((d) => textEl('domain', d)),
		ctx,
	);
}

export function renderSocialLinkDefs(defs: SocialLinkDef[], ctx: AnswerContext): string {
	return rootDocument(
		'social_links',
		defs.map(
			(d) =>
				`<social_link${attrs([
					['key', d.key],
					['name', d.name],
					['description', d.description],
					['formatting', d.formatting],
				])}/>`,
		),
		ctx,
	);
}

export interface UserSocialLink {
	key: string;
	name: string;
	url: string;
}

export function renderSocialLinks(links: UserSocialLink[], ctx: AnswerContext): string {
	return rootDocument(
		'social_links',
		links.map(
			(l) =>
				`<social_link${attrs([
					['key', l.key],
					['name', l.name],
					['url', l.url],
				])}/>`,
		),
		ctx,
	);
}

export function renderParticipants(participants: Participant[], ctx: AnswerContext): string {
	return rootDocument(
		'participants',
		participants.map(
			(p) =>
				`<participant${attrs([
					['email', p.email],
					['first_name', p.firstName],
					['last_name', p.lastName],
					['organization_name', p.organizationName],
					['created_at', ctx.date(p.createdAt)],
				])}/>`,
		),
		ctx,
	);
}

export function renderDripCampaigns(campaigns: DripCampaign[], ctx: AnswerContext): string {
	return rootDocument(
		'drip_campaigns',
		campaigns.map((c) => {
			const drips =
				c.drips.length === 0
					? '<drips/>'
					: `<drips>${c.drips
							.map(
								(d) =>
									`<drip${attrs([
										['id', d.id],
										['name', d.name],
										['delay_days', d.delayDays],
										['promotion_id', d.promotionId],
									])}/>`,
							)
							.join('')}</drips>`;
			return `<drip_campaign${attrs([
				['id', c.id],
				['name', c.name],
				['status', c.status],
				['created_at', ctx.date(c.createdAt)],
			])}>${drips}</drip_campaign>`;
		}),
		ctx,
	);
}
