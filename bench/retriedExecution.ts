/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports, no-console -- a benchmark: a command-line program run by `npm run bench:retry`, never loaded by n8n; it loads the harness once ts-node prefers .ts files (preferTsExtensions.ts) */
/**
 * `npm run bench:retry [-- --json]`: a user's Retry of a failed Email → Send execution, for 20 and
 * 1,000 recipients, the run failing at several points: the send at that point carried out by the
 * emulator and its connection cut before the response ("in doubt"), or refused with a 500 (never
 * sent). The failed run and its retry both go through n8n-core (the harness's runNode and
 * retryRun, which does what n8n's ExecutionService.retry does). For each case: emails sent by the
 * failed run and by the retry, people emailed twice or not at all, what a retry without the node's
 * check would have sent twice, and the requests the check costs. Figures, not pass/fail.
 */
import './preferTsExtensions';

import os from 'node:os';

import type { INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../emulator';
import { printTable } from './table';

const harness = require('../test/harness') as typeof import('../test/harness');
const emulatorModule = require('../emulator') as typeof import('../emulator');

type Failure = 'inDoubt' | 'refused';

interface Case {
	recipients: number;
	/** The send (1-based) that fails. */
	at: number;
	failure: Failure;
}

interface Outcome {
	sentByFailedRun: number;
	sentByRetry: number;
	emailedTwice: number;
	notEmailed: number;
	/** What a retry that asks nothing first would have emailed a second time. */
	twiceWithoutCheck: number;
	reportedSkipped: number;
	retryRequests: { checks: number; searches: number; sends: number };
	ms: number;
}

const CASES: Case[] = [
	...[1, 8, 20].map((at) => ({ recipients: 20, at, failure: 'inDoubt' as Failure })),
	{ recipients: 20, at: 8, failure: 'refused' },
	...[1, 500, 1000].map((at) => ({ recipients: 1000, at, failure: 'inDoubt' as Failure })),
	{ recipients: 1000, at: 500, failure: 'refused' },
];

const people = (n: number): INodeExecutionData[] =>
	Array.from({ length: n }, (_, k) => ({ json: { email: `person${k + 1}@bench.example.com` } }));
const count = (emu: Emulator, method: string, path: RegExp) =>
	emu.requests.filter((r) => r.effectiveMethod === method && path.test(r.rawPath)).length;

async function run(emu: Emulator, c: Case): Promise<Outcome> {
	const parameters = {
		resource: 'email',
		operation: 'send',
		promotionName: 'Weekly digest',
		recipient: '={{ $json.email }}',
	};
	emu.faults.add({
		method: 'POST',
		path: '/mailer',
		after: c.at - 1,
		times: 1,
		respond:
			c.failure === 'inDoubt' ? 'resetAfterWork' : { status: 500, body: 'Internal Server Error' },
	});
	const failed = await harness.runNode({ parameters }, people(c.recipients), 'webhook');
	if (!failed.error) throw new Error(`the run at ${c.at} did not fail`);
	const sentByFailedRun = emu.store.transactions.length;
	emu.clearRequests();
	const started = performance.now();
	const retried = await harness.retryRun(failed);
	const ms = performance.now() - started;
	if (retried.error) throw new Error(`the retry failed: ${retried.error.message}`);
	const sends = new Map<string, number>();
	for (const t of emu.store.transactions)
		sends.set(t.recipient.email, (sends.get(t.recipient.email) ?? 0) + 1);
	const emails = people(c.recipients).map((i) => String(i.json.email));
	return {
		sentByFailedRun,
		sentByRetry: emu.store.transactions.length - sentByFailedRun,
		emailedTwice: emails.filter((e) => (sends.get(e) ?? 0) > 1).length,
		notEmailed: emails.filter((e) => !sends.has(e)).length,
		twiceWithoutCheck: sentByFailedRun,
		reportedSkipped: retried.items.filter((i) => i.json.skipped === true).length,
		retryRequests: {
			checks: count(emu, 'GET', /\/promotion_attempts\.xml$/),
			searches: count(emu, 'GET', /^\/promotions\/search\.xml$/),
			sends: count(emu, 'POST', /^\/mailer$/),
		},
		ms,
	};
}

async function main(): Promise<void> {
	console.log(
		`A failed Email → Send execution, retried: Node ${process.version}, ${os.cpus().length} cores, ${new Date().toISOString()}\n`,
	);
	const emu = await emulatorModule.startEmulator({ seed: 'demo' });
	await harness.setCredentials({ ...emulatorModule.DEMO_CREDENTIALS, baseUrl: emu.baseUrl });
	const results: Array<Case & Outcome> = [];
	try {
		for (const c of CASES) {
			emu.reset('demo');
			results.push({ ...c, ...(await run(emu, c)) });
		}
	} finally {
		await emu.close();
		harness.shutdownHarness();
	}
	const header = [
		'Recipients',
		'The failing send',
		'Sent by the failed run',
		'Sent by the retry',
		'Emailed twice',
		'Not emailed',
		'Twice without the check',
		'Retry: checks + searches + sends',
		'Extra requests',
		'Retry time',
	];
	const rows = results.map((r) => [
		r.recipients.toLocaleString('en-US'),
		`${r.at.toLocaleString('en-US')}, ${r.failure === 'inDoubt' ? 'done, response cut' : 'refused (500)'}`,
		String(r.sentByFailedRun),
		String(r.sentByRetry),
		String(r.emailedTwice),
		String(r.notEmailed),
		String(r.twiceWithoutCheck),
		`${r.retryRequests.checks} + ${r.retryRequests.searches} + ${r.retryRequests.sends}`,
		`${r.retryRequests.checks + r.retryRequests.searches} (${((r.retryRequests.checks + r.retryRequests.searches) / r.recipients).toFixed(2)} per item)`,
		`${(r.ms / 1000).toFixed(2)} s`,
	]);
	printTable(header, rows);
	if (process.argv.includes('--json')) console.log(JSON.stringify(results));
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
