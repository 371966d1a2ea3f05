/** 1,000 add-member items: one at a time, then with the Batching option (10, then 50 per batch). */
import type { INodeParameters } from 'n8n-workflow';

import {
	clearRequests,
	control,
	people,
	runScenario,
	seedMembers,
	summary,
	timedRun,
} from './shared';

async function addMember1000(): Promise<Record<string, unknown>> {
	const n = 1000;
	const items = people(n).map((i) => ({ json: { email: i.json.email } }));
	const list = { __rl: true, mode: 'name', value: 'Seeded' };
	const parameters = { resource: 'audienceList', operation: 'addMember', list } as INodeParameters;
	const run = async (options = {}) =>
		await timedRun({ parameters: { ...parameters, email: '={{ $json.email }}', options } }, items);
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
	const sameOrder = batched10.result.items.every(
		(item, i) =>
			(item.pairedItem as { item: number }).item === i && item.json.email === items[i].json.email,
	);
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
		errors: [
			sequential.result.error?.message,
			batched10.result.error?.message,
			batched50.result.error?.message,
		].filter(Boolean),
	};
}

runScenario('addMember1000', addMember1000);
