import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { accountAddons, ADDON_STATUS_WORDS } from '../api/addon';
import { recordChoice } from '../helpers/records';
import { editorClient } from '../api/client';

/**
 * The account's addons whose name or key contains the filter. The records' field names are not
 * known (no source shows them): each addon is shown and addressed by its values (recordChoice).
 */
async function searchAddons(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const addons = await accountAddons(editorClient(this));
	const wanted = (filter ?? '').trim().toLowerCase();
	const results = addons
		.map((a) => recordChoice(a, ADDON_STATUS_WORDS))
		.filter((a): a is { name: string; value: string } => a !== undefined)
		.filter(
			(a) =>
				!wanted || a.name.toLowerCase().includes(wanted) || a.value.toLowerCase().includes(wanted),
		)
		.sort((a, b) => a.name.localeCompare(b.name));
	return { results: results as INodeListSearchItems[] };
}

export const addonListSearch = { searchAddons };
