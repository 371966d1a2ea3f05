import type { Exchange, Target } from './types';

/*
 * What may leave the owner's machine in a recording. The key and the username never (they are
 * replaced wherever they occur, raw or URI-encoded, bodies included: an error page may echo the
 * request); every email address becomes a placeholder, the same one for the same address in every
 * file, so a recording still shows which answers name the same person; any 32-hex string (the
 * form of an API key: a child account's, a key in a page) is replaced. The account's own list and
 * promotion names stay: they are what makes an answer readable, and the owner chose them.
 */

const KEY_PLACEHOLDER = '<api-key>';
const USERNAME_PLACEHOLDER = '<username>';
const HEX32_PLACEHOLDER = '<hex32>';
/** The domain of every placeholder address: `.invalid` is reserved, it reaches nobody. */
const PLACEHOLDER_DOMAIN = 'example.invalid';

const ADDRESS = /[A-Za-z0-9._+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const HEX32 = /(?<![0-9a-fA-F])[0-9a-fA-F]{32}(?![0-9a-fA-F])/g;
const KEY_PARAM = /(api_key=)[^&\s"'<]*/gi;

function forms(secret: string): string[] {
	const out = new Set([
		secret,
		encodeURIComponent(secret),
		encodeURI(secret),
		new URLSearchParams({ x: secret }).toString().slice(2),
	]);
	return [...out].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
}

export class Redactor {
	private readonly addresses = new Map<string, string>();

	constructor(private readonly target: Pick<Target, 'username' | 'apiKey'>) {}

	/** The placeholder of an address: the same for the same address (any case), in order of first sight. */
	placeholder(address: string): string {
		const key = address.replace(/%40/i, '@').toLowerCase();
		if (key.endsWith(`@${PLACEHOLDER_DOMAIN}`)) return key;
		let found = this.addresses.get(key);
		if (!found) {
			found = `person-${this.addresses.size + 1}@${PLACEHOLDER_DOMAIN}`;
			this.addresses.set(key, found);
		}
		return found;
	}

	text(input: string): string {
		let out = input;
		for (const form of forms(this.target.apiKey)) out = out.replaceAll(form, KEY_PLACEHOLDER);
		out = out.replace(KEY_PARAM, `$1${KEY_PLACEHOLDER}`);
		// the username is the owner's address: it becomes its placeholder, raw or encoded
		const username = this.target.username;
		const asAddress = /@/.test(username) ? this.placeholder(username) : USERNAME_PLACEHOLDER;
		for (const form of forms(username)) out = out.replaceAll(form, asAddress);
		out = out.replace(ADDRESS, (address) => this.placeholder(address));
		return out.replace(HEX32, HEX32_PLACEHOLDER);
	}

	exchange(x: Exchange): Exchange {
		const { path, params } = x.request;
		return {
			...x,
			request: {
				...x.request,
				path: this.text(path),
				params:
					params && Object.fromEntries(Object.entries(params).map(([k, v]) => [k, this.text(v)])),
			},
			body: this.text(x.body),
			error: x.error === undefined ? undefined : this.text(x.error),
		};
	}
}

/**
 * What in a text looks like a secret or a person: an address that is no placeholder, a 32-hex
 * string, an `api_key=` with a value, or (when they are known) the key or username in any form,
 * or any 10 characters of the key in a row (not of an address). Empty: nothing found.
 */
export function secretsIn(text: string, known: string[] = []): string[] {
	const found: string[] = [];
	for (const address of text.match(ADDRESS) ?? [])
		if (!address.replace(/%40/i, '@').toLowerCase().endsWith(`@${PLACEHOLDER_DOMAIN}`))
			found.push(`an email address (${address.slice(0, 3)}…)`);
	if (HEX32.test(text)) found.push('a 32-hex string (an API key?)');
	HEX32.lastIndex = 0;
	for (const m of text.matchAll(KEY_PARAM))
		if (!text.slice(m.index).startsWith(`${m[1]}${KEY_PLACEHOLDER}`))
			found.push('an api_key= with a value');
	for (const secret of known.filter((s) => s.length >= 4)) {
		if (forms(secret).some((form) => text.includes(form))) found.push('a known credential');
		// a key, not an address: an address shares its domain with others in any answer
		else if (!secret.includes('@'))
			for (let i = 0; i + 10 <= secret.length; i++)
				if (text.includes(secret.slice(i, i + 10))) {
					found.push('10 characters of a known credential in a row');
					break;
				}
	}
	return found;
}
