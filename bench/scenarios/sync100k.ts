/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its settings (SYNC_N, SAMPLE) from the environment bench/run.ts gives it */
/**
 * Audience List → Sync of SYNC_N people (default 100,000) against a list of as many with 1 % churn,
 * and its baseline from the package's other nodes on the same data seeded again: Get Many, a Code
 * node's diff, Create or Update and Remove Member per item (SAMPLE of each timed, extrapolated).
 * bench/README.md, "Sync of 100,000 people", says what is measured.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import {
	clearRequests,
	control,
	importItems,
	peakRssMb,
	requestKinds,
	runScenario,
	summary,
	timedRun,
	timedSync,
	untimed,
} from './shared';

const LIST = 'Sync';
const list = { __rl: true, mode: 'name', value: LIST };
const address = (i: number) => `member${i}@bench.example.com`;

/** The list of n members (first and last names) in an emulator emptied, made untimed. */
async function seedList(n: number): Promise<void> {
	const items = Array.from({ length: n }, (_, i) => ({
		json: { email: address(i), first_name: `First${i}`, last_name: `Last${i}`, add_list: LIST },
	}));
	await untimed(async () => {
		await control('POST', '/reset', { seed: 'empty' });
		await importItems(items);
	});
}

/** The source: members churn…n−1 (churn…2·churn−1 with a new last name), then churn new people. */
function source(n: number, churn: number): INodeExecutionData[] {
	const items: INodeExecutionData[] = [];
	for (let i = churn; i < n; i++)
		items.push({
			json: {
				email: address(i),
				first_name: `First${i}`,
				last_name: i < 2 * churn ? `Changed${i}` : `Last${i}`,
			},
		});
	for (let j = 0; j < churn; j++)
		items.push({
			json: { email: `new${j}@bench.example.com`, first_name: 'New', last_name: `${j}` },
		});
	return items;
}

const mapped = {
	email: '={{ $json.email }}',
	additionalFields: { firstName: '={{ $json.first_name }}', lastName: '={{ $json.last_name }}' },
};

