/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its case from the environment and its own memory figures from /proc, and starts a small server process for one case */
/**
 * The node reading a 50 MiB answer (GET /audience_lists/lists.xml answered by the emulator's
 * `hugeBytes` fault) in one of three cases (CASE): `default` (Max Response Size 20 MB: the
 * answer declares its length, so it is refused at its first chunk), `chunked` (the same size
 * from a server that declares no length, bench/chunkedServer.ts: refused once 20 MB have
 * streamed in) and `cap64` (Max Response Size 64: read whole, then refused as not readable).
 * Peak RSS over the run is the kernel's high-water mark, reset just before it.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEMO_CREDENTIALS } from '../../emulator';
import { runNode, setCredentials } from '../../test/harness';
import type { RunResult } from '../../test/harness';
import { MB, control, getLatency, runScenario, timedRun } from './shared';

/** 50 MiB (52.4 MB), the size the issue names. */
const HUGE_BYTES = 52_428_800;

/** Resets the kernel's high-water mark of this process's resident set (Linux: clear_refs). */
function resetPeak(): boolean {
	try {
		writeFileSync('/proc/self/clear_refs', '5');
		return true;
	} catch {
		return false;
	}
}

/** The peak resident set since the reset (VmHWM); elsewhere than Linux, the process's lifetime peak. */
function peakBytes(): number {
	try {
		const m = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync('/proc/self/status', 'utf8'));
		if (m) return Number(m[1]) * 1024;
	} catch {
		// not Linux
	}
	return process.resourceUsage().maxRSS * 1024;
}

/** bench/chunkedServer.ts running in a process of its own. */
interface ChunkedServer {
	url: string;
	/** What the server sent before the connection closed: `{ sent, complete }`, once it closed (undefined after 2 s). */
	closed: () => Promise<{ sent: number; complete: boolean } | undefined>;
	stop: () => void;
}

/** Starts the chunked server, bundled by bench/run.ts beside this scenario's bundle, and resolves once it listens. */
function startChunkedServer(bytes: number, latencyMs: number): Promise<ChunkedServer> {
	return new Promise((resolve, reject) => {
		const child = spawn(
			process.execPath,
			[path.join(__dirname, 'chunkedServer.js'), String(bytes), String(latencyMs)],
			{ stdio: ['ignore', 'pipe', 'inherit'] },
		);
		let out = '';
		let started = false;
		const closed = async () => {
			for (let waited = 0; waited < 2000; waited += 20) {
				const c = /closed (\{.*\})/.exec(out);
				if (c) return JSON.parse(c[1]) as { sent: number; complete: boolean };
				await new Promise((r) => setTimeout(r, 20));
			}
			return undefined;
		};
		child.stdout.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const m = /listening on (http:\/\/\S+)/.exec(out);
			if (m && !started) {
				started = true;
				resolve({ url: m[1], closed, stop: () => child.kill('SIGTERM') });
			}
		});
		child.on('exit', (code) => {
			if (!started) reject(new Error(`the chunked server exited with ${code}`));
		});
	});
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
	let server: ChunkedServer | undefined;
	if (which === 'chunked') {
		server = await startChunkedServer(HUGE_BYTES, await getLatency());
		await setCredentials({ ...DEMO_CREDENTIALS, baseUrl: server.url });
	} else {
		await control('POST', '/faults', {
			path: '/audience_lists/lists.xml',
			times: 1,
			respond: { hugeBytes: HUGE_BYTES },
		});
	}
	const gc = (globalThis as { gc?: () => void }).gc;
	gc?.();
	gc?.();
	await new Promise((resolve) => setTimeout(resolve, 200));
	const resetWorked = resetPeak();
	const start = process.memoryUsage();
	let run: { result: RunResult; ms: number };
	let peak = 0;
	let served: { sent: number; complete: boolean } | undefined;
	try {
		run = await timedRun({ parameters });
	} finally {
		// the peak is read before waiting for the server's report, so that the wait cannot add to it
		peak = peakBytes();
		served = await server?.closed();
		server?.stop();
	}
	const { result, ms } = run;
	return {
		case: which,
		answerBytes: HUGE_BYTES,
		maxAnswerSizeMb: which === 'cap64' ? 64 : 20,
		ms,
		error: result.error?.message,
		outputItems: result.items.length,
		highWaterMarkReset: resetWorked,
		rssStartMb: start.rss / MB,
		peakRssMb: peak / MB,
		peakGrowthMb: (peak - start.rss) / MB,
		growthPerAnswerByte: (peak - start.rss) / HUGE_BYTES,
		// the chunked case: what the server had sent when the node's connection closed
		serverSentBytes: served?.sent,
		serverSentAll: served?.complete,
	};
}

runScenario('hugeAnswer', hugeAnswer);
