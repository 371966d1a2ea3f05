/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in jest, never inside n8n */
/**
 * Shared pieces of the reliability suite: the secret to hunt for in all its forms, a
 * serializer for whatever n8n stores or shows, a closed port, resource locator values.
 */
import { createServer } from 'node:net';

import { DEMO_CREDENTIALS } from '../../emulator';

/** Every form of a secret that could reach a message, a log or the stored run. */
export function secretForms(secret: string): string[] {
	const encoded = encodeURIComponent(secret);
	const forms = new Set([
		secret,
		encoded,
		encoded.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
		encodeURI(secret),
		new URLSearchParams({ k: secret }).toString().slice(2),
		encodeURIComponent(encoded),
		Buffer.from(secret).toString('base64').replace(/=+$/, ''),
		JSON.stringify(secret).slice(1, -1),
	]);
	// a part of the key is a leak too: any 10 characters of it in a row
	for (let i = 0; i + 10 <= secret.length; i++) forms.add(secret.slice(i, i + 10));
	return [...forms].filter((f) => f.length >= 6);
}

export const DEMO_KEY = DEMO_CREDENTIALS.apiKey;
const DEMO_FORMS = secretForms(DEMO_KEY);

/** The forms of the key found in a text (none, when all is well). */
export function leaksIn(text: string, forms: string[] = DEMO_FORMS): string[] {
	return forms.filter((f) => text.includes(f));
}

/**
 * JSON of anything n8n keeps: own properties, errors with their message, stack, description,
 * context and cause, circular references cut. The stored run is what n8n writes to its database.
 */
export function serialize(value: unknown): string {
	const seen = new WeakSet<object>();
	return (
		JSON.stringify(value, (_key, v: unknown) => {
			if (typeof v === 'bigint') return String(v);
			if (v === null || typeof v !== 'object') return v;
			if (seen.has(v)) return '[circular]';
			seen.add(v);
			if (v instanceof Error) {
				const out: Record<string, unknown> = {};
				for (const key of Object.getOwnPropertyNames(v))
					out[key] = (v as unknown as Record<string, unknown>)[key];
				out.message = v.message;
				out.stack = v.stack;
				out.cause = (v as { cause?: unknown }).cause;
				return out;
			}
			if (v instanceof Map) return Object.fromEntries(v);
			if (v instanceof Set) return [...v];
			if (Buffer.isBuffer(v)) return v.toString('utf8');
			return v;
		}) ?? ''
	);
}

/** A base URL where nothing listens: a port that was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : 9;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return `http://127.0.0.1:${port}`;
}

/** A resource locator's value in one of its modes, as a workflow stores it. */
export const byName = (value: string) => ({ __rl: true, mode: 'name', value });
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
export const byKey = (value: string) => ({ __rl: true, mode: 'key', value });
