import { runNode } from '../harness';
import { nodeParams, useEmulator } from './setup';

const env = useEmulator();

test('the Timeout request option bounds each request, with a clear message and nothing leaked', async () => {
	env.emulator.faults.add({ path: '/audience_lists/lists.xml', respond: 'hang' });
	const started = Date.now();
	const { error } = await runNode({
		parameters: nodeParams('audienceList', 'getAll', {
			returnAll: true,
			options: { timeout: 0.3 },
		}),
	});
	expect(Date.now() - started).toBeLessThan(10_000);
	expect(error?.message).toBe('Mad Mimi did not respond within 300 ms');
	expect(error?.description).not.toContain('/audience_lists/lists.xml'); // the user's words, not the API path
	expect(JSON.stringify({ m: error?.message, d: error?.description })).not.toContain('demo-key');
});
