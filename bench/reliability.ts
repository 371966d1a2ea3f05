/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports, no-console -- a benchmark: a command-line program run by `npm run bench:reliability`, never loaded by n8n; it loads the harness once ts-node prefers .ts files (preferTsExtensions.ts) */
/**
 * `npm run bench:reliability [-- --rate 0.2] [--seed 42] [--json]`: what the node's retries do
 * when a share of the requests (`--rate`) meets a fault: a 429 or a 503 with Retry-After: 1, a
 * gateway's 502 page, a connection reset before the service sees the request, or one after it
 * did the work. One emulator in this process, one random fault rule per scenario (seeded, so a
 * run is the same run every time), each scenario run once through n8n-core (the harness), with
 * the node's real waits. For every scenario: the faults injected by kind, the requests sent, the
 * retries, the wall time, and what came out of it (records lost or duplicated, members stored,
 * emails sent once, twice or not at all, items reported "may have gone out"). Figures, not
 * pass/fail: it exits 0 unless something crashes.
 */
import './preferTsExtensions';

import os from 'node:os';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Emulator, FaultResponse, FaultRule } from '../emulator';
import type { NodeSpec, RunResult } from '../test/harness';
import { printTable } from './table';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
	const at = args.indexOf(`--${name}`);
	return at === -1 ? fallback : args[at + 1];
};
const RATE = Number(flag('rate', '0.2'));
const SEED = Number(flag('seed', '42'));

const NGINX_502 =
	'<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** Each faulted request takes one of these, drawn from the emulator's seeded sequence. */
const FAULT_MIX: FaultResponse[] = [
	{
		status: 429,
		body: 'Rate limit exceeded',
		contentType: 'text/plain',
		headers: { 'Retry-After': '1' },
	},
	{
		status: 503,
		body: 'Service Unavailable',
		contentType: 'text/plain',
		headers: { 'Retry-After': '1' },
	},
	{ status: 502, body: NGINX_502, contentType: 'text/html' },
	'reset',
	'resetAfterWork',
];
const FAULT_KINDS = ['429', '503', '502', 'reset', 'resetAfterWork'];

const harness = require('../test/harness') as typeof import('../test/harness');
const emulatorModule = require('../emulator') as typeof import('../emulator');
const { DEMO_IDS } = emulatorModule;

/** The requests of one scenario, as the emulator saw them. */
interface Traffic {
	faults: Record<string, number>;
	requests: number;
	/** The fewest requests the scenario needs with no fault at all. */
	minimum: number;
	/** Sends of a request already sent (same method, path and parameters). */
	retries: number;
}

interface Report {
	name: string;
	traffic: Traffic;
	ms: number;
	/** The scenario's outcome, figure by figure. */
	outcome: IDataObject;
	/** The outcome in a few words, for the table. */
	summary: string;
}

function traffic(emu: Emulator, minimum: number): Traffic {
	const faults: Record<string, number> = {};
	const seen = new Set<string>();
	for (const r of emu.requests) {
		if (r.fault) faults[r.fault] = (faults[r.fault] ?? 0) + 1;
		seen.add(`${r.effectiveMethod} ${r.path} ${JSON.stringify(r.params)}`);
	}
	return {
		faults,
		requests: emu.requests.length,
		minimum,
		retries: emu.requests.length - seen.size,
	};
}

/** Runs the node once with one random fault rule on `where`, seeded; returns the run and its wall time. */
async function underFaults(
	emu: Emulator,
	where: Omit<FaultRule, 'respond'>,
	spec: NodeSpec,
	input: INodeExecutionData[],
) {
	emu.faults.seed(SEED);
	emu.faults.add({ ...where, rate: RATE, respond: FAULT_MIX });
	const started = performance.now();
	const run = await harness.runNode(spec, input);
	return { run, ms: performance.now() - started };
}

const byId = (value: number) => ({ __rl: true, mode: 'id', value: String(value) });
const people = (n: number, prefix: string): INodeExecutionData[] =>
	Array.from({ length: n }, (_, i) => ({
		json: { email: `${prefix}${i}@bench.example.com`, first: `New${i}` },
	}));
