import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { requestXmlRecords } from '../transport';

/** The account's addons whose name or key contains the filter; the value is the key. */
async function searchAddons(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const addons = await requestXmlRecords.call(this, { method: 'GET', path: ['addons'] });
	const wanted = (filter ?? '').trim().toLowerCase();
	const results = addons
		.filter((a) => a.key !== undefined && a.key !== null && String(a.key) !== '')
		.map((a) => ({
			name: a.name === undefined || a.name === null || String(a.name) === '' ? String(a.key) : String(a.name),
			value: String(a.key),
		}))
		.filter((a) => !wanted || a.name.toLowerCase().includes(wanted) || a.value.toLowerCase().includes(wanted))
		.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}

export const addonListSearch = { searchAddons };
