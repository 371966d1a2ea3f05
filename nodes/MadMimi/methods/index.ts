import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { accountListNames } from '../api/audienceList';
import { editorClient } from '../api/client';
import { addonListSearch } from './addons';
import { promotionListSearch } from './promotions';

function matches(text: string, filter?: string): boolean {
	return !filter || text.toLowerCase().includes(filter.trim().toLowerCase());
}

export const listSearch = {
	/** The account's audience lists whose name contains the filter. */
	async searchLists(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		const names = await accountListNames(editorClient(this));
		return {
			results: names.filter((n) => matches(n, filter)).map((name) => ({ name, value: name })),
		};
	},
	...promotionListSearch,
	...addonListSearch,
};

export const loadOptions = {
	async getListNames(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return (await accountListNames(editorClient(this))).map((name) => ({ name, value: name }));
	},
};
