/**
 * jest setup (jest.config.js, setupFiles): n8n-workflow's `sleep` records the wait asked for in
 * test/support/waits.ts and returns at once, so that a test of five tries with backoff takes
 * milliseconds. Everything else of n8n-workflow is the real module.
 */
jest.mock('n8n-workflow', () => {
	const actual = jest.requireActual<typeof import('n8n-workflow')>('n8n-workflow');
	const { waits } = jest.requireActual<typeof import('./waits')>('./waits');
	return {
		...actual,
		sleep: async (ms: number) => {
			waits.push(ms);
		},
	};
});
