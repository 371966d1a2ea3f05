/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it prints its figures and ends its own process */
/**
 * What the scenarios of bench/scenarios/ share: the emulator's control API, the input items,
 * timing and memory figures, and the start and end of a scenario's process. Each scenario file
 * is bundled on its own by bench/run.ts and run in a process of its own (so its peak RSS is its
 * own) against an emulator in another process; it prints one JSON line with its figures:
 *
 *   node .tmp/bench-scenarios/<name>.js <emulator base URL>   (built and run by bench/run.ts)
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { DEMO_CREDENTIALS } from '../../emulator';
import { runNode, setCredentials, shutdownHarness } from '../../test/harness';
import type { NodeSpec } from '../../test/harness';

/** The emulator the scenario runs against, as bench/run.ts passes it. */
export const baseUrl = process.argv[2];
/** The demo account's credentials, as a request to the API sends them. */
export const auth = { username: DEMO_CREDENTIALS.username, api_key: DEMO_CREDENTIALS.apiKey };

/** A call to the emulator's control API (`/__emulator/…`), its JSON answer. */
export async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
	const response = await fetch(`${baseUrl}/__emulator${path}`, {
		method,
		headers: body === undefined ? undefined : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return (await response.json()) as T;
}

/** The emulator's summary of the requests it saw since they were last cleared, and of the imports it stored. */
type Summary = { requests: number; maxInFlight: number; imports: Array<{ rows: number }> };
export const summary = async () => await control<Summary>('GET', '/summary');
export const clearRequests = async () => await control('DELETE', '/requests');
export const setLatency = async (latencyMs: number) =>
	await control('POST', '/latency', { latencyMs });
export const getLatency = async () =>
	(await control<{ latencyMs: number }>('GET', '/latency')).latencyMs;

/** The requests the emulator saw, counted by method and path (`GET /audience_lists/lists.xml: 1`). */
export async function requestKinds(): Promise<Record<string, number>> {
	const kinds: Record<string, number> = {};
	const requests = await control<Array<{ effectiveMethod: string; path: string }>>(
		'GET',
		'/requests',
	);
	for (const { effectiveMethod, path } of requests) {
		const key = `${effectiveMethod} ${path}`;
		kinds[key] = (kinds[key] ?? 0) + 1;
	}
	return kinds;
}

/** n member items (email, first and last name, company, `add_list`) for the list given. */
export const people = (n: number, list = 'Bench'): INodeExecutionData[] =>
	Array.from({ length: n }, (_, i) => ({
		json: {
			email: `member${i}@bench.example.com`,
			'first name': `First${i}`,
			'last name': `Last${i}`,
			company: `Company ${i % 977}, Ltd.`,
			add_list: list,
		},
	}));

/** A scenario's untimed set-up: `fn` run at no latency, the requests it made then forgotten. */
export async function untimed(fn: () => Promise<unknown>): Promise<void> {
	const latency = await getLatency();
	await setLatency(0);
	await fn();
	await setLatency(latency);
	await clearRequests();
}

/** The member items imported in one batch, their lists created (Import from items). */
export async function importItems(items: INodeExecutionData[]): Promise<void> {
	const options = { batchSize: items.length, createList: true };
	const parameters = { resource: 'audienceMember', operation: 'import', source: 'items' };
	await runNode({ parameters: { ...parameters, emailField: 'email', options } }, items);
}

export async function timed<T>(fn: () => T | Promise<T>): Promise<{ result: T; ms: number }> {
	const start = process.hrtime.bigint();
	const result = await fn();
	return { result, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

/** One run of the node (or of the node type `spec.type`) on `items`, timed. */
export const timedRun = async (spec: NodeSpec, items?: INodeExecutionData[]) =>
	await timed(async () => await runNode(spec, items));

/** One run timed, with the emulator's summary of the requests it made (forgotten before it). */
export async function measured(spec: NodeSpec, items?: INodeExecutionData[]) {
	await clearRequests();
	const { result, ms } = await timedRun(spec, items);
	return { result, ms, error: result.error?.message, ...(await summary()) };
}

/** Memory figures in MiB, as every peak RSS of the benchmark (the node's Max Response Size counts 1,000,000 bytes a MB). */
export const MB = 1024 * 1024;
/** The process's peak RSS so far, in MiB. */
export const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
export const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The passes of `rounds` rounds, in the order given, then reversed, and so on (A B B A …): neither gains from going first. */
export const interleave = <T>(passes: readonly T[], rounds: number): T[] =>
	Array.from({ length: rounds }, (_, r) => (r % 2 === 0 ? passes : [...passes].reverse())).flat();

/** The per-round ratios of times `b` to times `a` (same rounds): their median and range. */
export function ratios(a: number[], b: number[]) {
	const each = b.map((ms, i) => ms / a[i]);
	return { median: median(each), min: Math.min(...each), max: Math.max(...each) };
}

/**
 * A scenario file's process: the demo credential pointed at the emulator, the scenario run, its
 * figures printed as one JSON line (`{ scenario, …figures }`, the last line bench/run.ts reads),
 * and the process ended with 0, or with 1 and the error (bench/run.ts reports the scenario failed).
 */
export function runScenario(name: string, run: () => Promise<Record<string, unknown>>): void {
	const main = async () => {
		if (!baseUrl)
			throw new Error(`usage: node .tmp/bench-scenarios/${name}.js <emulator base URL>`);
		await setCredentials({ ...DEMO_CREDENTIALS, baseUrl });
		const result = await run();
		console.log(JSON.stringify({ scenario: name, ...result }));
		shutdownHarness();
	};
	main().then(
		() => process.exit(0),
		(error: unknown) => {
			console.error(error);
			process.exit(1);
		},
	);
}
