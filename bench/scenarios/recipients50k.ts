/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its settings (ROUNDS, WINDOW, RECIPIENTS, AGAINST) from the environment bench/run.ts gives it */
/**
 * Return All of 50,000 recipients of a mailing (per_page 100): the node's default Parallel Page
 * Reads (or WINDOW) and one page at a time, same data, same latency, interleaved (window, 1, 1,
 * window for ROUNDS 2). Every run's records are compared with the first run's, in order. With
 * AGAINST (set by `--against`), the same Return All by the other version too (bench/against.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEFAULT_PAGE_WINDOW } from '../../nodes/MadMimi/settings';
import { registerNodeType, runNode } from '../../test/harness';
import { MadMimi as AgainstMadMimi } from '../against';
import {
	clearRequests,
	control,
	mean,
	median,
	peakRssMb,
	runScenario,
	summary,
	timedRun,
} from './shared';

/** The recipients document's parameters for Return All of the bounced recipients of mailing 34. */
const recipientsParameters = (options: IDataObject = {}): INodeParameters =>
	({
		resource: 'mailing',
		operation: 'getRecipients',
		promotionId: { __rl: true, mode: 'id', value: '3' },
		mailingId: { __rl: true, mode: 'id', value: '34' },
		outcome: 'bounced',
		returnAll: true,
		options,
	}) as INodeParameters;

/** The node type name of the other version (`--against`), registered in the harness beside the node. */
const AGAINST_TYPE = 'bench.madMimiAgainst';

/**
 * With AGAINST: Return All with the default Parallel Page Reads by the node and by the other
 * version, in one process, interleaved A B B A for each pair of ROUNDS (after a warm-up of the
 * other version); the records of every run compared with the node's first run.
 */
async function againstReturnAll(
	rounds: number,
	reference: string[],
): Promise<Record<string, unknown>> {
	registerNodeType(AGAINST_TYPE, new AgainstMadMimi());
	await runNode({
		type: AGAINST_TYPE,
		parameters: { ...recipientsParameters(), returnAll: false, limit: 5000 },
	});
	const ms: Record<'node' | 'against', number[]> = { node: [], against: [] };
	let same = true;
	for (let r = 0; r < rounds * 2; r++) {
		for (const who of r % 2 === 0
			? (['node', 'against'] as const)
			: (['against', 'node'] as const)) {
			const type = who === 'against' ? AGAINST_TYPE : undefined;
			const { result, ms: took } = await timedRun({ type, parameters: recipientsParameters() });
			ms[who].push(took);
			const records = result.items.map((i) => JSON.stringify(i.json));
			same &&=
				result.error === undefined &&
				records.length === reference.length &&
				records.every((rec, i) => rec === reference[i]);
		}
	}
	return {
		against: process.env.AGAINST,
		againstNodeMs: ms.node,
		againstMs: ms.against,
		againstNodeMeanMs: mean(ms.node),
		againstMeanMs: mean(ms.against),
		againstRatio: mean(ms.against) / mean(ms.node),
		againstRatioMedian: median(ms.against.map((theirs, i) => theirs / ms.node[i])),
		againstSameRecords: same,
	};
}

async function recipients50k(): Promise<Record<string, unknown>> {
	// RECIPIENTS=n reads another number of recipients, e.g. 10,000 at --latency 100
	const n = Number(process.env.RECIPIENTS ?? 50_000);
	const rounds = Number(process.env.ROUNDS ?? 2);
	await control('POST', '/recipients', {
		promotionId: 3,
		mailingId: 34,
		outcome: 'bounced',
		count: n,
	});
	// one date style for every answer (no rotation), so that two runs' records compare as equal
	await control('POST', '/date-style', { dateStyle: '-0400' });
	// WINDOW=n tries another Parallel Page Reads than the node's default
	const window = process.env.WINDOW ? Number(process.env.WINDOW) : DEFAULT_PAGE_WINDOW;
	const modes = {
		parallel: process.env.WINDOW ? { parallelPageReads: window } : {},
		sequential: { parallelPageReads: 1 },
	} as const;
	const order: Array<keyof typeof modes> = [];
	for (let r = 0; r < rounds; r++)
		order.push(
			...(r % 2 === 0
				? (['parallel', 'sequential'] as const)
				: (['sequential', 'parallel'] as const)),
		);
	const runs: Record<
		string,
		Array<{ ms: number; requests: number; maxInFlight: number; records: number; error?: string }>
	> = { parallel: [], sequential: [] };
	// warm-up, untimed: 5,000 records (50 pages) in each mode, so that neither measured run
	// pays for loading and compiling the code
	for (const mode of ['parallel', 'sequential'] as const) {
		await runNode({
			parameters: { ...recipientsParameters(modes[mode]), returnAll: false, limit: 5000 },
		});
	}
	let reference: string[] | undefined;
	let mismatches = 0;
	for (const mode of order) {
		await clearRequests();
		const { result, ms } = await timedRun({ parameters: recipientsParameters(modes[mode]) });
		const s = await summary();
		const records = result.items.map((i) => JSON.stringify(i.json));
		if (reference === undefined) reference = records;
		else if (records.length !== reference.length || records.some((r, i) => r !== reference![i]))
			mismatches++;
		runs[mode].push({
			ms,
			requests: s.requests,
			maxInFlight: s.maxInFlight,
			records: records.length,
			error: result.error?.message,
		});
	}
	const records = reference?.length ?? 0;
	const against = process.env.AGAINST ? await againstReturnAll(rounds, reference ?? []) : {};
	const parallelMs = mean(runs.parallel.map((r) => r.ms));
	const sequentialMs = mean(runs.sequential.map((r) => r.ms));
	return {
		records,
		floor: Math.ceil(records / 100),
		window,
		order,
		runs,
		parallelMs,
		sequentialMs,
		speedup: sequentialMs / parallelMs,
		parallelRequests: Math.max(...runs.parallel.map((r) => r.requests)),
		sequentialRequests: Math.max(...runs.sequential.map((r) => r.requests)),
		parallelMaxInFlight: Math.max(...runs.parallel.map((r) => r.maxInFlight)),
		sequentialMaxInFlight: Math.max(...runs.sequential.map((r) => r.maxInFlight)),
		parallelRecordsPerSecond: Math.round(records / (parallelMs / 1000)),
		sequentialRecordsPerSecond: Math.round(records / (sequentialMs / 1000)),
		sameRecordsInOrder:
			mismatches === 0 &&
			Object.values(runs).every((rs) =>
				rs.every((r) => r.records === records && r.error === undefined),
			),
		errors: Object.values(runs)
			.flatMap((rs) => rs.map((r) => r.error))
			.filter(Boolean),
		peakRssMb: peakRssMb(),
		...against,
	};
}

runScenario('recipients50k', recipients50k);
