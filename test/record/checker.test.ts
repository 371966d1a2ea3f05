/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in jest, never inside n8n */
/**
 * The recorded-answer check (scripts/record/checker.ts) refuses what it must: a key left in, an
 * address left in, a body the node cannot read, a shape the emulator does not answer, a broken
 * header. The recordings are made once, by the record command against the emulator.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { DEMO_CREDENTIALS, startEmulator } from '../../emulator';
import { checkRecordings } from '../../scripts/record/checker';
import { record } from '../../scripts/record/record';

let out: string;

beforeAll(async () => {
	out = mkdtempSync(path.join(tmpdir(), 'recorded-'));
	const emu = await startEmulator({ seed: 'demo' });
	try {
		const outcome = await record({ baseUrl: emu.baseUrl, ...DEMO_CREDENTIALS, writes: false, out });
		expect(outcome.check.problems).toEqual([]);
	} finally {
		await emu.close();
	}
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** A copy of the recordings with one file changed. */
function tampered(file: string, change: (text: string) => string): string {
	const dir = mkdtempSync(path.join(tmpdir(), 'tampered-'));
	writeFileSync(path.join(dir, file), change(readFileSync(path.join(out, file), 'utf8')));
	return dir;
}

function withBody(text: string, body: string): string {
	const end = text.indexOf('\n\n');
	return `${text.slice(0, end).replace(/body-bytes: \d+/, `body-bytes: ${Buffer.byteLength(body)}`)}\n\n${body}`;
}

async function problemsOf(dir: string, known: string[] = []): Promise<string> {
	try {
		return (await checkRecordings(dir, known)).problems.join('\n');
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

test('an api key left in a body, or a 32-hex string, or an address', async () => {
	expect(
		await problemsOf(
			tampered('lists.txt', (t) =>
				withBody(t, `${t.split('\n\n')[1]}<!-- ${DEMO_CREDENTIALS.apiKey} -->`),
			),
			[DEMO_CREDENTIALS.apiKey],
		),
	).toMatch(/lists\.txt: holds a known credential/);
	expect(
		await problemsOf(
			tampered('lists.txt', (t) =>
				withBody(t, `${t.split('\n\n')[1]}<!-- 0123456789abcdef0123456789abcdef -->`),
			),
		),
	).toMatch(/holds a 32-hex string/);
	expect(
		await problemsOf(
			tampered('addons.txt', (t) =>
				t.replace('params: {}', 'params: {"api_key":"x","u":"jo@real.example"}'),
			),
		),
	).toMatch(/holds an email address/);
});

test('a body the node cannot read', async () => {
	const dir = tampered('count-new.txt', (t) => withBody(t, 'twelve'));
	expect(await problemsOf(dir)).toMatch(/count-new\.txt: the node cannot read it \(countNew\)/);
});

test('a shape the emulator does not answer', async () => {
	const dir = tampered('lists.txt', (t) =>
		withBody(t, t.split('\n\n')[1].replace(/subscriber_count=/g, 'members=')),
	);
	expect(await problemsOf(dir)).toMatch(
		/the emulator is wrong: lists .*the service has lists\/list@members; the service lacks lists\/list@subscriber_count/,
	);
});

test('a header that is not the format, a body cut short, a probe the session never asks', async () => {
	expect(
		await problemsOf(tampered('lists.txt', (t) => t.replace('by: npm run record', 'by: hand'))),
	).toMatch(/"by" is "hand"/);
	expect(await problemsOf(tampered('lists.txt', (t) => t.slice(0, -5)))).toMatch(/body-bytes says/);
	expect(
		await problemsOf(
			tampered('lists.txt', (t) => t.replace('n8n-nodes-madmimi recording 1', 'something else')),
		),
	).toMatch(/does not start with/);
	const dir = mkdtempSync(path.join(tmpdir(), 'tampered-'));
	writeFileSync(
		path.join(dir, 'made-up.txt'),
		readFileSync(path.join(out, 'lists.txt'), 'utf8').replace('probe: lists', 'probe: made-up'),
	);
	expect(await problemsOf(dir)).toMatch(/has no probe "made-up"/);
});
