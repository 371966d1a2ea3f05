/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its settings (ROUNDS, WINDOW, RECIPIENTS, AGAINST) from the environment bench/run.ts gives it */
/**
 * Return All of 50,000 recipients of a mailing (per_page 100): the node's default Parallel Page
 * Reads (or WINDOW) and one page at a time, same data, same latency, interleaved (window, 1, 1,
 * window for ROUNDS 2). With AGAINST (set by `--against`), the same Return All by the other
 * version too, in the same rounds (window, 1, other, other, 1, window).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEFAULT_PAGE_WINDOW } from '../../nodes/MadMimi/settings';
import { registerNodeType, runNode } from '../../test/harness';
import { MadMimi as AgainstMadMimi } from '../against';
import { control, interleave, mean, measured, ratios, runScenario } from './shared';

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
	// WINDOW=n tries another Parallel Page Reads than the node's default
	const window = process.env.WINDOW ? Number(process.env.WINDOW) : DEFAULT_PAGE_WINDOW;
	const parallel = process.env.WINDOW ? { parallelPageReads: window } : {};
	/** The Return Alls compared: the node's default (or WINDOW), one page at a time, and with AGAINST (`--against`) the other version's (bench/against.ts). */
	const modes = {
		parallel: { parameters: recipientsParameters(parallel) },
		sequential: { parameters: recipientsParameters({ parallelPageReads: 1 }) },
		against: { type: AGAINST_TYPE, parameters: recipientsParameters(parallel) },
	};
	type Mode = keyof typeof modes;
	const compared: Mode[] = ['parallel', 'sequential'];
	if (process.env.AGAINST) {
		registerNodeType(AGAINST_TYPE, new AgainstMadMimi());
		compared.push('against');
	}
	// warm-up, untimed: 5,000 records (50 pages) in each mode, so that neither measured run
	// pays for loading and compiling the code
	for (const mode of compared)
		await runNode({
			...modes[mode],
			parameters: { ...modes[mode].parameters, returnAll: false, limit: 5000 },
		});
	const runs: Array<{ mode: Mode; ms: number; requests: number; records: number; error?: string }> =
		[];
	for (const mode of interleave(compared, rounds)) {
		const { result, ms, requests, error } = await measured(modes[mode]);
		// that the run read every record; which and in what order is the tests' (test/node/paging.test.ts)
		runs.push({ mode, ms, requests, records: result.items.length, error });
	}
	const of = (mode: Mode) => runs.filter((r) => r.mode === mode);
	const meanMs = (mode: Mode) => mean(of(mode).map((r) => r.ms));
	const records = runs[0].records;
	return {
		records,
		sameCount: runs.every((r) => r.records === records),
		errors: runs.map((r) => r.error).filter(Boolean),
		window,
		runs,
		parallelMs: meanMs('parallel'),
		sequentialMs: meanMs('sequential'),
		parallelRequests: Math.max(...of('parallel').map((r) => r.requests)),
		sequentialRequests: Math.max(...of('sequential').map((r) => r.requests)),
		...(process.env.AGAINST
			? {
					against: process.env.AGAINST,
					againstMs: meanMs('against'),
					againstRatio: meanMs('against') / meanMs('parallel'),
					againstRatioMedian: ratios(
						of('parallel').map((r) => r.ms),
						of('against').map((r) => r.ms),
					).median,
				}
			: {}),
	};
}

runScenario('recipients50k', recipients50k);
