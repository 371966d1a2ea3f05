/**
 * 300 `GET …/lists.xml` through the node, through n8n-core's request helper alone (the HTTP
 * Request baseline node) and through a bare loop of fetch calls: after a warm-up of each, two runs
 * of each in the order bare, n8n, node, node, n8n, bare.
 */
import { registerNodeType } from '../../test/harness';
import { HTTP_BASELINE_TYPE, HttpRequestBaseline } from '../httpRequestBaseline';
import { auth, baseUrl, interleave, mean, runScenario, timed, timedRun } from './shared';

async function overhead(): Promise<Record<string, unknown>> {
	const n = 300;
	const email = 'ann.archer@example.com';
	const items = Array.from({ length: n }, () => ({ json: { email } }));
	registerNodeType(HTTP_BASELINE_TYPE, new HttpRequestBaseline());
	const bare = async () =>
		await timed(async () => {
			for (let i = 0; i < n; i++) {
				const query = new URLSearchParams(auth);
				const path = `/audience_members/${encodeURIComponent(email)}/lists.xml?${query}`;
				await (await fetch(`${baseUrl}${path}`)).text();
			}
		});
	const url = `={{ '${baseUrl}/audience_members/' + encodeURIComponent($json.email) + '/lists.xml' }}`;
	const n8n = async () =>
		await timedRun(
			{
				type: HTTP_BASELINE_TYPE,
				name: 'HTTP Request',
				parameters: { method: 'GET', url, batchSize: 1 },
			},
			items,
		);
	const node = async () =>
		await timedRun(
			{
				parameters: {
					resource: 'audienceMember',
					operation: 'getLists',
					email: '={{ $json.email }}',
				},
			},
			items,
		);
	const passes = { bare, n8n, node };
	for (const pass of Object.values(passes)) await pass();
	const runs = { bare: [] as number[], n8n: [] as number[], node: [] as number[] };
	let outputItems = 0;
	for (const path of interleave(['bare', 'n8n', 'node'] as const, 2)) {
		const run = await passes[path]();
		runs[path].push(run.ms);
		if (path === 'node') outputItems = (run.result as { items: unknown[] }).items.length;
	}
	return {
		requests: n,
		bareMs: mean(runs.bare),
		n8nMs: mean(runs.n8n),
		nodeMs: mean(runs.node),
		runsMs: runs,
		ratio: mean(runs.node) / mean(runs.bare),
		n8nRatio: mean(runs.n8n) / mean(runs.bare),
		nodeOverN8n: mean(runs.node) / mean(runs.n8n),
		outputItems,
	};
}

runScenario('overhead', overhead);
