/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- test code: runs in jest, never inside n8n */
/**
 * Shared pieces of the reliability suite: the secret to hunt for in all its forms, a
 * serializer for whatever n8n stores or shows, a closed port, and the figures the suite prints.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

import { DEMO_CREDENTIALS } from '../emulator';

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
	return JSON.stringify(value, (_key, v: unknown) => {
		if (typeof v === 'bigint') return String(v);
		if (v === null || typeof v !== 'object') return v;
		if (seen.has(v)) return '[circular]';
		seen.add(v);
		if (v instanceof Error) {
			const out: Record<string, unknown> = {};
			for (const key of Object.getOwnPropertyNames(v)) out[key] = (v as unknown as Record<string, unknown>)[key];
			out.message = v.message;
			out.stack = v.stack;
			out.cause = (v as { cause?: unknown }).cause;
			return out;
		}
		if (v instanceof Map) return Object.fromEntries(v);
		if (v instanceof Set) return [...v];
		if (Buffer.isBuffer(v)) return v.toString('utf8');
		return v;
	}) ?? '';
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

/** What the suite counts; printed and written to figures.json at the end. */
export const figures = {
	casesTried: 0,
	failureOutputsChecked: 0,
	leakChecks: 0,
	leaksFound: 0,
	escapes: 0,
	lost: 0,
	duplicated: 0,
	faults: { kinds: 0, operations: 0, runs: 0, notApplicable: 0 },
	badInput: { valuesTried: 0, reachedAsOneSegment: 0, refusedBeforeRequest: 0, refusedNamingField: 0, byCase: {} as Record<string, number> },
	retries: { readCases: 0, writeCases: 0, requestsCounted: 0 },
	trigger: { polls: 0, failedPolls: 0, restarts: 0, optOutsEmitted: 0, newMembersEmitted: 0 },
	import: { rowsIn: 0, rowsStored: 0, rowsReportedNotImported: 0 },
	logs: { n8nLogLinesChecked: 0 },
};

export type Figures = typeof figures;

export function writeFigures(): string {
	const file = path.join(__dirname, 'figures.json');
	writeFileSync(file, `${JSON.stringify(figures, null, '\t')}\n`);
	return file;
}

/** The one line the suite prints at the end. */
export function figuresLine(durationMs: number): string {
	const f = figures;
	return (
		`Reliability figures: cases tried ${f.casesTried}, failure outputs checked ${f.failureOutputsChecked}, ` +
		`leak checks ${f.leakChecks}, leaks found ${f.leaksFound}, escapes ${f.escapes}, lost ${f.lost}, duplicated ${f.duplicated} ` +
		`(${(durationMs / 1000).toFixed(1)} s)`
	);
}
