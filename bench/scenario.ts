/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n */
/**
 * One benchmark scenario, run in a process of its own (so its peak RSS is its own) against
 * an emulator in another process. Prints one JSON line with its figures.
 *
 *   ts-node bench/scenario.ts <scenario> <emulator base URL>
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { xmlList } from '../nodes/MadMimi/parsing';
import { DEMO_CREDENTIALS } from '../test/emulator';
import { runNode, setCredentials, shutdownHarness } from '../test/harness';

const [scenario, baseUrl] = process.argv.slice(2);

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
	const response = await fetch(`${baseUrl}/__emulator${path}`, {
		method,
		headers: body === undefined ? undefined : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return (await response.json()) as T;
}

interface Summary {
	requests: number;
	maxInFlight: number;
	members: number;
	lists: Record<string, number>;
	imports: Array<{ id: number; rows: number }>;
}

const summary = async () => await control<Summary>('GET', '/summary');
const clearRequests = async () => await control('DELETE', '/requests');
const setLatency = async (latencyMs: number) => await control('POST', '/latency', { latencyMs });

function people(n: number, list = 'Bench'): INodeExecutionData[] {
	const items: INodeExecutionData[] = new Array(n);
	for (let i = 0; i < n; i++) {
		items[i] = {
			json: { email: `member${i}@bench.example.com`, 'first name': `First${i}`, 'last name': `Last${i}`, company: `Company ${i % 977}, Ltd.`, add_list: list },
		};
	}
	return items;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> {
	const start = process.hrtime.bigint();
	const result = await fn();
	return { result, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** Members the other scenarios need, created with one untimed import at no latency. */
async function seedMembers(n: number): Promise<void> {
	const latency = (await control<{ latencyMs: number }>('GET', '/latency')).latencyMs;
	await setLatency(0);
	await runNode({ parameters: { resource: 'audienceMember', operation: 'import', source: 'items', emailField: 'email', options: { batchSize: 100000 } } }, people(n, 'Seeded'));
	await setLatency(latency);
	await clearRequests();
}

