/**
 * The answers about the account's extras: addons, analytics domains, social links, child accounts
 * (participants) and drip campaigns. Every document here is a guess: no recording shows its names
 * (the second vocabulary applies). How they are written: render.ts.
 */
import type { Addon, DripCampaign, Participant, SocialLinkDef } from './model';
import { attrs, rootDocument, textEl } from './render';
import type { AnswerContext } from './render';

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
					? ctx.alt('empty:drips')
						? '<drips></drips>'
						: '<drips/>'
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
