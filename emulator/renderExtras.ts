/**
 * The answers about the account's extras: addons, analytics domains, social links, child accounts
 * (participants) and drip campaigns. Every document here is a guess: no recording shows its names
 * (the second vocabulary applies). How they are written: render.ts.
 */
import type { Addon, DripCampaign, Participant, SocialLinkDef } from './model';
import { el, rootDocument, textEl } from './render';
import type { AnswerContext } from './render';

export function renderAvailableAddons(addons: Addon[], ctx: AnswerContext): string {
	const addon = ({ id, key, name, paid, description }: Addon) =>
		el('addon', { id, key, name, paid }, textEl('description', description, 'long'));
	return rootDocument('addons', addons.map(addon), ctx);
}

export function renderAddons(addons: Addon[], ctx: AnswerContext): string {
	const addon = ({ id, key, name, status }: Addon) => el('addon', { id, key, name, status });
	return rootDocument('addons', addons.map(addon), ctx);
}

export function renderAnalyticsDomains(domains: string[], ctx: AnswerContext): string {
	const domain = (d: string) => textEl('domain', d);
	return rootDocument('google_analytics', domains.map(domain), ctx);
}

export function renderSocialLinkDefs(defs: SocialLinkDef[], ctx: AnswerContext): string {
	const def = ({ key, name, description, formatting }: SocialLinkDef) =>
		el('social_link', { key, name, description, formatting });
	return rootDocument('social_links', defs.map(def), ctx);
}

export interface UserSocialLink {
	key: string;
	name: string;
	url: string;
}

export function renderSocialLinks(links: UserSocialLink[], ctx: AnswerContext): string {
	const link = ({ key, name, url }: UserSocialLink) => el('social_link', { key, name, url });
	return rootDocument('social_links', links.map(link), ctx);
}

export function renderParticipants(participants: Participant[], ctx: AnswerContext): string {
	const participant = (p: Participant) =>
		el('participant', {
			email: p.email,
			first_name: p.firstName,
			last_name: p.lastName,
			organization_name: p.organizationName,
			created_at: ctx.date(p.createdAt),
		});
	return rootDocument('participants', participants.map(participant), ctx);
}

export function renderDripCampaigns(campaigns: DripCampaign[], ctx: AnswerContext): string {
	const campaign = (c: DripCampaign) => {
		const drips = c.drips.map((d) =>
			el('drip', { id: d.id, name: d.name, delay_days: d.delayDays, promotion_id: d.promotionId }),
		);
		const dripsEl =
			drips.length > 0
				? `<drips>${drips.join('')}</drips>`
				: ctx.alt('empty:drips')
					? '<drips></drips>'
					: '<drips/>';
		const { id, name, status } = c;
		return el('drip_campaign', { id, name, status, created_at: ctx.date(c.createdAt) }, dripsEl);
	};
	return rootDocument('drip_campaigns', campaigns.map(campaign), ctx);
}
