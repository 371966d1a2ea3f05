/** The node's overhead over a bare loop of fetch calls making the same 300 requests (`GET …/lists.xml` of a member). */
import { DEMO_CREDENTIALS } from '../../emulator';
import { runNode } from '../../test/harness';
import { baseUrl, runScenario, timed } from './shared';

async function overhead(): Promise<Record<string, unknown>> {
	const n = 300;
	const email = 'ann.archer@example.com';
	const items = Array.from({ length: n }, () => ({ json: { email } }));
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
	// warm both paths once
	await bare();
	await node();
	const bareRun = await bare();
	const nodeRun = await node();
	return {
		requests: n,
		bareMs: bareRun.ms,
		nodeMs: nodeRun.ms,
		ratio: nodeRun.ms / bareRun.ms,
		outputItems: nodeRun.result.items.length,
	};
}

runScenario('overhead', overhead);
