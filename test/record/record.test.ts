/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in jest, never inside n8n */
/**
 * `npm run record` against the emulator standing in for the service: what it writes, what it
 * sends, what it leaves, and that its files pass the recorded-answer check
 * (scripts/record/checker.ts), which refuses what it must when a file is tampered with.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { DEMO_CREDENTIALS, startEmulator } from '../../emulator';
import type { Emulator } from '../../emulator';
import { checkRecordings } from '../../scripts/record/checker';
import { record } from '../../scripts/record/record';
import type { RecordOptions, RecordOutcome } from '../../scripts/record/record';
import { parseArgs } from '../../scripts/record/cli';

let emu: Emulator;
let out: string;
/** The reads-only run, made once: its files are what the check's tests tamper with. */
let reads: { outcome: RecordOutcome; dir: string; requests: Emulator['requests'] };

const listsOf = (e: Emulator) => JSON.stringify([...e.store.lists.values()]);

function options(extra: Partial<RecordOptions> = {}): RecordOptions {
	return {
		baseUrl: emu.baseUrl,
		username: DEMO_CREDENTIALS.username,
		apiKey: DEMO_CREDENTIALS.apiKey,
		writes: false,
		out,
		sleep: async () => {},
		...extra,
	};
}

beforeAll(async () => {
	emu = await startEmulator({ seed: 'demo' });
	const dir = mkdtempSync(path.join(tmpdir(), 'recorded-'));
	reads = { outcome: await record(options({ out: dir })), dir, requests: [...emu.requests] };
});
afterAll(async () => {
	await emu.close();
	rmSync(reads.dir, { recursive: true, force: true });
});
beforeEach(() => {
	emu.reset('demo');
	out = mkdtempSync(path.join(tmpdir(), 'record-'));
});
afterEach(() => {
	rmSync(out, { recursive: true, force: true });
});

test('reads only: the files pass the check, the table is printed, nothing is written or sent', () => {
	const { outcome, requests } = reads;
	expect(outcome.check.problems).toEqual([]);
	expect(outcome.files.length).toBeGreaterThan(60);
	expect(outcome.report).toContain('node reads it');
	expect(outcome.report).toContain('not checked');
	expect(requests.filter((r) => r.path.startsWith('/mailer'))).toEqual([]);
	expect(
		requests.filter((r) => r.effectiveMethod !== 'GET').map((r) => [r.method, r.path]),
	).toEqual([]);
	for (const file of outcome.files) {
		const text = readFileSync(file, 'utf8');
		expect(text).not.toContain(DEMO_CREDENTIALS.apiKey);
		expect(text).not.toContain(DEMO_CREDENTIALS.username);
		expect(text).not.toMatch(/@example\.com/);
	}
});

const bodyOf = (text: string) => text.split('\n\n')[1];
function withBody(text: string, body: string): string {
	const end = text.indexOf('\n\n');
	return `${text.slice(0, end).replace(/body-bytes: \d+/, `body-bytes: ${Buffer.byteLength(body)}`)}\n\n${body}`;
}

