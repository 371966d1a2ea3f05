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
import type { Outcome, Promotion } from '../model';
import {
	blank,
	given,
	guessedJson,
	guessedXml,
	NOT_FOUND,
	positiveInt,
	textAnswer,
	toInt,
	truthy,
	xmlAnswer,
} from './types';
import type { Answer, Call, RouteModule } from './types';

const PROMOTIONS_PER_PAGE = 20;

function promotions(c: Call): Answer | undefined {
	const { seg, method, params, store } = c;
	if (seg.length === 1) {
		if (method !== 'GET') return undefined;
		const page = positiveInt(params.page) ?? 1;
		const all = store.promotionsNewestFirst();
		const slice = all.slice((page - 1) * PROMOTIONS_PER_PAGE, page * PROMOTIONS_PER_PAGE);
		const wantsJson =
			seg[0] === 'promotions.json' || (seg[0] === 'promotions' && c.accept.includes('json'));
		if (wantsJson) return guessedJson(promotionsJson(slice, c.out), 'promotions');
		return xmlAnswer(renderPromotions(slice, c.out));
	}
	if (seg[0] !== 'promotions') return undefined;
	if (seg.length === 2) {
		if (seg[1] === 'search.xml' && method === 'GET')
			return xmlAnswer(renderPromotions(searchPromotions(c), c.out));
		if (seg[1] === 'save' && method === 'POST') return savePromotion(c);
		if (
			(seg[1] === 'transactional_count' || seg[1] === 'transactional_count.txt') &&
			method === 'GET'
		) {
			const name = params.promotion_name ?? '';
			if (name === '') throw new ApiError(400, 'Promotion name is required');
			const day = parseDay(params.date ?? '');
			if (day === null) throw new ApiError(400, 'Invalid date');
			let count = 0;
			for (const t of store.transactional)
				if (t.promotionName === name && t.date === day) count += t.count;
			return textAnswer(200, String(count));
		}
		return undefined;
	}
	const promotionId = /^\d+$/.test(seg[1]) ? Number(seg[1]) : null;
	if (promotionId === null) return undefined;
	if (seg.length === 3 && seg[2] === 'trash' && method === 'PUT') {
		const promotion = store.promotions.get(promotionId);
		if (!promotion) return NOT_FOUND;
		promotion.trashed = true;
		return blank(c);
	}
	if (seg[2] !== 'mailings' || method !== 'GET') return undefined;
	return statistics(c, promotionId);
}

/** `/promotions/{p}/mailings/{m}.xml` and `/promotions/{p}/mailings/{m}/{list}.xml`. */
function statistics(c: Call, promotionId: number): Answer | undefined {
	const { seg, params, store } = c;
	if (seg.length === 4) {
		const m = /^(\d+)\.xml$/.exec(seg[3]);
		if (!m) return undefined;
		const mailing = store.getMailing(promotionId, Number(m[1]));
		// recorded document; the <link> elements inside it are a guess, transformed by the renderer
		return mailing ? xmlAnswer(renderMailingStats(mailing, c.out)) : NOT_FOUND;
	}
	if (seg.length === 5) {
		if (!/^\d+$/.test(seg[3])) return undefined;
		const mailing = store.getMailing(promotionId, Number(seg[3]));
		if (!mailing) return NOT_FOUND;
		const m = /^([a-z_]+)\.xml$/.exec(seg[4]);
		if (!m) return undefined;
		if (m[1] === 'clicked') return guessedXml(renderLinks(mailing.links, c.out));
		if (!(OUTCOMES as readonly string[]).includes(m[1])) return undefined;
		const list = mailing.recipients[m[1] as Outcome];
		const page = positiveInt(params.page) ?? 1;
		const perPage = Math.min(positiveInt(params.per_page) ?? 30, 100);
		const slice = list.slice((page - 1) * perPage, page * perPage);
		return guessedXml(renderRecipients(page, perPage, slice, c.out));
	}
	return undefined;
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

export const promotionRoutes: RouteModule = {
	name: 'promotions',
	roots: ['promotions', 'promotions.xml', 'promotions.json'],
	handle: promotions,
};
