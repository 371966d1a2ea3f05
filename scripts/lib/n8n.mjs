/**
 * Shared by `npm start` (scripts/start.mjs) and the end-to-end suite (e2e/): a pinned real n8n
 * installed into a cache folder and reused, the Node.js it needs, this package built, packed and
 * installed into an n8n user folder the way n8n installs a community package, the Mad Mimi
 * emulator, and child processes that are always stopped (also on failure and Ctrl-C).
 *
 * Plain ESM for the system Node (20 or later): no build step, no dependency.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-madmimi';
export const ACTION_TYPE = `${PACKAGE_NAME}.madMimi`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.madMimiTrigger`;
export const CREDENTIALS_TYPE = 'madMimiApi';
/** The id the example workflows refer to (examples/*.json); imported by `npm start` and the e2e suite. */
export const CREDENTIAL_ID = 'madMimiCred0001';
export const CREDENTIAL_NAME_LOCAL = 'Mad Mimi (local emulator)';
export const CREDENTIAL_NAME_REAL = 'Mad Mimi';
/** The emulator's demo account (test/emulator/seed.ts). */
export const DEMO_CREDENTIALS = { username: 'demo@example.com', apiKey: 'demo-key-7f3a9c2e51b84d6a' };
export const WRONG_CREDENTIALS = { username: 'demo@example.com', apiKey: 'wrong-key-123456' };

/**
 * The n8n releases this package is run against. `node`: the Node.js release installed from the
 * npm registry (package `node`) into the cache when the system Node's major is not in
 * `systemNodeMajors`. `overrides`: npm overrides for the n8n install. `rebuild`: native modules
 * built after an `--ignore-scripts` install. `env`: extra settings for every n8n process.
 */
export const N8N_TARGETS = {
	'2.41.1': {
		node: '24.21.0',
		systemNodeMajors: [24],
		overrides: {},
		rebuild: ['sqlite3', 'isolated-vm'],
		// the MCP registry module fetches a server list from the internet at start-up
		env: { N8N_DISABLED_MODULES: 'mcp-registry' },
	},
	'2.8.4': {
		node: '20.20.2',
		systemNodeMajors: [20],
		// xlsx's default version is fetched from a CDN, which is not reachable everywhere
		overrides: { xlsx: '0.18.5' },
		rebuild: ['sqlite3'],
		env: {},
	},
};
export const DEFAULT_N8N_VERSION = '2.41.1';

export function cacheDir() {
	return path.resolve(process.env.N8N_CACHE_DIR || path.join(os.homedir(), '.cache', PACKAGE_NAME));
}

// ---------------------------------------------------------------------------------------------
// logging

let quiet = false;
export function setQuiet(value) {
	quiet = value;
}
export function log(message) {
	if (!quiet) process.stdout.write(`${message}\n`);
}

function seconds(ms) {
	return `${(ms / 1000).toFixed(1)} s`;
}

// ---------------------------------------------------------------------------------------------
// child processes: every one is started in its own process group and remembered, so that it and
// everything it started (n8n's task runners) can be stopped, on success, failure or Ctrl-C.

const running = new Set();

/**
 * The environment without what `npm run` exports for its script (npm_config_* from the project's
 * .npmrc such as ignore-scripts and local_prefix, npm_package_*, npm_lifecycle_*), which would
 * misdirect the npm and n8n processes started here. Settings for reaching the registry stay.
 */
const KEEP_NPM = /^npm_config_(registry|cache|cafile|ca|proxy|https_proxy|noproxy|strict_ssl|fetch_retries|fetch_retry_\w+|fetch_timeout|userconfig|globalconfig)$/i;
export function cleanEnv(extra = {}) {
	const env = {};
	for (const [key, value] of Object.entries(process.env)) {
		if ((/^npm_/i.test(key) && !KEEP_NPM.test(key)) || key === 'INIT_CWD' || key === 'NODE_OPTIONS' || key === 'NODE_PATH') continue;
		env[key] = value;
	}
	return { ...env, ...extra };
}