const errorItems = (items: INodeExecutionData[]) =>
	items.filter((i) => typeof i.json.error === 'string');
const runError = (run: RunResult) => (run.error ? run.error.message : null);
const f = (n: number, digits = 0) =>
	n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** 1. Return All of 5,000 recipients, faults on GET of the recipients' pages. */
async function recipients(emu: Emulator): Promise<Report> {
	const { productUpdate: promotion } = DEMO_IDS.promotions;
	const { productUpdate: mailing } = DEMO_IDS.mailings;
	emu.store.seedRecipients(promotion, mailing, 'bounced', 5000);
	const expected = emu.store.getMailing(promotion, mailing)!.recipients.bounced.map((r) => r.email);
	const parameters = {
		resource: 'mailing',
		operation: 'getRecipients',
		promotionId: byId(promotion),
		mailingId: byId(mailing),
		outcome: 'bounced',
		returnAll: true,
	};
	const path = new RegExp(`^/promotions/${promotion}/mailings/${mailing}/bounced`);
	const { run, ms } = await underFaults(emu, { method: 'GET', path }, { parameters }, [
		{ json: {} },
	]);
	const got = run.items.map((i) => String(i.json.email));
	const gotSet = new Set(got);
	const outcome = {
		expected: expected.length,
		returned: got.length,
		sameOrder: got.length === expected.length && got.every((e, k) => e === expected[k]),
		duplicates: got.length - gotSet.size,
		missing: expected.filter((e) => !gotSet.has(e)).length,
		error: runError(run),
	};
	const summary = `${f(outcome.returned)} of ${f(outcome.expected)} records, ${outcome.sameOrder ? 'same order' : 'ORDER DIFFERS'}, ${outcome.duplicates} duplicated, ${outcome.missing} missing${outcome.error ? `; error: ${outcome.error}` : ''}`;
	return {
		name: `Return All of ${f(expected.length)} recipients`,
		traffic: traffic(emu, Math.floor(expected.length / 100) + 1),
		ms,
		outcome,
		summary,
	};
}

/** 2. Create or Update of 3,000 people, batches of 500, faults on the imports. */
async function upsert(emu: Emulator): Promise<Report> {
	const input = people(3000, 'cou');
	const parameters = {
		resource: 'audienceMember',
		operation: 'upsert',
		email: '={{ $json.email }}',
		options: { batchSize: 500 },
	};
	const { run, ms } = await underFaults(
		emu,
		{ method: 'POST', path: '/audience_members' },
		{ parameters, continueOnFail: true },
		input,
	);
	const outcome = {
		items: input.length,
		succeeded: run.items.filter((i) => i.json.success === true).length,
		failed: errorItems(run.items).length,
		stored: input.filter((i) => emu.store.members.has(String(i.json.email))).length,
		importRequests: emu.requests.filter(
			(r) => r.effectiveMethod === 'POST' && r.path === '/audience_members',
		).length,
		importsDone: emu.store.imports.length,
		error: runError(run),
	};
	const summary = `${f(outcome.succeeded)} of ${f(outcome.items)} items succeeded, ${outcome.failed} failed; ${f(outcome.stored)} members stored; ${outcome.importRequests} import requests, ${outcome.importsDone} imports done${outcome.error ? `; error: ${outcome.error}` : ''}`;
	return {
		name: `Create or Update of ${f(input.length)} people (batches of 500)`,
		traffic: traffic(emu, Math.ceil(input.length / 500)),
		ms,
		outcome,
		summary,
	};
}

