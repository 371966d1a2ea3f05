import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { findPromotions, promotionsPage, searchPromotions } from '../api/promotion';
import { PROMOTIONS_PAGE_SIZE } from '../settings';
import { editorClient } from '../api/client';

function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value);
}

function promotionItem(promotion: IDataObject): INodeListSearchItems | undefined {
	const id = text(promotion.id);
	if (id === '') return undefined;
	return { name: text(promotion.name) || `Promotion ${id}`, value: id };
}

/** `2024-06-01T10:00:00-04:00` → `2024-06-01 10:00 -04:00`, `…Z` → `… UTC`; other text as it is. */
function readableDate(iso: string): string {
	const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):\d{2}(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/.exec(iso);
	if (!m) return iso;
	return `${m[1]} ${m[2]} ${m[3] === 'Z' ? 'UTC' : m[3]}`;
}

/** A mailing in the list as people recognise it: its subject and when it was sent, then its ID. */
function mailingItem(mailing: IDataObject): INodeListSearchItems | undefined {
	const id = text(mailing.id);
	if (id === '') return undefined;
	const subject = text(mailing.subject);
	const started = text(mailing.startedSend);
	const when = started ? `sent ${readableDate(started)}` : 'not sent yet';
	return { name: `${subject ? `${subject}: ` : ''}${when} (mailing ${id})`, value: id };
}

function matches(name: string, filter?: string): boolean {
	return !filter || name.toLowerCase().includes(filter.trim().toLowerCase());
}

/** The promotions a search of the editor shows: a page of the account's, or those whose name contains the filter. */
async function promotionsFor(
	ctx: ILoadOptionsFunctions,
	filter: string | undefined,
	paginationToken: string | undefined,
): Promise<{ promotions: IDataObject[]; next?: string }> {
	const query = filter?.trim() ?? '';
	if (query !== '')
		return {
			promotions: await findPromotions(editorClient(ctx), { query, includeApiMailings: true }),
		};
	const page = Math.max(1, Number.parseInt(paginationToken ?? '1', 10) || 1);
	const promotions = await promotionsPage(editorClient(ctx), page);
	return {
		promotions,
		next: promotions.length < PROMOTIONS_PAGE_SIZE ? undefined : String(page + 1),
	};
}

export const promotionListSearch = {
	/**
	 * The account's promotions, a page of 20 at a time (the editor asks for the next page as the
	 * user scrolls); with a filter, the promotions whose name contains it, in one request.
	 */
	async searchPromotions(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const { promotions, next } = await promotionsFor(this, filter, paginationToken);
		const results = promotions
			.map(promotionItem)
			.filter((r): r is INodeListSearchItems => r !== undefined);
		return next === undefined ? { results } : { results, paginationToken: next };
	},

	/** The same promotions, each chosen by its name (the sends take a name, not an ID). */
	async searchPromotionNames(
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const { promotions, next } = await promotionsFor(this, filter, paginationToken);
		const results = promotions
			.map((p) => text(p.name))
			.filter((name) => name !== '')
			.map((name) => ({ name, value: name }));
		return next === undefined ? { results } : { results, paginationToken: next };
	},

	/** The mailings of the promotion chosen in "Promotion", newest first. */
	async searchMailings(
		this: ILoadOptionsFunctions,
		filter?: string,
	): Promise<INodeListSearchResult> {
		const chosen = text(this.getCurrentNodeParameter('promotionId', { extractValue: true })).trim();
		if (chosen === '') {
			throw new NodeOperationError(this.getNode(), 'Choose a promotion first', {
				description:
					'The mailings listed here are those of the promotion in the field "Promotion".',
			});
		}
		if (chosen.startsWith('=')) {
			throw new NodeOperationError(
				this.getNode(),
				'The mailings cannot be listed for a promotion given by an expression',
				{
					description:
						'Pick the promotion from the list or type its ID to choose a mailing here, or give the mailing by ID.',
				},
			);
		}
		if (!/^\d+$/.test(chosen) || Number(chosen) < 1) {
			throw new NodeOperationError(
				this.getNode(),
				`The field "Promotion" is not a valid promotion ID: "${chosen.slice(0, 80)}"`,
				{
					description:
						'A promotion ID is a positive whole number. Pick the promotion from the list, or type its ID.',
				},
			);
		}
		const found = await searchPromotions(editorClient(this), { id: chosen });
		if (found.length === 0) {
			throw new NodeOperationError(this.getNode(), `Mad Mimi has no promotion ${chosen}`, {
				description: 'Check the promotion in the field "Promotion": it may have been trashed.',
			});
		}
		const mailings = found[0].mailings as IDataObject[];
		const results = mailings
			.map(mailingItem)
			.filter((r): r is INodeListSearchItems => r !== undefined)
			.sort((a, b) => Number(b.value) - Number(a.value))
			.filter((r) => matches(r.name, filter));
		return { results };
	},
};
