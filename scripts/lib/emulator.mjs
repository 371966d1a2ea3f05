/** The Mad Mimi emulator (emulator/) as a process of its own, for `npm start` and the e2e suite. */
import path from 'node:path';

import { REPO_ROOT } from './constants.mjs';
import { startProcess } from './processes.mjs';

/** The emulator as a process (`npm run emulator`), on `port`, with the demo data. */
export async function startEmulator({ port, seed = 'demo', logFile, echo = false }) {
	const tsNode = path.join(REPO_ROOT, 'node_modules', 'ts-node', 'dist', 'bin.js');
	const proc = startProcess(
		'emulator',
		process.execPath,
		[
			tsNode,
			'--transpile-only',
			path.join(REPO_ROOT, 'emulator', 'cli.ts'),
			'--port',
			String(port),
			'--seed',
			seed,
		],
		{ cwd: REPO_ROOT, logFile, echo },
	);
	await proc.waitFor(/listening on (http:\/\/\S+)/, 60000);
	return { proc, baseUrl: `http://127.0.0.1:${port}` };
}
