/**
 * Child processes: every one is started in its own process group and remembered, so that it and
 * everything it started (n8n's task runners) can be stopped, on success, failure or Ctrl-C.
 * Their output is piped by scripts/lib/log.mjs.
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

import { REPO_ROOT } from './constants.mjs';
import { lastLines, pipeOutput, seconds } from './log.mjs';

const running = new Set();

/**
 * The environment without what `npm run` exports for its script (npm_config_* from the project's
 * .npmrc such as ignore-scripts and local_prefix, npm_package_*, npm_lifecycle_*), which would
 * misdirect the npm and n8n processes started here. Settings for reaching the registry stay.
 */
const KEEP_NPM =
	/^npm_config_(registry|cache|cafile|ca|proxy|https_proxy|noproxy|strict_ssl|fetch_retries|fetch_retry_\w+|fetch_timeout|userconfig|globalconfig)$/i;
export function cleanEnv(extra = {}) {
	const env = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (
			(/^npm_/i.test(key) && !KEEP_NPM.test(key)) ||
			key === 'INIT_CWD' ||
			key === 'NODE_OPTIONS' ||
			key === 'NODE_PATH'
		)
			continue;
		env[key] = value;
	}
	return { ...env, ...extra };
}

/** `signal` to a child's process group: it and what it started (n8n's task runners), if any is left. */
function killGroup(child, signal) {
	try {
		process.kill(-child.pid, signal);
	} catch {
		/* none left */
	}
}

/**
 * Starts a long-running process. Its output goes to `logFile` (and to the console when `echo`),
 * the last 64 KB are kept for error messages. `stop()` sends SIGTERM to its process group, then
 * SIGKILL after `graceMs`.
 */
export function startProcess(
	name,
	command,
	args,
	{ cwd = REPO_ROOT, env = cleanEnv(), logFile, echo = false } = {},
) {
	const child = spawn(command, args, {
		cwd,
		env,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const output = pipeOutput(child, { logFile, echo });
	const exited = new Promise((resolve) => {
		child.on('exit', (code, signal) => {
			// 'exit' may come before the last output: wait for both streams to end (a grandchild
			// that keeps them open gets 3 s)
			let timer;
			Promise.race([output.drained, new Promise((r) => (timer = setTimeout(r, 3000)))]).then(() => {
				clearTimeout(timer);
				running.delete(handle);
				output.end();
				resolve({ code, signal });
			});
		});
		child.on('error', (error) => {
			running.delete(handle);
			output.append(`\n${error.message}`);
			resolve({ code: -1, signal: null, error });
		});
	});
	const handle = {
		name,
		child,
		exited,
		get output() {
			return output.tail;
		},
		get alive() {
			return child.exitCode === null && child.signalCode === null;
		},
		/** The first match of `pattern` in the output; rejects when the process ends first or after `timeoutMs`. */
		async waitFor(pattern, timeoutMs) {
			const deadline = Date.now() + timeoutMs;
			let why;
			void exited.then(({ code, signal }) => {
				why = ` ended (code ${code}, signal ${signal}) before printing ${pattern}`;
			});
			for (;;) {
				const match = output.tail.match(pattern);
				if (match) return match;
				if (!why && Date.now() > deadline)
					why = `: no ${pattern} in its output after ${seconds(timeoutMs)}`;
				if (why) throw new Error(`${name}${why}\n${lastLines(output.tail)}`);
				await sleep(100);
			}
		},
		async stop(graceMs = 15000) {
			if (!handle.alive) return await exited;
			killGroup(child, 'SIGTERM');
			const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
			const result = await exited;
			clearTimeout(timer);
			killGroup(child, 'SIGKILL');
			return result;
		},
	};
	running.add(handle);
	return handle;
}

/** Stops every process started through this module, newest first. */
export async function stopAll(graceMs = 15000) {
	const handles = [...running].reverse();
	await Promise.all(handles.map((h) => h.stop(graceMs)));
}

let exitHandlersInstalled = false;
let stopping = false;
/** Whether a signal started the shutdown (processes ending now are expected to). */
export function isStopping() {
	return stopping;
}
/**
 * On SIGINT/SIGTERM/SIGHUP: `onSignal`, stop everything, then exit (with `exitCode`, or 130/143).
 * A second Ctrl-C kills at once. On process exit: SIGKILL whatever is left.
 */
export function installExitHandlers(onSignal, exitCode) {
	if (exitHandlersInstalled) return;
	exitHandlersInstalled = true;
	const handler = (signal) => {
		if (stopping) {
			for (const h of running) killGroup(h.child, 'SIGKILL');
			process.exit(130);
		}
		stopping = true;
		Promise.resolve(onSignal?.(signal))
			.catch(() => {})
			.then(() => stopAll())
			.finally(() => process.exit(exitCode ?? (signal === 'SIGINT' ? 130 : 143)));
	};
	process.on('SIGINT', handler);
	process.on('SIGTERM', handler);
	process.on('SIGHUP', handler);
	process.on('exit', () => {
		for (const h of running) killGroup(h.child, 'SIGKILL');
	});
}

/**
 * For a script run as a child of a test runner (e2e/run.mjs): when the runner is gone (killed,
 * so this process was re-parented), stop everything this process started and exit.
 */
export function stopWhenParentGoes(label) {
	const parentPid = process.ppid;
	setInterval(() => {
		if (process.ppid !== parentPid) {
			process.stderr.write(`${label}: the test runner is gone: stopping every process started\n`);
			void stopAll(5000).finally(() => process.exit(1));
		}
	}, 2000).unref();
}

/**
 * Runs a command to its end; rejects on a non-zero exit (unless `allowFail`) or after `timeoutMs`.
 * @param {string} name @param {string} command @param {string[]} args
 * @param {{ timeoutMs?: number, allowFail?: boolean, cwd?: string, env?: NodeJS.ProcessEnv, logFile?: string, echo?: boolean }} [options]
 */
export async function run(
	name,
	command,
	args,
	{ timeoutMs = 600000, allowFail = false, ...options } = {},
) {
	const handle = startProcess(name, command, args, options);
	let stdout = '';
	let stderr = '';
	handle.child.stdout.on('data', (c) => (stdout += c));
	handle.child.stderr.on('data', (c) => (stderr += c));
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		void handle.stop(5000);
	}, timeoutMs);
	const { code, signal } = await handle.exited;
	clearTimeout(timer);
	killGroup(handle.child, 'SIGKILL'); // what it left in its process group (n8n execute's task runner)
	const result = { code, signal, stdout, stderr, output: handle.output };
	const failed = code !== 0 && !allowFail && `failed (exit ${code}${signal ? `, ${signal}` : ''})`;
	const why = timedOut ? `did not finish within ${seconds(timeoutMs)}` : failed;
	if (why) throw Object.assign(new Error(`${name} ${why}\n${lastLines(handle.output)}`), result);
	return result;
}