test.each<[string, string, (text: string) => string, RegExp]>([
	[
		'the api key left in a body',
		'lists',
		(t) => withBody(t, `${bodyOf(t)}<!-- ${DEMO_CREDENTIALS.apiKey} -->`),
		/lists\.txt: holds a known credential/,
	],
	[
		'a 32-hex string',
		'lists',
		(t) => withBody(t, `${bodyOf(t)}<!-- 0123456789abcdef0123456789abcdef -->`),
		/holds a 32-hex string/,
	],
	[
		'an address',
		'addons',
		(t) => t.replace('params: {}', 'params: {"api_key":"x","u":"jo@real.example"}'),
		/holds an email address/,
	],
	[
		'a body the node cannot read',
		'count-new',
		(t) => withBody(t, 'twelve'),
		/count-new\.txt: the node cannot read it \(countNew\)/,
	],
	[
		'a shape the emulator does not answer',
		'lists',
		(t) => withBody(t, bodyOf(t).replace(/subscriber_count=/g, 'members=')),
		/the emulator is wrong: lists .*the service has lists\/list@members; the service lacks lists\/list@subscriber_count/,
	],
	[
		'a header not of the format',
		'lists',
		(t) => t.replace('by: npm run record', 'by: hand'),
		/"by" is "hand"/,
	],
	['a body cut short', 'lists', (t) => t.slice(0, -5), /body-bytes says/],
	[
		'another first line',
		'lists',
		(t) => t.replace('n8n-nodes-madmimi recording 1', 'something else'),
		/does not start with/,
	],
	[
		'a probe the session never asks',
		'lists',
		(t) => t.replace('probe: lists', 'probe: made-up'),
		/made-up\.txt: the emulator's session has no probe "made-up"/,
	],
])('the check refuses %s', async (_, probe, change, problem) => {
	// the file named after the probe it says it holds (made-up.txt for "probe: made-up")
	const text = change(readFileSync(path.join(reads.dir, `${probe}.txt`), 'utf8'));
	const dir = mkdtempSync(path.join(tmpdir(), 'tampered-'));
	try {
		writeFileSync(path.join(dir, `${/^probe: (.*)$/m.exec(text)?.[1] ?? probe}.txt`), text);
		const { problems } = await checkRecordings(dir, [DEMO_CREDENTIALS.apiKey]);
		expect(problems.join('\n')).toMatch(problem);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});

test('--writes: every list as before, the member imported is reported left, the files pass', async () => {
	const before = listsOf(emu);
	const outcome = await record(options({ writes: true, member: 'new.person@example.com' }));
	expect(outcome.check.problems).toEqual([]);
	expect(listsOf(emu)).toBe(before);
	expect(outcome.notes.join('\n')).toMatch(
		/new\.person@example\.com was imported.*cannot delete an audience member/,
	);
	expect(outcome.notes.join('\n')).toMatch(
		/cleanup: the list "n8n-nodes-madmimi record \d+ renamed" created by this run was deleted/,
	);
	// writes only to what it created: its own list's name, or one no account has
	const written = emu.requests
		.filter((r) => r.effectiveMethod !== 'GET')
		.map((r) => decodeURIComponent(r.path));
	for (const p of written)
		expect(p).toMatch(
			/^\/audience_lists(\.json)?$|n8n-nodes-madmimi record|zz-no-such|^\/audience_members$/,
		);
	expect(emu.requests.filter((r) => r.path.startsWith('/mailer'))).toEqual([]);
});

test('--writes with a member who existed: added and removed, not reported as left', async () => {
	const outcome = await record(options({ writes: true, member: 'ann.archer@example.com' }));
	expect(outcome.check.problems).toEqual([]);
	expect(outcome.notes.join('\n')).not.toMatch(/imported/);
	expect(
		emu.requests.some((r) => r.path === '/audience_members' && r.effectiveMethod === 'POST'),
	).toBe(false);
});

test('a fault half way (the delete cut): the cleanup deletes the list and says so', async () => {
	const before = listsOf(emu);
	emu.faults.add({
		path: /^\/audience_lists\/n8n-nodes-madmimi record \d+ renamed$/,
		times: 1,
		respond: 'reset',
	});
	const outcome = await record(options({ writes: true, member: 'ann.archer@example.com' }));
	expect(listsOf(emu)).toBe(before);
	expect(outcome.notes.join('\n')).toMatch(/cleanup: the list .* was deleted/);
});

test('a cleanup that fails too says what is left', async () => {
	emu.faults.add({
		path: /^\/audience_lists\/n8n-nodes-madmimi record \d+ renamed$/,
		respond: { status: 500 },
	});
	const outcome = await record(options({ writes: true, member: 'ann.archer@example.com' }));
	expect(outcome.notes.join('\n')).toMatch(
		/NOT CLEANED UP: the list "n8n-nodes-madmimi record \d+ renamed"/,
	);
	expect([...emu.store.lists.values()].map((l) => l.name)).toContainEqual(
		expect.stringMatching(/renamed$/),
	);
});

test('--send-to: exactly one POST /mailer, its evidence read after each wait (no real waiting), the bold rows judged', async () => {
	const waits: number[] = [];
	const started = Date.now();
	const outcome = await record(
		options({ sendTo: 'owner.self@example.com', sleep: async (ms) => void waits.push(ms) }),
	);
	expect(Date.now() - started).toBeLessThan(20_000);
	expect(waits).toEqual([60_000, 240_000]);
	expect(emu.requests.filter((r) => r.path === '/mailer').map((r) => r.effectiveMethod)).toEqual([
		'POST',
	]);
	expect(outcome.check.problems).toEqual([]);
	const verdict = (id: string) => outcome.verdicts.find((v) => v.guess.id === id)!;
	expect(verdict('attempts-transactional')).toMatchObject({
		verdict: 'confirmed',
		detail: 'listed at once (0s)',
	});
	expect(['confirmed', 'not checked']).toContain(verdict('transactional-count-utc-day').verdict);
	for (const file of outcome.files) {
		const text = readFileSync(file, 'utf8');
		expect(text).not.toContain('owner.self@');
		expect(text).not.toContain(DEMO_CREDENTIALS.apiKey);
	}
});

test('--send-to with a 500 on POST /mailer: never sent again, reported as may have gone out', async () => {
	emu.faults.add({ method: 'POST', path: '/mailer', respond: 'resetAfterWork' });
	const outcome = await record(options({ sendTo: 'owner.self@example.com' }));
	expect(emu.requests.filter((r) => r.path === '/mailer')).toHaveLength(1);
	expect(outcome.notes.join('\n')).toMatch(/MAY HAVE GONE OUT/);
});

test('a service answering other names (the second vocabulary): the check says the emulator is wrong, and the guesses are refuted', async () => {
	emu.vocabulary = 'second';
	const outcome = await record(options());
	expect(outcome.check.problems.join('\n')).toMatch(
		/the emulator is wrong: addons .*root element is <toolkit>, the emulator's <addons>/,
	);
	const verdict = outcome.verdicts.find((v) => v.guess.id === 'addons')!;
	expect(verdict.verdict).toBe('refuted');
});

test('the command line: credentials from flags or the environment, --writes refused without an address, plain http refused', () => {
	const env = { MADMIMI_USERNAME: 'me@example.com', MADMIMI_API_KEY: 'k' };
	expect(parseArgs([], env)).toMatchObject({
		username: 'me@example.com',
		apiKey: 'k',
		baseUrl: 'https://api.madmimi.com',
		writes: false,
		out: 'test/recorded',
	});
	expect(parseArgs(['--writes'], env)).toMatch(/--writes needs --member/);
	expect(parseArgs(['--writes', '--send-to', 'me@example.com'], env)).toMatchObject({
		writes: true,
		sendTo: 'me@example.com',
	});
	expect(parseArgs(['--base-url', 'http://api.madmimi.com'], env)).toMatch(/refused/);
	expect(parseArgs(['--waits', '0,1,2'], env)).toMatchObject({ waitsMs: [0, 1000, 2000] });
	expect(parseArgs(['--bogus'], env)).toMatch(/unknown or incomplete argument/);
});