const scenarios: Record<string, () => Promise<Record<string, unknown>>> = {
	/** 100,000 member items (email + 3 fields + add_list) through Import from items. */
	async import100k() {
		const n = 100_000;
		const rssBefore = peakRssMb();
		const { result, ms } = await timed(async () =>
			await runNode({ parameters: { resource: 'audienceMember', operation: 'import', source: 'items', emailField: 'email', options: {} } }, people(n)),
		);
		const s = await summary();
		return {
			items: n,
			outputItems: result.items.length,
			imported: result.items.filter((i) => i.json.imported === true).length,
			error: result.error?.message,
			requests: s.requests,
			rowsStored: s.imports.reduce((sum, i) => sum + i.rows, 0),
			listMembers: s.lists.Bench,
			ms,
			peakRssMb: peakRssMb(),
			rssBeforeRunMb: rssBefore,
		};
	},

	/** The baseline of import: one add-to-list request per item, sequential, on a sample. */
	async addPerItemSample() {
		const n = Number(process.env.SAMPLE ?? 300);
		await seedMembers(n);
		const { result, ms } = await timed(async () =>
			await runNode(
				{ parameters: { resource: 'audienceList', operation: 'addMember', list: { __rl: true, mode: 'name', value: 'Seeded' }, email: '={{ $json.email }}' } as INodeParameters },
				people(n).map((i) => ({ json: { email: i.json.email } })),
			),
		);
		const s = await summary();
		return { items: n, ok: result.items.length, error: result.error?.message, requests: s.requests, ms, msPerItem: ms / n };
	},

	/** Return All of 50,000 recipients of a mailing (per_page 100). */
	async recipients50k() {
		const n = 50_000;
		await control('POST', '/recipients', { promotionId: 3, mailingId: 34, outcome: 'bounced', count: n });
		await clearRequests();
		const { result, ms } = await timed(async () =>
			await runNode({ parameters: { resource: 'mailing', operation: 'getRecipients', promotionId: { __rl: true, mode: 'id', value: '3' }, mailingId: { __rl: true, mode: 'id', value: '34' }, outcome: 'bounced', returnAll: true } as INodeParameters }),
		);
		const s = await summary();
		// parsing alone: the same pages, fetched once, parsed again and timed
		await setLatency(0);
		const pages: string[] = [];
		for (let page = 1; page <= Math.ceil(n / 100); page++) {
			const url = `${baseUrl}/promotions/3/mailings/34/bounced.xml?page=${page}&per_page=100&username=${encodeURIComponent(DEMO_CREDENTIALS.username)}&api_key=${DEMO_CREDENTIALS.apiKey}`;
			pages.push(await (await fetch(url)).text());
		}
		const bytes = pages.reduce((sum, p) => sum + p.length, 0);
		let parsed = 0;
		const parse = await timed(async () => {
			for (let round = 0; round < 3; round++) for (const page of pages) parsed += xmlList(page).records.length;
		});
		return {
			records: result.items.length,
			error: result.error?.message,
			requests: s.requests,
			// the mailing holds a few recipients of the demo seed besides the 50,000
			floor: Math.ceil(result.items.length / 100),
			ms,
			recordsPerSecondEndToEnd: Math.round(result.items.length / (ms / 1000)),
			recordsPerSecondParsed: Math.round(parsed / (parse.ms / 1000)),
			xmlMegabytes: Math.round(bytes / 1e5) / 10,
			peakRssMb: peakRssMb(),
		};
	},

	/** 1,000 add-member items: one at a time, then with the batching option. */
	async addMember1000() {
		const n = 1000;
		await seedMembers(n);
		const items = people(n).map((i) => ({ json: { email: i.json.email } }));
		const run = async (batching?: { itemsPerBatch: number }) =>
			await timed(async () =>
				await runNode(
					{ parameters: { resource: 'audienceList', operation: 'addMember', list: { __rl: true, mode: 'name', value: 'Seeded' }, email: '={{ $json.email }}', ...(batching ? { options: batching } : {}) } as INodeParameters },
					items,
				),
			);
		await control('POST', '/reset', { seed: 'empty' });
		await seedMembers(n);
		const sequential = await run();
		const seqSummary = await summary();
		await clearRequests();
		const batched10 = await run({ itemsPerBatch: 10 });
		const b10Summary = await summary();
		await clearRequests();
		const batched50 = await run({ itemsPerBatch: 50 });
		const b50Summary = await summary();
		const sameOrder = batched10.result.items.every((item, i) => (item.pairedItem as { item: number }).item === i && item.json.email === items[i].json.email);
		return {
			items: n,
			sequentialMs: sequential.ms,
			batched10Ms: batched10.ms,
			batched50Ms: batched50.ms,
			speedup10: sequential.ms / batched10.ms,
			speedup50: sequential.ms / batched50.ms,
			requests: [seqSummary.requests, b10Summary.requests, b50Summary.requests],
			maxInFlight: [seqSummary.maxInFlight, b10Summary.maxInFlight, b50Summary.maxInFlight],
			sameOrderAndPairing: sameOrder,
			errors: [sequential.result.error?.message, batched10.result.error?.message, batched50.result.error?.message].filter(Boolean),
		};
	},

	/** The node's overhead over a bare loop of fetch calls making the same requests. */
	async overhead() {
		const n = 300;
		const email = 'ann.archer@example.com';
		const items = Array.from({ length: n }, () => ({ json: { email } }));
		const bare = async () =>
			await timed(async () => {
				let lists = 0;
				for (let i = 0; i < n; i++) {
					const query = new URLSearchParams({ username: DEMO_CREDENTIALS.username, api_key: DEMO_CREDENTIALS.apiKey });
					const response = await fetch(`${baseUrl}/audience_members/${encodeURIComponent(email)}/lists.xml?${query}`);
					lists += (await response.text()).length > 0 ? 1 : 0;
				}
				return lists;
			});
		const node = async () =>
			await timed(async () => await runNode({ parameters: { resource: 'audienceMember', operation: 'getLists', email: '={{ $json.email }}' } }, items));
		// warm both paths once
		await bare();
		await node();
		const bareRun = await bare();
		const nodeRun = await node();
		return { requests: n, bareMs: bareRun.ms, nodeMs: nodeRun.ms, ratio: nodeRun.ms / bareRun.ms, outputItems: nodeRun.result.items.length };
	},
};

async function main() {
	const run = scenarios[scenario];
	if (!run || !baseUrl) throw new Error(`usage: scenario.ts <${Object.keys(scenarios).join('|')}> <emulator base URL>`);
	await setCredentials({ ...DEMO_CREDENTIALS, baseUrl });
	const result = await run();
	console.log(JSON.stringify({ scenario, ...result }));
	shutdownHarness();
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
