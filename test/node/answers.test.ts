/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: a small HTTP server of its own, runs in jest, never inside n8n */
/**
 * How the node reads an answer off the wire: compressed, with or without a declared length,
 * in many chunks, and past the size cap.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

import { DEMO_CREDENTIALS } from '../../emulator';
import { runNode, setCredentials, shutdownHarness } from '../harness';

let server: ReturnType<typeof createServer>;
let baseUrl = '';
/** What the server answers next: the body, and how it sends it. */
let next: { body: Buffer; headers: Record<string, string>; chunks: number } = {
	body: Buffer.alloc(0),
	headers: {},
	chunks: 1,
};

beforeAll(async () => {
	server = createServer((_req, res) => {
		res.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8', ...next.headers });
		const size = Math.ceil(next.body.length / next.chunks);
		for (let i = 0; i < next.body.length; i += size) res.write(next.body.subarray(i, i + size));
		res.end();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	await setCredentials({ ...DEMO_CREDENTIALS, baseUrl });
});

afterAll(async () => {
	await new Promise((resolve) => server.close(resolve));
	shutdownHarness();
});

/** A lists document with `n` lists, non-ASCII names included (a character may be cut between two chunks). */
function lists(n: number): string {
	const rows = Array.from(
		{ length: n },
		(_, i) =>
			`  <list id="${i + 1}" name="Liste ${i + 1} – Zoë ✓" subscriber_count="${i}" display_name=""/>`,
	);
	return `<?xml version="1.0" encoding="UTF-8"?>\n<lists>\n${rows.join('\n')}\n</lists>`;
}

const getAll = (options = {}) =>
	runNode({
		parameters: { resource: 'audienceList', operation: 'getAll', returnAll: true, options },
	});

test.each([
	[
		'a declared length, in 37 chunks',
		(xml: Buffer) => ({ body: xml, headers: { 'Content-Length': String(xml.length) }, chunks: 37 }),
	],
	[
		'no declared length (chunked), in 37 chunks',
		(xml: Buffer) => ({ body: xml, headers: {}, chunks: 37 }),
	],
	[
		'gzip, the declared length the compressed one',
		(xml: Buffer) => {
			const body = gzipSync(xml);
			return {
				body,
				headers: { 'Content-Length': String(body.length), 'Content-Encoding': 'gzip' },
				chunks: 5,
			};
		},
	],
])('%s: every record, every character', async (_name, send) => {
	const xml = Buffer.from(lists(2000));
	next = send(xml);
	const { items, error } = await getAll();
	expect(error).toBeUndefined();
	expect(items).toHaveLength(2000);
	expect(items[1999].json).toEqual({
		id: 2000,
		name: 'Liste 2000 – Zoë ✓',
		subscriberCount: 1999,
		displayName: null,
	});
});

test.each([
	['with a declared length', true],
	['without one', false],
])('past "Max Response Size" (%s): refused, naming the option', async (_name, declared) => {
	const xml = Buffer.from(lists(20000));
	next = {
		body: xml,
		headers: declared ? { 'Content-Length': String(xml.length) } : {},
		chunks: 50,
	};
	const { error } = await getAll({ maxAnswerSize: 1 });
	expect(xml.length).toBeGreaterThan(1_000_000);
	expect(error?.message).toBe("Mad Mimi's response is larger than 1 MB");
	expect(error?.description).toContain('Max Response Size');
});
