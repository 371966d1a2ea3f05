/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its settings (SAMPLE) from the environment bench/run.ts gives it */
/** The older baseline of import: one add-to-list request per item, sequential, on a sample of SAMPLE items (default 300). */
import type { INodeParameters } from 'n8n-workflow';

import { people, runScenario, seedMembers, summary, timedRun } from './shared';

async function addPerItemSample(): Promise<Record<string, unknown>> {
	const n = Number(process.env.SAMPLE ?? 300);
	await seedMembers(n);
	const list = { __rl: true, mode: 'name', value: 'Seeded' };
	const parameters = { resource: 'audienceList', operation: 'addMember', list } as INodeParameters;
	const { result, ms } = await timedRun(
		{ parameters: { ...parameters, email: '={{ $json.email }}' } },
		people(n).map((i) => ({ json: { email: i.json.email } })),
	);
	const s = await summary();
	return {
		items: n,
		ok: result.items.length,
		error: result.error?.message,
		requests: s.requests,
		ms,
		msPerItem: ms / n,
	};
}

runScenario('addPerItemSample', addPerItemSample);
