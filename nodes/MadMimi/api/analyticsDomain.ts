import type { IDataObject } from 'n8n-workflow';

import type { MadMimiClient } from '../transport';

/*
 * The account's analytics domains: the domains whose links in promotions get Google Analytics
 * tracking.
 */

/**
 * The account's analytics domains (GET /google_analytics.xml). No source shows this document's
 * names: a record that is one text (an element holding the domain, whatever it is called) is
 * given as `{ domain }`; a record with fields stays as it is.
 */
export async function analyticsDomains(api: MadMimiClient): Promise<IDataObject[]> {
	const records = await api.xmlRecords({ method: 'GET', path: ['google_analytics'] });
	return records.map((record) => {
		const values = Object.values(record);
		return values.length === 1 && typeof values[0] === 'string' ? { domain: values[0] } : record;
	});
}

/** Adds an analytics domain (POST /google_analytics): adding it again leaves it added. */
export async function addAnalyticsDomain(api: MadMimiClient, domain: string): Promise<void> {
	await api.request({
		method: 'POST',
		path: ['google_analytics'],
		form: { domain },
		repeat: 'safe',
	});
}

/** Removes an analytics domain (DELETE /google_analytics, sent as `_method=delete`). */
export async function deleteAnalyticsDomain(api: MadMimiClient, domain: string): Promise<void> {
	await api.request({
		method: 'DELETE',
		viaPost: true,
		path: ['google_analytics'],
		form: { domain },
		repeat: 'delete',
	});
}
