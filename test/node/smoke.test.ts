import { runNode } from '../harness';
import { received, useEmulator } from './setup';

const env = useEmulator();

test('gets lists through the real engine', async () => {
	const { items, error } = await runNode({ parameters: { resource: 'audienceList', operation: 'getAll', returnAll: true } });
	expect(error).toBeUndefined();
	console.log(JSON.stringify(items.slice(0, 2), null, 1));
	console.log(received(env.emulator));
});
