import type { IDataObject } from 'n8n-workflow';

import type { MadMimiClient } from '../transport';

/* The account's social links: the addresses of its pages on social networks, shown in promotions. */

/** The account's social links (GET /social_links.json), one record each. */
export async function socialLinks(api: MadMimiClient): Promise<IDataObject[]> {
	return await api.jsonList({ method: 'GET', path: ['social_links'] });
}

/** Every social network Mad Mimi links to, with its key and address format (GET /social_links/available.json). */
export async function availableSocialLinks(api: MadMimiClient): Promise<IDataObject[]> {
	return await api.jsonList({ method: 'GET', path: ['social_links', 'available'] });
}

const LINK_KEY = /^[a-z][a-z0-9_]*$/;
// the names the credentials go by in every request: a link may not take their place
const RESERVED = new Set(['username', 'api_key']);

/** Whether a key can name a link in `updateSocialLinks`' form: a lower-case word such as google_plus. */
export function isSocialLinkKey(key: string): boolean {
	return LINK_KEY.test(key) && !RESERVED.has(key);
}

/**
 * Sets the address of each link given, by its key (PUT /social_links/update, sent as
 * `_method=put`); the links not given stay as they are.
 */
export async function updateSocialLinks(
	api: MadMimiClient,
	urlsByKey: Record<string, string>,
): Promise<void> {
	await api.request({
		method: 'PUT',
		viaPost: true,
		path: ['social_links', 'update'],
		form: urlsByKey,
		repeat: 'safe',
	});
}
