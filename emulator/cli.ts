/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- the emulator's command line: prints its address and credentials, reads its arguments */
/**
 * Runs the emulator as a process:
 *   ts-node --transpile-only emulator/cli.ts [--port N] [--latency MS] [--seed demo|empty]
 * EMULATOR_PORT also sets the port (the flag wins). Default port 8787. Stops on SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';

import { DEMO_CREDENTIALS, startEmulator } from './index';

const USAGE = 'usage: cli.ts [--port N] [--latency MS] [--seed demo|empty]';

function fail(message: string): never {
	console.error(message);
	console.error(USAGE);
	process.exit(2);
}

async function main(): Promise<void> {
	const string = { type: 'string' } as const;
	const { values } = parseArgs({
		options: {
			port: { ...string, default: process.env.EMULATOR_PORT || '8787' },
			latency: { ...string, default: '0' },
			seed: { ...string, default: 'demo' },
			help: { type: 'boolean', short: 'h' },
		},
	});
	if (values.help) return console.log(USAGE);
	const port = Number(values.port);
	const latencyMs = Number(values.latency);
	if (!Number.isInteger(port) || port < 0 || port > 65535) fail('port must be 0..65535');
	if (!Number.isFinite(latencyMs) || latencyMs < 0) fail('latency must be a number >= 0');
	if (values.seed !== 'demo' && values.seed !== 'empty') fail('--seed must be demo or empty');
	const emulator = await startEmulator({ port, latencyMs, seed: values.seed });
	console.log(`Mad Mimi emulator listening on ${emulator.baseUrl}`);
	console.log(`username: ${DEMO_CREDENTIALS.username}`);
	console.log(`api_key: ${DEMO_CREDENTIALS.apiKey}`);
	let stopping = false;
	const stop = (): void => {
		if (stopping) return;
		stopping = true;
		emulator.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
	fail(err instanceof Error ? err.message : String(err));
});
