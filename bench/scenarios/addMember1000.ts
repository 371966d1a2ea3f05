/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its settings (SAMPLE) from the environment bench/run.ts gives it */
/**
 * 1,000 add-member items: one at a time, then with the Batching option (10, then 50 per batch).
 * SAMPLE=n: only the one-at-a-time run, of n items (the import's sequential baseline).
 */
import type { INodeParameters } from 'n8n-workflow';

import { control, importItems, measured, people, runScenario, untimed } from './shared';

async function addMember1000(): Promise<Record<string, unknown>> {
	const n = Number(process.env.SAMPLE ?? 1000);
	const items = people(n).map((i) => ({ json: { email: i.json.email } }));
	const list = { __rl: true, mode: 'name', value: 'Seeded' };
	const parameters = { resource: 'audienceList', operation: 'addMember', list } as INodeParameters;
	await control('POST', '/reset', { seed: 'empty' });
	await untimed(() => importItems(people(n, 'Seeded')));
	const runs = [];
	for (const itemsPerBatch of process.env.SAMPLE ? [1] : [1, 10, 50]) {
		const options = itemsPerBatch > 1 ? { itemsPerBatch } : {};
		const { ms, requests, error } = await measured(
			{ parameters: { ...parameters, email: '={{ $json.email }}', options } },
			items,
		);
		runs.push({ itemsPerBatch, ms, requests, error });
	}
	return { items: n, runs };
}

runScenario('addMember1000', addMember1000);