function killGroup(child, signal) {
	if (child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			/* gone */
		}
	}
}

/**
 * Starts a long-running process. Its output goes to `logFile` (and to the console when `echo`),
 * the last 64 KB are kept for error messages. `stop()` sends SIGTERM to its process group, then
 * SIGKILL after `graceMs`.
 */
export function startProcess(name, command, args, { cwd = REPO_ROOT, env = cleanEnv(), logFile, echo = false } = {}) {
	const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	const out = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : undefined;
	let tail = '';
	const listeners = new Set();
	const onData = (chunk) => {
		const text = chunk.toString();
		out?.write(text);
		if (echo) process.stdout.write(text);
		tail = (tail + text).slice(-65536);
		for (const listener of listeners) listener(text, tail);
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);
	// 'exit' may come before the last output: wait for both streams to end (a grandchild that
	// keeps them open gets 3 s)
	const streamEnded = (stream) => new Promise((resolve) => (stream.readableEnded ? resolve() : stream.once('close', resolve)));
	const drained = Promise.all([streamEnded(child.stdout), streamEnded(child.stderr)]);
	const exited = new Promise((resolve) => {
		child.on('exit', (code, signal) => {
			let timer;
			Promise.race([drained, new Promise((r) => (timer = setTimeout(r, 3000)))]).then(() => {
				clearTimeout(timer);
				running.delete(handle);
				out?.end();
				resolve({ code, signal });
			});
		});
		child.on('error', (error) => {
			running.delete(handle);
			tail += `\n${error.message}`;
			resolve({ code: -1, signal: null, error });
		});
	});
	const handle = {
		name,
		child,
		exited,
		get output() {
			return tail;
		},
		get alive() {
			return child.exitCode === null && child.signalCode === null;
		},
		/** Resolves when `pattern` appears in the output; rejects when the process ends first or after `timeoutMs`. */
		waitFor(pattern, timeoutMs) {
			return new Promise((resolve, reject) => {
				const check = (_text, all) => {
					const match = all.match(pattern);
					if (match) {
						cleanup();
						resolve(match);
					}
				};
				const timer = setTimeout(() => {
					cleanup();
					reject(new Error(`${name}: no ${pattern} in its output after ${seconds(timeoutMs)}\n${lastLines(tail)}`));
				}, timeoutMs);
				const cleanup = () => {
					clearTimeout(timer);
					listeners.delete(check);
				};
				listeners.add(check);
				exited.then(({ code, signal }) => {
					if (!listeners.has(check)) return;
					cleanup();
					reject(new Error(`${name} ended (code ${code}, signal ${signal}) before printing ${pattern}\n${lastLines(tail)}`));
				});
				check('', tail);
			});
		},
		async stop(graceMs = 15000) {
			if (!handle.alive) return await exited;
			killGroup(child, 'SIGTERM');
			const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
			const result = await exited;
			clearTimeout(timer);
			// task runners and other grandchildren left behind
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				/* none left */
			}
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

export function lastLines(text, count = 40) {
	return text.split('\n').slice(-count).join('\n');
}

/** Runs a command to its end; rejects on a non-zero exit (unless `allowFail`) or after `timeoutMs`. */
export async function run(name, command, args, { cwd = REPO_ROOT, env = cleanEnv(), timeoutMs = 600000, logFile, allowFail = false, echo = false } = {}) {
	const handle = startProcess(name, command, args, { cwd, env, logFile, echo });
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
	// anything it left behind in its process group (n8n execute's task runner)
	try {
		process.kill(-handle.child.pid, 'SIGKILL');
	} catch {
		/* none */
	}
	const result = { code, signal, stdout, stderr, output: handle.output };
	if (timedOut) throw Object.assign(new Error(`${name} did not finish within ${seconds(timeoutMs)}\n${lastLines(handle.output)}`), result);
	if (code !== 0 && !allowFail) {
		throw Object.assign(new Error(`${name} failed (exit ${code}${signal ? `, ${signal}` : ''})\n${lastLines(handle.output)}`), result);
	}
	return result;
}

// ---------------------------------------------------------------------------------------------
// ports and HTTP

/** A TCP port free on 127.0.0.1 now, not handed out before by this process. */
const handedOut = new Set();
export async function freePort() {
	for (let attempt = 0; attempt < 50; attempt++) {
		const server = net.createServer();
		server.listen(0, '127.0.0.1');
		await once(server, 'listening');
		const { port } = server.address();
		server.close();
		await once(server, 'close');
		if (!handedOut.has(port)) {
			handedOut.add(port);
			return port;
		}
	}
	throw new Error('no free port found');
}

/** Whether something accepts connections on 127.0.0.1:port. */
export function portInUse(port, host = '127.0.0.1') {
	return new Promise((resolve) => {
		const socket = net.connect({ port, host });
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
		socket.setTimeout(1000, () => {
			socket.destroy();
			resolve(false);
		});
	});
}

/** Polls `url` until `ready(response)` is true. Rejects after `timeoutMs` or when `process` has ended. */
export async function waitForHttp(url, { timeoutMs = 120000, ready = (r) => r.ok, process: proc } = {}) {
	const deadline = Date.now() + timeoutMs;
	let lastError = '';
	while (Date.now() < deadline) {
		if (proc && !proc.alive) throw new Error(`${proc.name} ended while waiting for ${url}\n${lastLines(proc.output)}`);
		try {
			const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
			if (await ready(response)) return response;
			lastError = `HTTP ${response.status}`;
		} catch (error) {
			lastError = error.message;
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	throw new Error(`${url} not ready after ${seconds(timeoutMs)} (${lastError})${proc ? `\n${lastLines(proc.output)}` : ''}`);
}

// ---------------------------------------------------------------------------------------------
// installing Node.js and n8n into the cache

function pidAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

/** Removes `<name>.tmp-<pid>` folders left by installs that were interrupted. */
function removeStaleTemporaries(name) {
	for (const entry of fs.readdirSync(cacheDir())) {
		const match = entry.match(/^(.*)\.tmp-(\d+)$/);
		if (match && match[1] === name && !pidAlive(Number(match[2]))) fs.rmSync(path.join(cacheDir(), entry), { recursive: true, force: true });
	}
}

function withLock(name, fn) {
	const lockDir = path.join(cacheDir(), `.lock-${name}`);
	fs.mkdirSync(cacheDir(), { recursive: true });
	const acquire = async () => {
		const deadline = Date.now() + 30 * 60000;
		for (;;) {
			try {
				fs.mkdirSync(lockDir);
				fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
				return;
			} catch (error) {
				if (error.code !== 'EEXIST') throw error;
				let owner = NaN;
				try {
					owner = Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));
				} catch {
					/* being written */
				}
				const alive = Number.isInteger(owner) && owner > 0 && pidAlive(owner);
				if (!alive && Number.isInteger(owner)) {
					fs.rmSync(lockDir, { recursive: true, force: true });
					continue;
				}
				if (Date.now() > deadline) throw new Error(`${lockDir} is held by process ${owner}`);
				await new Promise((r) => setTimeout(r, 2000));
			}
		}
	};
	return (async () => {
		await acquire();
		removeStaleTemporaries(name);
		try {
			return await fn();
		} finally {
			fs.rmSync(lockDir, { recursive: true, force: true });
		}
	})();
}

/**
 * A Node.js runtime for the n8n target: the system Node when its major fits, else the pinned
 * release from the npm registry's `node` package, installed once into the cache.
 * Returns `{ bin, binDir, nodedir, version }` (`nodedir`: headers for native rebuilds).
 */
export async function ensureNode(target) {
	const spec = N8N_TARGETS[target];
	const systemMajor = Number(process.versions.node.split('.')[0]);
	// the system Node when its major fits and its headers are there (native modules are rebuilt
	// against them; node-gyp would otherwise download them, which may not be possible)
	const systemPrefix = path.dirname(path.dirname(process.execPath));
	if (spec.systemNodeMajors.includes(systemMajor) && fs.existsSync(path.join(systemPrefix, 'include', 'node', 'node.h'))) {
		return { bin: process.execPath, binDir: path.dirname(process.execPath), nodedir: systemPrefix, version: process.versions.node, system: true };
	}
	const dir = path.join(cacheDir(), `node-${spec.node}`);
	const bin = path.join(dir, 'node_modules', 'node', 'bin', 'node');
	const nodedir = path.join(dir, 'node_modules', 'node', 'node_modules', `node-${process.platform}-${process.arch}`);
	const works = () => spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() === `v${spec.node}`;
	if (fs.existsSync(bin) && works()) return { bin, binDir: path.dirname(bin), nodedir, version: spec.node, system: false };
	return await withLock(`node-${spec.node}`, async () => {
		if (fs.existsSync(bin) && works()) return { bin, binDir: path.dirname(bin), nodedir, version: spec.node, system: false };
		const started = Date.now();
		log(`Installing Node.js ${spec.node} (needed by n8n ${target}) into ${dir} ...`);
		const tmp = `${dir}.tmp-${process.pid}`;
		fs.rmSync(tmp, { recursive: true, force: true });
		fs.mkdirSync(tmp, { recursive: true });
		fs.writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ name: 'madmimi-node-runtime', private: true }));
		await run('npm install node', 'npm', ['install', `node@${spec.node}`, '--no-audit', '--no-fund', '--ignore-scripts=false', '--loglevel=error'], {
			cwd: tmp,
			timeoutMs: 10 * 60000,
			logFile: path.join(cacheDir(), `node-${spec.node}.install.log`),
		});
		fs.rmSync(dir, { recursive: true, force: true });
		fs.renameSync(tmp, dir);
		if (!works()) throw new Error(`Node.js ${spec.node} installed into ${dir} does not run`);
		log(`Node.js ${spec.node} installed in ${seconds(Date.now() - started)}.`);
		return { bin, binDir: path.dirname(bin), nodedir, version: spec.node, system: false };
	});
}

