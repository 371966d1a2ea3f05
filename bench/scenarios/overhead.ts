/**
 * The node's overhead over a bare loop of fetch calls making the same 300 requests (`GET …/lists.xml`
 * of a member), and n8n's share of it: the same requests through n8n-core's request helper with the
 * Mad Mimi credential, one at a time, the URL an expression per item (the HTTP Request node's way;
 * bench/httpRequestBaseline.ts). After a warm-up of each, two runs of each in the order bare, n8n,
 * node, node, n8n, bare; the means and their ratios.
 */
import { DEMO_CREDENTIALS } from '../../emulator';
import { registerNodeType, runNode } from '../../test/harness';
import { HTTP_BASELINE_TYPE, HttpRequestBaseline } from '../httpRequestBaseline';
import { baseUrl, runScenario, timed } from './shared';

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

async function overhead(): Promise<Record<string, unknown>> {
	const n = 300;
	const email = 'ann.archer@example.com';
	const items = Array.from({ length: n }, () => ({ json: { email } }));
	registerNodeType(HTTP_BASELINE_TYPE, new HttpRequestBaseline());
	const bare = async () =>
		await timed(async () => {
			let lists = 0;
			for (let i = 0; i < n; i++) {
				const query = new URLSearchParams({
					username: DEMO_CREDENTIALS.username,
					api_key: DEMO_CREDENTIALS.apiKey,
				});
				const response = await fetch(
					`${baseUrl}/audience_members/${encodeURIComponent(email)}/lists.xml?${query}`,
				);
				lists += (await response.text()).length > 0 ? 1 : 0;
			}
			return lists;
		});
	const n8n = async () =>
		await timed(
			async () =>
				await runNode(
					{
						type: HTTP_BASELINE_TYPE,
						name: 'HTTP Request',
						parameters: {
							method: 'GET',
							url: `={{ '${baseUrl}/audience_members/' + encodeURIComponent($json.email) + '/lists.xml' }}`,
							batchSize: 1,
						},
					},
					items,
				),
		);
	const node = async () =>
		await timed(
			async () =>
				await runNode(
					{
						parameters: {
							resource: 'audienceMember',
							operation: 'getLists',
							email: '={{ $json.email }}',
						},
					},
					items,
				),
		);
	await bare();
	await n8n();
	await node();
	const runs = { bare: [] as number[], n8n: [] as number[], node: [] as number[] };
	let outputItems = 0;
	for (const path of ['bare', 'n8n', 'node', 'node', 'n8n', 'bare'] as const) {
		const run = path === 'bare' ? await bare() : await (path === 'n8n' ? n8n() : node());
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
