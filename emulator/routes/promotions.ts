/**
 * Promotions (list, search, save, trash, transactional count) and mailing statistics.
 */
import { parseDay, parseSearchDateTime } from '../dates';
import {
	promotionsJson,
	renderLinks,
	renderMailingStats,
	renderPromotions,
	renderRecipients,
} from '../render';
import { ApiError, OUTCOMES } from '../model';
import type { Mailing, Outcome, Promotion } from '../model';
import {
	blank,
	given,
	guessedJson,
	guessedXml,
	positiveInt,
	textAnswer,
	toInt,
	truthy,
	xmlAnswer,
} from './types';
import type { Answer, Call, Routes } from './types';

const PROMOTIONS_PER_PAGE = 20;

/** A page of promotions, newest first; as JSON when asked for it (a guess: no recording shows it). */
function promotions(c: Call, json: boolean): Answer {
	const page = positiveInt(c.params.page) ?? 1;
	const all = c.store.promotionsNewestFirst();
	const slice = all.slice((page - 1) * PROMOTIONS_PER_PAGE, page * PROMOTIONS_PER_PAGE);
	if (json) return guessedJson(promotionsJson(slice, c.out), 'promotions');
	return xmlAnswer(renderPromotions(slice, c.out));
}

function transactionalCount(c: Call): Answer {
	const { params, store } = c;
	const name = params.promotion_name ?? '';
	if (name === '') throw new ApiError(400, 'Promotion name is required');
	const day = parseDay(params.date ?? '');
	if (day === null) throw new ApiError(400, 'Invalid date');
	let count = 0;
	for (const t of store.transactional)
		if (t.promotionName === name && t.date === day) count += t.count;
	return textAnswer(200, String(count));
}

/** A mailing by the ids of the path (digits only), or undefined. */
function mailingOf(c: Call, promotionId: string, mailingId: string): Mailing | undefined {
	if (!/^\d+$/.test(promotionId) || !/^\d+$/.test(mailingId)) return undefined;
	return c.store.getMailing(Number(promotionId), Number(mailingId));
}

/** A paged statistics list of a mailing (`sent.xml`, ...), or its links (`clicked.xml`). */
function recipients(c: Call, mailing: Mailing, list: string): Answer | undefined {
	if (list === 'clicked') return guessedXml(renderLinks(mailing.links, c.out));
	if (!(OUTCOMES as readonly string[]).includes(list)) return undefined;
	const page = positiveInt(c.params.page) ?? 1;
	const perPage = Math.min(positiveInt(c.params.per_page) ?? 30, 100);
	const slice = mailing.recipients[list as Outcome].slice((page - 1) * perPage, page * perPage);
	return guessedXml(renderRecipients(page, perPage, slice, c.out));
}

function isApiPromotion(p: Promotion): boolean {
	return p.name.startsWith('API: ');
}

function searchPromotions(c: Call): Promotion[] {
	const { params, store } = c;
	const all = store.promotionsNewestFirst();
	const withApi = truthy(params.api_mailings);
	if (given(params, 'id')) {
		const id = toInt(params.id);
		return all.filter((p) => p.id === id);
	}
	if (given(params, 'name')) return all.filter((p) => p.name === params.name);
	if (given(params, 'date') && !['0', 'false'].includes(params.date.trim().toLowerCase())) {
		const from = parseSearchDateTime(params.from_date ?? '');
		const to = parseSearchDateTime(params.to_date ?? '');
		if (from === null || to === null) throw new ApiError(400, 'Invalid date');
		return all.filter((p) => {
			const at = Math.floor(p.updatedAt / 1000) * 1000;
			return at >= from && at <= to && (withApi || !isApiPromotion(p));
		});
	}
	if (params.query !== undefined) {
		const q = params.query.toLowerCase();
		return all.filter((p) => p.name.toLowerCase().includes(q) && (withApi || !isApiPromotion(p)));
	}
	throw new ApiError(400, 'A search needs query, name, id or date=1 with from_date and to_date');
}

function savePromotion(c: Call): Answer {
	const { params, store } = c;
	const name = params.promotion_name ?? '';
	if (name.trim() === '') throw new ApiError(400, 'Promotion name is required');
	if (!given(params, 'raw_html') && !given(params, 'raw_plain_text') && !given(params, 'url')) {
		throw new ApiError(400, 'Content is required (raw_html, raw_plain_text or url)');
	}
	let promotion = store.findPromotionByName(name);
	if (!promotion) promotion = store.addPromotion(name, { updatedAt: c.now });
	if (given(params, 'raw_html')) promotion.rawHtml = params.raw_html;
	if (given(params, 'raw_plain_text')) promotion.rawPlainText = params.raw_plain_text;
	if (given(params, 'url')) promotion.url = params.url;
	promotion.updatedAt = c.now;
	return textAnswer(200, `Saved ${name} (${promotion.id})`);
}

export const promotionRoutes: Routes = {
	'GET promotions': (c) => promotions(c, c.accept.includes('json')),
	'GET promotions.xml': (c) => promotions(c, false),
	'GET promotions.json': (c) => promotions(c, true),
	'GET promotions/search.xml': (c) => xmlAnswer(renderPromotions(searchPromotions(c), c.out)),
	'POST promotions/save': savePromotion,
	'GET promotions/transactional_count': transactionalCount,
	'GET promotions/transactional_count.txt': transactionalCount,
	'PUT promotions/:id/trash': (c, id) => {
		const promotion = /^\d+$/.test(id) ? c.store.promotions.get(Number(id)) : undefined;
		if (!promotion) return undefined;
		promotion.trashed = true;
		return blank(c);
	},
	// the statistics document is recorded; the <link> elements inside it are a guess, transformed
	// by the renderer
	'GET promotions/:p/mailings/:m.xml': (c, p, m) => {
		const mailing = mailingOf(c, p, m);
		return mailing && xmlAnswer(renderMailingStats(mailing, c.out));
	},
	'GET promotions/:p/mailings/:m/:list.xml': (c, p, m, list) => {
		const mailing = mailingOf(c, p, m);
		return mailing && recipients(c, mailing, list);
	},
};
