/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the emulator is test code: a stand-in for the Mad Mimi service, run by jest and by `npm run emulator`, never loaded by n8n */
/**
 * Request bodies as the emulator reads them: the size-limited reader, and the forms it parses
 * (application/x-www-form-urlencoded and multipart/form-data).
 */
import type { IncomingMessage } from 'node:http';
import { unescape as lenientUnescape } from 'node:querystring';

/** Request bodies above this are refused with 413. */
export const MAX_BODY_BYTES = 200 * 1024 * 1024;

/** Percent-decodes a path segment or form component (of a malformed one, what can be decoded). */
export function decodeComponent(s: string): string {
	if (!s.includes('%')) return s;
	try {
		return decodeURIComponent(s);
	} catch {
		// Malformed escapes: decode what can be decoded, keep the rest.
		return lenientUnescape(s);
	}
}

function decodeFormComponent(s: string): string {
	return decodeComponent(s.includes('+') ? s.replace(/\+/g, ' ') : s);
}

/** Parses `a=1&b=2` (application/x-www-form-urlencoded). Later duplicates win. */
export function parseUrlEncoded(text: string): Record<string, string> {
	const out: Record<string, string> = {};
	if (text === '') return out;
	for (const pair of text.split('&')) {
		if (pair === '') continue;
		const eq = pair.indexOf('=');
		const key = decodeFormComponent(eq === -1 ? pair : pair.slice(0, eq));
		const value = eq === -1 ? '' : decodeFormComponent(pair.slice(eq + 1));
		if (key === '__proto__') continue;
		out[key] = value;
	}
	return out;
}

/** Parses a multipart/form-data body: every part by its name, file parts as UTF-8 text. */
function parseMultipart(body: Buffer, boundary: string): Record<string, string> {
	const out: Record<string, string> = {};
	const delimiter = Buffer.from(`--${boundary}`);
	let pos = body.indexOf(delimiter);
	while (pos !== -1) {
		let start = pos + delimiter.length;
		if (body[start] === 45 && body[start + 1] === 45) break; // closing "--"
		if (body[start] === 13) start++;
		if (body[start] === 10) start++;
		const next = body.indexOf(delimiter, start);
		if (next === -1) break;
		let end = next;
		if (body[end - 1] === 10) end--;
		if (body[end - 1] === 13) end--;
		const part = body.subarray(start, end);
		let headerEnd = part.indexOf('\r\n\r\n');
		let sepLength = 4;
		if (headerEnd === -1) {
			headerEnd = part.indexOf('\n\n');
			sepLength = 2;
		}
		if (headerEnd !== -1) {
			const head = part.subarray(0, headerEnd).toString('utf8');
			const name = /name="([^"]*)"/i.exec(head);
			if (name && name[1] !== '__proto__')
				out[name[1]] = part.subarray(headerEnd + sepLength).toString('utf8');
		}
		pos = next;
	}
	return out;
}

/** The form of a body: url-encoded or multipart/form-data by its content type, {} for any other. */
export function parseBodyForm(
	contentType: string | undefined,
	body: Buffer,
	text: string,
): Record<string, string> {
	const type = (contentType ?? '').toLowerCase();
	if (type.includes('application/x-www-form-urlencoded')) return parseUrlEncoded(text);
	if (type.includes('multipart/form-data')) {
		const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
		const boundary = m ? (m[1] ?? m[2]) : undefined;
		if (boundary) return parseMultipart(body, boundary);
	}
	return {};
}

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'tooLarge' | 'aborted' };

/** Reads a whole body, up to `limit` bytes (a larger one, declared or sent, is `tooLarge`). */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
	return new Promise((resolve) => {
		const declared = Number(req.headers['content-length'] ?? '0');
		if (declared > limit) {
			req.resume();
			resolve({ ok: false, reason: 'tooLarge' });
			return;
		}
		const chunks: Buffer[] = [];
		let size = 0;
		let done = false;
		const finish = (result: BodyResult): void => {
			if (!done) resolve(result);
			done = true;
		};
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > limit) {
				chunks.length = 0;
				finish({ ok: false, reason: 'tooLarge' });
			} else if (!done) chunks.push(chunk);
		});
		req.on('end', () =>
			finish({ ok: true, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) }),
		);
		req.on('error', () => finish({ ok: false, reason: 'aborted' }));
		req.on('aborted', () => finish({ ok: false, reason: 'aborted' }));
	});
}

/** A parsed JSON value that is an object (not null, not an array): what a JSON body must be. */
export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
