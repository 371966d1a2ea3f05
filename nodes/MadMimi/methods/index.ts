import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { editorClient } from './client';
import { addonListSearch } from './addons';
import { promotionListSearch } from './promotions';

async function listNames(ctx: ILoadOptionsFunctions): Promise<string[]> {
	const lists = await editorClient(ctx).xmlRecords({ method: 'GET', path: ['audience_lists', 'lists'] });
	return lists
		.map((list) => (list.name === undefined || list.name === null ? '' : String(list.name)))
		.filter((name) => name !== '')
		.sort((a, b) => a.localeCompare(b));
}

function matches(text: string, filter?: string): boolean {
	return !filter || text.toLowerCase().includes(filter.trim().toLowerCase());
}

export const listSearch = {
	/** The account's audience lists whose name contains the filter. */
	async searchLists(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		const names = await listNames(this);
		return { results: names.filter((n) => matches(n, filter)).map((name) => ({ name, value: name })) };
	},
	...promotionListSearch,
	...addonListSearch,
};

export const loadOptions = {
	async getListNames(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return (await listNames(this)).map((name) => ({ name, value: name }));
	},
};
