/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its settings (SYNC_N, SAMPLE) from the environment bench/run.ts gives it */
/**
 * Audience List → Sync of SYNC_N people (default 100,000) against a list of as many with 1 % churn,
 * and its baseline from the package's other nodes on the same data seeded again: Get Many, a Code
 * node's diff, Create or Update and Remove Member per item (SAMPLE of each timed, extrapolated).
 * bench/README.md, "Sync of 100,000 people", says what is measured.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import {
	control,
	importItems,
	measured,
	peakRssMb,
	requestKinds,
	runScenario,
	timed,
	timedRun,
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
	const read = await measured({
		parameters: {
			resource: 'audienceMember',
			operation: 'getAll',
			returnAll: true,
			options: { list },
		} as INodeParameters,
	});
	const code = await timed(() =>
		diff(
			read.result.items.map((i) => i.json),
			input,
		),
	);
	const { upsert, remove } = code.result;
	const upsertParameters = { resource: 'audienceMember', operation: 'upsert', list, ...mapped };
	const perItemUpsert = await timedRun(
		{ parameters: { ...upsertParameters, options: { batchSize: 1 } } as INodeParameters },
		upsert.slice(0, sample),
	);
	const removeParameters = { resource: 'audienceList', operation: 'removeMember', list };
	const removeSample = await timedRun(
		{ parameters: { ...removeParameters, email: '={{ $json.email }}' } as INodeParameters },
		remove.slice(0, sample),
	);
	const batchedUpsert = await measured({ parameters: upsertParameters as INodeParameters }, upsert);
	const upsertMs = (perItemUpsert.ms / Math.min(sample, upsert.length)) * upsert.length;
	const removeMs = (removeSample.ms / Math.min(sample, remove.length)) * remove.length;
	return {
		readMs: read.ms,
		readRequests: read.requests,
		membersRead: read.result.items.length,
		diffMs: code.ms,
		toUpsert: upsert.length,
		toRemove: remove.length,
		sample,
		upsertMs,
		removeMs,
		batchedUpsertMs: batchedUpsert.ms,
		batchedUpsertRequests: batchedUpsert.requests,
		totalMs: read.ms + code.ms + upsertMs + removeMs,
		totalBatchedMs: read.ms + code.ms + batchedUpsert.ms + removeMs,
		requests: read.requests + upsert.length + remove.length,
		errors: [read, perItemUpsert, removeSample, batchedUpsert]
			.map((r) => r.result.error?.message)
			.filter(Boolean),
	};
}

/** One timed run of Sync over the input, as a dry run or applied. */
const syncRun = async (input: INodeExecutionData[], dryRun: boolean) =>
	await measured(
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
	const run = await syncRun(input, false);
	const requestKindsOfRun = await requestKinds();
	// that the run did the work: what each action a dry run, a run and a run again do is the tests' (test/node/audienceListSync.test.ts)
	const actions: Record<string, number> = {};
	for (const { json } of run.result.items)
		actions[String(json.action)] = (actions[String(json.action)] ?? 0) + 1;
	const again = await syncRun(input, false);
	return {
		n,
		dryMs: dry.ms,
		dryRequests: dry.requests,
		ms: run.ms,
		error: run.error,
		requests: run.requests,
		requestKinds: requestKindsOfRun,
		floor: Math.ceil(n / 100) + 1 + Math.ceil((2 * churn) / 10_000) + churn,
		actions,
		peakRssMb: peakRssMb(),
		rssBeforeRunMb: rssBefore,
		againMs: again.ms,
		againRequests: again.requests,
		baseline: await baseline(n, input, sample),
	};
}

runScenario('sync100k', sync100k);