/** Requests by kind, a list's name left out of its paths. */
const kinds = async () =>
	await requestKinds((path) =>
		path
			.replace(/\/remove$/, '/{list}/remove')
			.replace(/^\/audience_lists\/[^/]+\//, '/audience_lists/'),
	);

/** The Code node's diff: who to create or update, who to remove. */
function diff(members: IDataObject[], wanted: INodeExecutionData[]) {
	const current = new Map(members.map((m) => [String(m.email).toLowerCase(), m]));
	const keep = new Set<string>();
	const upsert: INodeExecutionData[] = [];
	for (const item of wanted) {
		const key = String(item.json.email).toLowerCase();
		keep.add(key);
		const m = current.get(key);
		if (!m || m.firstName !== item.json.first_name || m.lastName !== item.json.last_name)
			upsert.push(item);
	}
	const remove = members.filter((m) => !keep.has(String(m.email).toLowerCase()));
	return { upsert, remove: remove.map((m) => ({ json: { email: m.email } })) };
}

async function baseline(n: number, input: INodeExecutionData[], sample: number) {
	await seedList(n);
	const read = await timedRun({
		parameters: {
			resource: 'audienceMember',
			operation: 'getAll',
			returnAll: true,
			options: { list },
		} as INodeParameters,
	});
	const readRequests = (await summary()).requests;
	const code = timedSync(() =>
		diff(
			read.result.items.map((i) => i.json),
			input,
		),
	);
	const { upsert, remove } = code.result;
	await clearRequests();
	const upsertParameters = { resource: 'audienceMember', operation: 'upsert', list, ...mapped };
	const perItemUpsert = await timedRun(
		{ parameters: { ...upsertParameters, options: { batchSize: 1 } } as INodeParameters },
		upsert.slice(0, sample),
	);
	const perItemUpsertRequests = (await summary()).requests;
	await clearRequests();
	const removeParameters = { resource: 'audienceList', operation: 'removeMember', list };
	const removeSample = await timedRun(
		{ parameters: { ...removeParameters, email: '={{ $json.email }}' } as INodeParameters },
		remove.slice(0, sample),
	);
	const removeRequests = (await summary()).requests;
	await clearRequests();
	const batchedUpsert = await timedRun({ parameters: upsertParameters as INodeParameters }, upsert);
	const batchedUpsertRequests = (await summary()).requests;
	const upsertMs = (perItemUpsert.ms / Math.min(sample, upsert.length)) * upsert.length;
	const removeMs = (removeSample.ms / Math.min(sample, remove.length)) * remove.length;
	return {
		readMs: read.ms,
		readRequests,
		membersRead: read.result.items.length,
		diffMs: code.ms,
		toUpsert: upsert.length,
		toRemove: remove.length,
		sample,
		perItemUpsertSampleMs: perItemUpsert.ms,
		perItemUpsertSampleRequests: perItemUpsertRequests,
		upsertMs,
		removeSampleMs: removeSample.ms,
		removeSampleRequests: removeRequests,
		removeMs,
		batchedUpsertMs: batchedUpsert.ms,
		batchedUpsertRequests,
		totalMs: read.ms + code.ms + upsertMs + removeMs,
		totalBatchedMs: read.ms + code.ms + batchedUpsert.ms + removeMs,
		requests: readRequests + upsert.length + remove.length,
		errors: [read, perItemUpsert, removeSample, batchedUpsert]
			.map((r) => r.result.error?.message)
			.filter(Boolean),
	};
}

/** One timed run of Sync over the input, as a dry run or applied. */
const syncRun = async (input: INodeExecutionData[], dryRun: boolean) =>
	await timedRun(
		{ parameters: { resource: 'audienceList', operation: 'sync', list, dryRun, ...mapped } },
		input,
	);

async function sync100k(): Promise<Record<string, unknown>> {
	const n = Number(process.env.SYNC_N ?? 100_000);
	const sample = Number(process.env.SAMPLE ?? 200);
	const churn = Math.round(n / 100);
	const input = source(n, churn);
	await seedList(n);
	const rssBefore = peakRssMb();
	// the dry run first, as a user runs it: it also warms up the process (the baselines run warm)
	const dry = await syncRun(input, true);
	const drySummary = await summary();
	const dryWrites = Object.entries(await kinds())
		.filter(([kind]) => !kind.startsWith('GET '))
		.reduce((sum, [, count]) => sum + count, 0);
	await clearRequests();
	const run = await syncRun(input, false);
	const s = await summary();
	const requestKindsOfRun = await kinds();
	const count = (action: string) => run.result.items.filter((i) => i.json.action === action).length;
	await clearRequests();
	const again = await syncRun(input, false);
	const againRequests = (await summary()).requests;
	return {
		n,
		churn,
		dryMs: dry.ms,
		dryRequests: drySummary.requests,
		dryWrites,
		ms: run.ms,
		error: run.result.error?.message,
		requests: s.requests,
		requestKinds: requestKindsOfRun,
		floor: Math.ceil(n / 100) + 1 + Math.ceil((2 * churn) / 10_000) + churn,
		maxInFlight: s.maxInFlight,
		listMembersAfter: s.lists[LIST],
		importRows: s.imports.slice(1).map((i) => i.rows),
		actions: {
			added: count('added'),
			updated: count('updated'),
			removed: count('removed'),
			unchanged: count('unchanged'),
		},
		peakRssMb: peakRssMb(),
		rssBeforeRunMb: rssBefore,
		againMs: again.ms,
		againRequests,
		againChanged: again.result.items.filter((i) => i.json.action !== 'unchanged').length,
		baseline: await baseline(n, input, sample),
	};
}

runScenario('sync100k', sync100k);
