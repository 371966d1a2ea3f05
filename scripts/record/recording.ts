/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tooling: `npm run record` and its tests write and read files, never inside n8n */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Exchange, ProbeRequest } from './types';

/*
 * The file of one exchange, as test/recorded/README.md describes it: a header of `name: value`
 * lines, a blank line, then the body exactly as it came (redacted).
 */

export const FIRST_LINE = 'n8n-nodes-madmimi recording 1';
export const RECORDED_BY = 'npm run record';
const RECORDING_EXTENSION = '.txt';

export interface Recording extends Exchange {
	origin: string;
	by: string;
	file: string;
}

const HEADER_NAMES = [
	'recorded-at',
	'origin',
	'by',
	'probe',
	'request',
	'params',
	'status',
	'content-type',
	'body-bytes',
	'error',
] as const;

/** The scheme and host of a base URL: no path, no query (nothing that could carry a key). */
export function originOnly(baseUrl: string): string {
	const url = new URL(baseUrl);
	return `${url.protocol}//${url.host}`;
}

export function fileNameOf(probe: string): string {
	return `${probe}${RECORDING_EXTENSION}`;
}

function formatRecording(x: Exchange, origin: string): string {
	const header: Record<(typeof HEADER_NAMES)[number], unknown> = {
		'recorded-at': x.at,
		origin,
		by: RECORDED_BY,
		probe: x.probe,
		request: `${x.request.method} ${x.request.path}`,
		params: JSON.stringify(x.request.params ?? {}),
		status: x.status,
		'content-type': x.contentType,
		'body-bytes': Buffer.byteLength(x.body),
		error: x.error,
	};
	const lines = Object.entries(header).filter(([, v]) => v !== undefined);
	return `${[FIRST_LINE, ...lines.map(([k, v]) => `${k}: ${String(v)}`)].join('\n')}\n\n${x.body}`;
}

/** Writes each exchange (already redacted) to its own file; gives the files' paths. */
export function writeRecordings(dir: string, exchanges: Exchange[], origin: string): string[] {
	mkdirSync(dir, { recursive: true });
	return exchanges.map((x) => {
		const file = path.join(dir, fileNameOf(x.probe));
		writeFileSync(file, formatRecording(x, origin));
		return file;
	});
}

/** A recording read back, or the reason it cannot be. */
export function readRecording(file: string): Recording | string {
	const text = readFileSync(file, 'utf8');
	const end = text.indexOf('\n\n');
	if (!text.startsWith(`${FIRST_LINE}\n`) || end < 0)
		return `does not start with "${FIRST_LINE}" and a header ended by a blank line`;
	const header = new Map<string, string>();
	for (const line of text.slice(FIRST_LINE.length + 1, end).split('\n')) {
		const at = line.indexOf(': ');
		const name = at < 0 ? line : line.slice(0, at);
		if (!(HEADER_NAMES as readonly string[]).includes(name)) return `unknown header line "${line}"`;
		header.set(name, at < 0 ? '' : line.slice(at + 2));
	}
	const missing = HEADER_NAMES.find((n) => n !== 'error' && !header.has(n));
	if (missing) return `no "${missing}" in the header`;
	const h = (name: (typeof HEADER_NAMES)[number]) => header.get(name)!;
	const body = text.slice(end + 2);
	if (Number(h('body-bytes')) !== Buffer.byteLength(body))
		return `body-bytes says ${h('body-bytes')}, the body has ${Buffer.byteLength(body)}`;
	const [method, requestPath, ...rest] = h('request').split(' ');
	if (!['GET', 'POST', 'PUT'].includes(method) || !requestPath?.startsWith('/') || rest.length)
		return `request "${h('request')}" is not "<GET|POST|PUT> /path"`;
	let params: Record<string, string>;
	try {
		params = JSON.parse(h('params')) as Record<string, string>;
	} catch {
		return 'params is not JSON';
	}
	const status = Number(h('status'));
	if (!Number.isInteger(status)) return 'status is not a number';
	if (Number.isNaN(Date.parse(h('recorded-at')))) return 'recorded-at is no date';
	return {
		file,
		probe: h('probe'),
		origin: h('origin'),
		by: h('by'),
		at: h('recorded-at'),
		request: { method: method as ProbeRequest['method'], path: requestPath, params },
		status,
		contentType: h('content-type'),
		body,
		error: header.get('error'),
	};
}

/** The recording files of a directory (its README and anything else left out), by name. */
export function recordingFiles(dir: string): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir)
		.filter((n) => n.endsWith(RECORDING_EXTENSION))
		.sort()
		.map((n) => path.join(dir, n));
}