/** Environment for npm and n8n processes run with the given Node runtime. */
export function runtimeEnv(runtime, extra = {}) {
	const env = cleanEnv(extra);
	env.PATH = `${runtime.binDir}${path.delimiter}${env.PATH ?? ''}`;
	if (runtime.nodedir) env.npm_config_nodedir = runtime.nodedir;
	return env;
}

/**
 * n8n `version`, installed once into `<cache>/n8n-<version>` (with `--ignore-scripts`, then the
 * native modules it needs rebuilt for the runtime) and reused while its marker file says it is
 * complete. Returns `{ version, dir, bin, runtime }`.
 */
export async function ensureN8n(version = DEFAULT_N8N_VERSION) {
	const spec = N8N_TARGETS[version];
	if (!spec) throw new Error(`n8n ${version} is not a supported target (supported: ${Object.keys(N8N_TARGETS).join(', ')})`);
	const runtime = await ensureNode(version);
	const dir = path.join(cacheDir(), `n8n-${version}`);
	const bin = path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	const marker = path.join(dir, '.installed.json');
	const ready = () => {
		try {
			const m = JSON.parse(fs.readFileSync(marker, 'utf8'));
			return m.n8n === version && m.node === runtime.version && fs.existsSync(bin);
		} catch {
			return false;
		}
	};
	if (ready()) return { version, dir, bin, runtime };
	return await withLock(`n8n-${version}`, async () => {
		if (ready()) return { version, dir, bin, runtime };
		const started = Date.now();
		const logFile = path.join(cacheDir(), `n8n-${version}.install.log`);
		log(`Installing n8n ${version} into ${dir} (first run only: about 3 to 6 minutes; log: ${logFile}) ...`);
		const tmp = `${dir}.tmp-${process.pid}`;
		fs.rmSync(tmp, { recursive: true, force: true });
		fs.mkdirSync(tmp, { recursive: true });
		fs.writeFileSync(
			path.join(tmp, 'package.json'),
			JSON.stringify({ name: `madmimi-n8n-${version}`, private: true, overrides: spec.overrides }, null, 2),
		);
		const env = runtimeEnv(runtime);
		await run(
			`npm install n8n@${version}`,
			'npm',
			['install', `n8n@${version}`, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
			{ cwd: tmp, env, timeoutMs: 30 * 60000, logFile },
		);
		const present = spec.rebuild.filter((m) => fs.existsSync(path.join(tmp, 'node_modules', m)));
		if (present.length) {
			await run(`npm rebuild ${present.join(' ')}`, 'npm', ['rebuild', ...present, '--ignore-scripts=false', '--loglevel=error'], {
				cwd: tmp,
				env,
				timeoutMs: 20 * 60000,
				logFile,
			});
			await run('native modules check', runtime.bin, ['-e', present.map((m) => `require(${JSON.stringify(m)})`).join(';')], {
				cwd: tmp,
				env,
				timeoutMs: 60000,
			});
		}
		fs.writeFileSync(path.join(tmp, '.installed.json'), JSON.stringify({ n8n: version, node: runtime.version, at: new Date().toISOString() }));
		fs.rmSync(dir, { recursive: true, force: true });
		fs.renameSync(tmp, dir);
		log(`n8n ${version} installed in ${seconds(Date.now() - started)}.`);
		return { version, dir, bin, runtime };
	});
}

// ---------------------------------------------------------------------------------------------
// this package

/** `npm run build`, then `npm pack` into `destination`. Returns the tarball's path and npm's report. */
export async function buildAndPack(destination, { build = true, logFile } = {}) {
	if (build) await run('npm run build', 'npm', ['run', 'build'], { timeoutMs: 10 * 60000, logFile });
	fs.mkdirSync(destination, { recursive: true });
	const { stdout } = await run('npm pack', 'npm', ['pack', '--json', '--pack-destination', destination], { timeoutMs: 5 * 60000, logFile });
	const report = parseNpmJson(stdout)[0];
	return { tarball: path.join(destination, report.filename), report };
}

/** npm's --json output (npm may print notices before it). */
export function parseNpmJson(stdout) {
	const start = stdout.search(/^\s*[[{]/m);
	return JSON.parse(stdout.slice(start));
}

/**
 * Installs the packed package into `<userFolder>/.n8n/nodes` as n8n's own community-package
 * installer does (n8n 2.x, CommunityPackagesService.downloadPackage): the tarball unpacked into
 * `nodes/node_modules/<name>`, its dev/peer/optional dependencies removed from its package.json,
 * and the package recorded in `nodes/package.json`. Returns the package's folder.
 */
export async function installPackage(userFolder, tarball) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const packageDir = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	fs.rmSync(packageDir, { recursive: true, force: true });
	fs.mkdirSync(packageDir, { recursive: true });
	await run('tar', 'tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1'], { timeoutMs: 60000 });
	const manifestPath = path.join(packageDir, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...manifest } = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
	fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
	const ledgerPath = path.join(nodesDir, 'package.json');
	let ledger = { name: 'installed-nodes', private: true, dependencies: {} };
	try {
		ledger = JSON.parse(fs.readFileSync(ledgerPath, 'utf8'));
	} catch {
		/* first package */
	}
	ledger.dependencies = { ...(ledger.dependencies ?? {}), [PACKAGE_NAME]: manifest.version };
	fs.writeFileSync(ledgerPath, JSON.stringify(ledger, null, 2));
	return packageDir;
}

/** Whether the packed package declares the trigger node (it is being written separately). */
export function packageHasTrigger(packageDir) {
	const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
	const nodes = manifest.n8n?.nodes ?? [];
	return nodes.some((n) => /MadMimiTrigger\.node\.js$/.test(n) && fs.existsSync(path.join(packageDir, n)));
}

// ---------------------------------------------------------------------------------------------
// n8n processes

/** Settings for every n8n process: its own folder and ports, loopback only, nothing calling out. */
export function n8nEnv(install, { userFolder, port, brokerPort, encryptionKey, extra = {} }) {
	const base = cleanEnv();
	// a developer's own n8n settings must not leak into these instances
	for (const key of Object.keys(base)) if (/^(N8N_|DB_|EXECUTIONS_|QUEUE_|WEBHOOK_URL$|GENERIC_TIMEZONE$)/.test(key)) delete base[key];
	const env = {
		...base,
		PATH: `${install.runtime.binDir}${path.delimiter}${base.PATH ?? ''}`,
		N8N_USER_FOLDER: userFolder,
		DB_TYPE: 'sqlite',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_SECURE_COOKIE: 'false',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		// nothing calls out: telemetry, version checks, templates, banners, license renewal,
		// the verified-community-nodes list
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		// community packages from <user folder>/.n8n/nodes (the defaults, stated)
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// no Python task runner (needs a virtualenv; only the JavaScript runner is used)
		N8N_PYTHON_ENABLED: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_RUNNERS_ENABLED: 'true',
		...N8N_TARGETS[install.version].env,
		...extra,
	};
	if (port) env.N8N_PORT = String(port);
	if (brokerPort) env.N8N_RUNNERS_BROKER_PORT = String(brokerPort);
	if (encryptionKey) env.N8N_ENCRYPTION_KEY = encryptionKey;
	return env;
}

/** Runs an n8n CLI command (`import:workflow`, `execute`, ...) to its end. */
export async function n8nCli(install, env, args, { timeoutMs = 180000, allowFail = false, logFile } = {}) {
	return await run(`n8n ${args[0]}`, install.runtime.bin, [install.bin, ...args], { cwd: env.N8N_USER_FOLDER, env, timeoutMs, allowFail, logFile });
}

/**
 * `n8n execute --id <id> --rawOutput`: returns `{ code, run, output }`, `run` being the JSON n8n
 * prints after its log lines (undefined when it printed none).
 */
export async function n8nExecute(install, env, workflowId, options = {}) {
	const result = await n8nCli(install, env, ['execute', `--id=${workflowId}`, '--rawOutput'], { allowFail: true, ...options });
	return { code: result.code, run: runJson(result.stdout), output: result.output };
}

/**
 * The run's JSON in what `n8n execute --rawOutput` printed: from a line that is only `{` to the
 * line `}` that closes it. n8n may print log lines before it and, now and then, after it.
 */
function runJson(stdout) {
	const lines = stdout.split('\n');
	for (let start = 0; start < lines.length; start++) {
		if (!/^\{\s*$/.test(lines[start])) continue;
		for (let end = lines.length - 1; end > start; end--) {
			if (!/^\}\s*$/.test(lines[end])) continue;
			try {
				return JSON.parse(lines.slice(start, end + 1).join('\n'));
			} catch {
				// not this pair: try a shorter span
			}
		}
	}
	return undefined;
}

/** Output items (json only) of one node in an `n8n execute --rawOutput` result. */
export function nodeOutput(runData, nodeName, outputIndex = 0) {
	const runs = runData?.data?.resultData?.runData?.[nodeName];
	if (!runs) return undefined;
	return (runs[runs.length - 1].data?.main?.[outputIndex] ?? []).map((i) => i.json);
}

/** Starts `n8n start` and waits until the editor and REST API answer. */
export async function startN8n(install, env, { logFile, timeoutMs = 180000, echo = false } = {}) {
	const proc = startProcess('n8n', install.runtime.bin, [install.bin, 'start'], { cwd: env.N8N_USER_FOLDER, env, logFile, echo });
	const base = `http://127.0.0.1:${env.N8N_PORT}`;
	await waitForHttp(`${base}/rest/settings`, {
		timeoutMs,
		process: proc,
		ready: async (r) => r.ok && (await r.json().catch(() => ({}))).data !== undefined,
	});
	// the REST routes (owner setup, types) are registered just after settings answers
	await waitForHttp(`${base}/types/credentials.json`, { timeoutMs: 60000, process: proc, ready: (r) => r.status !== 404 });
	return { proc, baseUrl: base };
}

/** A REST client for a running n8n, with the session cookie of the logged-in user. */
export class N8nRest {
	constructor(baseUrl) {
		this.baseUrl = baseUrl;
		this.cookie = '';
	}

	async request(method, route, body, { expectOk = true } = {}) {
		const response = await fetch(`${this.baseUrl}${route}`, {
			method,
			headers: {
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
				...(this.cookie ? { cookie: this.cookie } : {}),
				// n8n 2.x wants this header on REST calls made by its editor
				'browser-id': 'madmimi-e2e',
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(60000),
		});
		const setCookie = response.headers.getSetCookie?.() ?? [];
		const auth = setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		if (auth) this.cookie = auth;
		const text = await response.text();
		let json;
		try {
			json = JSON.parse(text);
		} catch {
			json = undefined;
		}
		if (expectOk && !response.ok) throw new Error(`${method} ${route}: HTTP ${response.status} ${text.slice(0, 500)}`);
		return { status: response.status, json, text };
	}

	/** Creates the owner when n8n asks for one; logs in otherwise. */
	async setupOwnerOrLogin(owner) {
		const settings = await this.request('GET', '/rest/settings');
		if (settings.json?.data?.userManagement?.showSetupOnFirstLoad) {
			await this.request('POST', '/rest/owner/setup', owner);
			return 'created';
		}
		await this.login(owner);
		return 'logged-in';
	}

	async login(owner) {
		// n8n 2.x takes emailOrLdapLoginId; 1.x took email
		await this.request('POST', '/rest/login', { emailOrLdapLoginId: owner.email, email: owner.email, password: owner.password });
	}
}

/** The emulator as a process (`npm run emulator`), on `port`, with the demo data. */
export async function startEmulator({ port, seed = 'demo', logFile, echo = false }) {
	const tsNode = path.join(REPO_ROOT, 'node_modules', 'ts-node', 'dist', 'bin.js');
	const proc = startProcess(
		'emulator',
		process.execPath,
		[tsNode, '--transpile-only', path.join(REPO_ROOT, 'test', 'emulator', 'cli.ts'), '--port', String(port), '--seed', seed],
		{ cwd: REPO_ROOT, logFile, echo },
	);
	await proc.waitFor(/listening on (http:\/\/\S+)/, 60000);
	return { proc, baseUrl: `http://127.0.0.1:${port}` };
}

/** The credential file `n8n import:credentials` takes (data in clear; n8n encrypts it on import). */
export function credentialsFile(file, { name, username, apiKey, baseUrl }) {
	fs.writeFileSync(
		file,
		JSON.stringify([{ id: CREDENTIAL_ID, name, type: CREDENTIALS_TYPE, data: { username, apiKey, baseUrl } }], null, 2),
	);
	return file;
}

/** The example workflows (examples/*.json), the trigger's left out when the package has no trigger. */
export function exampleFiles({ withTrigger = true } = {}) {
	const dir = path.join(REPO_ROOT, 'examples');
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => path.join(dir, f))
		.filter((file) => withTrigger || !JSON.parse(fs.readFileSync(file, 'utf8')).nodes.some((n) => n.type === TRIGGER_TYPE));
}

/** The cache's install lock (one installer at a time per name), for the installs in scripts/lib/queue.mjs. */
export { withLock as withCacheLock };