/** 3. Update of 100 members' first names, faults on PUT /audience_members/{email}. */
async function update(emu: Emulator): Promise<Report> {
	const input = people(100, 'upd');
	for (const item of input) emu.store.addMember(String(item.json.email), { firstName: 'Old' });
	const parameters = {
		resource: 'audienceMember',
		operation: 'update',
		email: '={{ $json.email }}',
		updateFields: { firstName: '={{ $json.first }}' },
	};
	const { run, ms } = await underFaults(
		emu,
		{ method: 'PUT', path: /^\/audience_members\// },
		{ parameters, continueOnFail: true },
		input,
	);
	const outcome = {
		items: input.length,
		changed: input.filter(
			(i) => emu.store.getMember(String(i.json.email))?.fields.first_name === i.json.first,
		).length,
		failed: errorItems(run.items).length,
		error: runError(run),
	};
	const summary = `${outcome.changed} of ${outcome.items} members changed, ${outcome.failed} items failed${outcome.error ? `; error: ${outcome.error}` : ''}`;
	return {
		name: `Update of ${input.length} members`,
		traffic: traffic(emu, input.length),
		ms,
		outcome,
		summary,
	};
}

const IN_DOUBT = /may have gone out/;

/** Fault labels counted: "502 ×4, reset ×2". */
function kindCounts(labels: string[]): string {
	const counts = new Map<string, number>();
	for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
	return [...counts].map(([label, n]) => `${label} ×${n}`).join(', ');
}

/** The recipients the node reported "may have gone out": error items, or the item the run failed on. */
function reportedInDoubt(run: RunResult, emails: string[]): string[] {
	const fromItems = errorItems(run.items)
		.filter((i) => IN_DOUBT.test(String(i.json.error)))
		.map((i) => emails[(i.pairedItem as { item: number }).item]);
	const failedOn = run.error?.context?.itemIndex;
	const fromRun =
		run.error && IN_DOUBT.test(run.error.message) && typeof failedOn === 'number'
			? [emails[failedOn]]
			: [];
	return [...fromItems, ...fromRun];
}

/** What became of each recipient of an Email → Send run, from the emulator's store and requests. */
function emailOutcome(emu: Emulator, run: RunResult, emails: string[]): IDataObject {
	const sends = new Map<string, number>();
	for (const t of emu.store.transactions)
		sends.set(t.recipient.email, (sends.get(t.recipient.email) ?? 0) + 1);
	const count = (e: string) => sends.get(e) ?? 0;
	const inDoubt = reportedInDoubt(run, emails);
	/** The fault of the last send to this recipient (the one the node reported on). */
	const lastFault = (e: string) =>
		emu.requests.filter((r) => r.params.recipient === e).pop()?.fault ?? 'none';
	const reportedSent = run.items
		.filter((i) => typeof i.json.transactionId === 'string')
		.map((i) => emails[(i.pairedItem as { item: number }).item]);
	return {
		recipients: emails.length,
		emailsStored: emu.store.transactions.length,
		exactlyOnce: emails.filter((e) => count(e) === 1).length,
		twiceOrMore: emails.filter((e) => count(e) >= 2).length,
		notEmailed: emails.filter((e) => count(e) === 0).length,
		reportedSent: reportedSent.length,
		reportedSentButNotStored: reportedSent.filter((e) => count(e) === 0).length,
		reportedInDoubt: inDoubt.length,
		inDoubtDone: inDoubt.filter((e) => count(e) > 0).length,
		inDoubtNotDone: inDoubt.filter((e) => count(e) === 0).length,
		inDoubtDoneFaults: kindCounts(inDoubt.filter((e) => count(e) > 0).map(lastFault)),
		inDoubtNotDoneFaults: kindCounts(inDoubt.filter((e) => count(e) === 0).map(lastFault)),
		otherErrors: errorItems(run.items).filter((i) => !IN_DOUBT.test(String(i.json.error))).length,
		error: runError(run),
		failedOnItem: run.error?.context?.itemIndex ?? null,
	};
}

/** 4. Email → Send to 40 people, faults on POST /mailer: with Continue On Fail, or with n8n's Retry On Fail. */
async function emailSend(emu: Emulator, mode: 'continueOnFail' | 'retryOnFail'): Promise<Report> {
	const input = people(40, mode === 'continueOnFail' ? 'reader' : 'retry');
	const emails = input.map((i) => String(i.json.email));
	const parameters = {
		resource: 'email',
		operation: 'send',
		promotionName: 'Weekly digest',
		recipient: '={{ $json.email }}',
	};
	const spec: NodeSpec =
		mode === 'continueOnFail'
			? { parameters, continueOnFail: true }
			: { parameters, retryOnFail: true, maxTries: 3, waitBetweenTries: 1000 };
	const { run, ms } = await underFaults(emu, { method: 'POST', path: '/mailer' }, spec, input);
	const o = emailOutcome(emu, run, emails);
	const failed =
		o.failedOnItem === null
			? ''
			: `; the run failed on item ${String(o.failedOnItem)}: ${String(o.error)}`;
	const summary =
		`${o.exactlyOnce as number} emailed once, **${o.twiceOrMore as number} twice**, ${o.notEmailed as number} not emailed; ` +
		`${o.reportedInDoubt as number} reported "may have gone out": ${o.inDoubtDone as number} had gone out${o.inDoubtDone ? ` (${String(o.inDoubtDoneFaults)})` : ''}, ${o.inDoubtNotDone as number} had not${o.inDoubtNotDone ? ` (${String(o.inDoubtNotDoneFaults)})` : ''}; ` +
		`${o.reportedSent as number} reported sent (${o.reportedSentButNotStored as number} of them not stored), ${o.otherErrors as number} other errors${failed}`;
	const name =
		mode === 'continueOnFail'
			? `Email → Send to ${input.length}, Continue On Fail`
			: `Email → Send to ${input.length}, Retry On Fail (3 tries, 1 s)`;
	return { name, traffic: traffic(emu, input.length), ms, outcome: o, summary };
}

function faultsText(t: Traffic): string {
	const total = Object.values(t.faults).reduce((a, b) => a + b, 0);
	const kinds = FAULT_KINDS.filter((k) => t.faults[k]).map((k) => `${k} ×${t.faults[k]}`);
	return total === 0 ? 'none' : `${total}: ${kinds.join(', ')}`;
}

function printReport(r: Report): void {
	const figures: Array<[string, unknown]> = [
		['faults injected', faultsText(r.traffic)],
		['requests', `${f(r.traffic.requests)} (fewest needed with no fault: ${f(r.traffic.minimum)})`],
		['retries', `${f(r.traffic.retries)} (sends of a request already sent)`],
		['wall time', `${f(r.ms / 1000, 2)} s`],
		...Object.entries(r.outcome),
	];
	console.log(`\n${r.name}`);
	for (const [key, value] of figures) console.log(`  ${key.padEnd(25)} ${String(value)}`);
}

function printReportTable(reports: Report[]): void {
	const header = [
		'Scenario',
		'Faults injected',
		'Requests (fewest needed)',
		'Retries',
		'Wall time',
		'Outcome',
	];
	const rows = reports.map((r) => [
		r.name,
		faultsText(r.traffic),
		`${f(r.traffic.requests)} (${f(r.traffic.minimum)})`,
		f(r.traffic.retries),
		`${f(r.ms / 1000, 1)} s`,
		r.summary,
	]);
	console.log('');
	printTable(header, rows);
}

async function main(): Promise<void> {
	console.log(
		`Mad Mimi node under faults: rate ${RATE}, seed ${SEED}, mix 429 / 503 (Retry-After: 1) / 502 page / reset / reset after the work, ` +
			`Node ${process.version}, ${os.cpus().length} cores, ${new Date().toISOString()}`,
	);
	const emu = await emulatorModule.startEmulator({ seed: 'demo' });
	await harness.setCredentials({ ...emulatorModule.DEMO_CREDENTIALS, baseUrl: emu.baseUrl });
	const scenarios = [
		recipients,
		upsert,
		update,
		async (e: Emulator) => await emailSend(e, 'continueOnFail'),
		async (e: Emulator) => await emailSend(e, 'retryOnFail'),
	];
	const reports: Report[] = [];
	try {
		for (const scenario of scenarios) {
			emu.reset('demo');
			const report = await scenario(emu);
			printReport(report);
			reports.push(report);
		}
	} finally {
		await emu.close();
		harness.shutdownHarness();
	}
	printReportTable(reports);
	if (args.includes('--json')) console.log(JSON.stringify({ rate: RATE, seed: SEED, reports }));
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
