/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the emulator is test code: a stand-in for the Mad Mimi service, run by jest and by `npm run emulator`, never loaded by n8n */
/**
 * Request bodies as the emulator reads them: the size-limited reader, and the form it parses
 * (application/x-www-form-urlencoded: the node sends no other).
 */
import type { IncomingMessage } from 'node:http';

/** Request bodies above this are refused with 413. */
export const MAX_BODY_BYTES = 200 * 1024 * 1024;

/** Parses `a=1&b=2` (a query, an application/x-www-form-urlencoded body). Later duplicates win. */
export function parseUrlEncoded(text: string): Record<string, string> {
	return Object.fromEntries(new URLSearchParams(text));
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
