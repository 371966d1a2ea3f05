/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its case from the environment and its own memory figures from /proc, and starts a small server process for one case */
/**
 * The node reading a 50 MiB answer (GET /audience_lists/lists.xml answered by the emulator's
 * `hugeBytes` fault) in one of three cases (CASE): `default` (Max Response Size 20 MB: the
 * answer declares its length, so it is refused at its first chunk), `chunked` (the same size
 * from a server that declares no length, bench/chunkedServer.ts: refused once 20 MB have
 * streamed in) and `cap64` (Max Response Size 64: read whole, then refused as not readable).
 * Peak RSS over the run is the kernel's high-water mark, reset just before it (Linux only).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEMO_CREDENTIALS } from '../../emulator';
import { runNode, setCredentials } from '../../test/harness';
import { MB, control, getLatency, runScenario, timedRun } from './shared';

/** 50 MiB (52.4 MB), the size the issue names. */
const HUGE_BYTES = 52_428_800;

/** The peak resident set of this process since it was last reset (Linux: VmHWM, reset by clear_refs). */
const peakBytes = () =>
	Number(/VmHWM:\s+(\d+)\s+kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;

/** Starts bench/chunkedServer.ts (bundled beside this scenario) in a process of its own: its URL, and what it sent once the answer closed. */
async function startChunkedServer(bytes: number, latencyMs: number) {
	const server = path.join(__dirname, 'chunkedServer.js');
	const child = spawn(process.execPath, [server, String(bytes), String(latencyMs)], {
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	const [url] = (await Promise.race([
		once(child, 'message'),
		once(child, 'exit').then(([code]) => {
			throw new Error(`the chunked server exited with ${String(code)}`);
		}),
	])) as [string];
	const report = once(child, 'message').then(
		([served]) => served as { sent: number; complete: boolean },
	);
	return { url, report };
}

async function hugeAnswer(): Promise<Record<string, unknown>> {
	const which = process.env.CASE ?? 'default';
	const options: IDataObject = which === 'cap64' ? { maxAnswerSize: 64 } : {};
	const parameters = {
		resource: 'audienceList',
		operation: 'getAll',
		returnAll: true,
		options,
	} as INodeParameters;
	// warm-up: the same operation on the ordinary (small) lists document, so that the code
	// the run needs is loaded and compiled before it is measured
	for (let i = 0; i < 3; i++) await runNode({ parameters });
	const server =
		which === 'chunked' ? await startChunkedServer(HUGE_BYTES, await getLatency()) : undefined;
	if (server) await setCredentials({ ...DEMO_CREDENTIALS, baseUrl: server.url });
	else
		await control('POST', '/faults', {
			path: '/audience_lists/lists.xml',
			times: 1,
			respond: { hugeBytes: HUGE_BYTES },
		});
	const gc = (globalThis as { gc?: () => void }).gc;
	gc?.();
	gc?.();
	await sleep(200);
	writeFileSync('/proc/self/clear_refs', '5');
	const start = process.memoryUsage().rss;
	const run = await timedRun({ parameters });
	// the peak is read before waiting for the server's report, so that the wait cannot add to it
	const peak = peakBytes();
	const served = server && (await Promise.race([server.report, sleep(2000, undefined)]));
	return {
		case: which,
		answerBytes: HUGE_BYTES,
		ms: run.ms,
		error: run.result.error?.message,
		peakGrowthMb: (peak - start) / MB,
		growthPerAnswerByte: (peak - start) / HUGE_BYTES,
		// the chunked case: what the server had sent when the node's connection closed
		serverSentBytes: served?.sent,
		serverSentAll: served?.complete,
	};
}

runScenario('hugeAnswer', hugeAnswer);
