/** The Mad Mimi emulator (emulator/) as a process of its own, for `npm start`, the e2e suite and the benchmark. */
import path from 'node:path';

import { REPO_ROOT } from './constants.mjs';
import { startProcess } from './processes.mjs';

/**
 * The emulator as a process (`npm run emulator`) on `port` (0: a free one), with the seed's data
 * and `latencyMs` before every answer; its output goes to `logFile`, and to the console with
 * `echo`. Returns the process and the address it listens on.
 *
 * @param {{ port?: number, seed?: 'demo' | 'empty', latencyMs?: number, logFile?: string, echo?: boolean }} options
 */
export async function startEmulator({
	port = 0,
	seed = 'demo',
	latencyMs = 0,
	logFile,
	echo = false,
}) {
	const tsNode = path.join(REPO_ROOT, 'node_modules', 'ts-node', 'dist', 'bin.js');
	const cli = [tsNode, '--transpile-only', path.join(REPO_ROOT, 'emulator', 'cli.ts')];
	const args = ['--port', String(port), '--seed', seed, '--latency', String(latencyMs)];
	const options = { cwd: REPO_ROOT, logFile, echo };
	const proc = startProcess('emulator', process.execPath, [...cli, ...args], options);
	const [, baseUrl] = await proc.waitFor(/listening on (http:\/\/\S+)/, 60000);
	return { proc, baseUrl };
}
