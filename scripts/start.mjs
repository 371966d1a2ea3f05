#!/usr/bin/env node
/**
 * `npm start`: a real n8n with this package installed, the Mad Mimi emulator with demo data, a
 * ready credential and the example workflows, on http://127.0.0.1:5678. Ctrl-C stops it all.
 * See `npm start -- --help` and CONTRIBUTING.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import {
	CREDENTIAL_NAME_LOCAL,
	CREDENTIAL_NAME_REAL,
	DEMO_CREDENTIALS,
	REPO_ROOT,
} from './lib/constants.mjs';
import { startEmulator } from './lib/emulator.mjs';
import { DEFAULT_N8N_VERSION, N8N_TARGETS, cacheDir, ensureN8n } from './lib/install.mjs';
import { lastLines } from './lib/log.mjs';
import {
	N8nRest,
	credentialsFile,
	n8nCli,
	n8nEnv,
	removeEditorCopies,
	startN8n,
} from './lib/n8n.mjs';
import { freePort, portInUse } from './lib/net.mjs';
import { buildAndPack, installPackage } from './lib/pack.mjs';
import { installExitHandlers, isStopping, stopAll } from './lib/processes.mjs';

const HELP = `Usage: npm start -- [options]

Starts a real n8n (${DEFAULT_N8N_VERSION} by default, installed once into ${cacheDir()})
with this package installed from its packed tarball, the Mad Mimi emulator with demo data,
a ready "Mad Mimi" credential and the example workflows. Ctrl-C stops everything it started.

Options:
  --real               point the credential at the real Mad Mimi API instead of the emulator
                       (needs MADMIMI_USERNAME and MADMIMI_API_KEY; MADMIMI_REAL=1 does the same)
  --port N             n8n's port (default 5678, or N8N_PORT)
  --emulator-port N    the emulator's port (default 8787, or EMULATOR_PORT; a free one if taken)
  --n8n VERSION        n8n release to run: ${Object.keys(N8N_TARGETS).join(', ')} (default ${DEFAULT_N8N_VERSION})
  --fresh              forget this n8n's saved data (workflows, executions, owner) first
  --no-build           use the existing dist/ instead of running npm run build
  -h, --help           this text

Environment:
  MADMIMI_USERNAME, MADMIMI_API_KEY   the real account, with --real
  MADMIMI_BASE_URL                    the API address with --real (default https://api.madmimi.com)
  N8N_OWNER_EMAIL, N8N_OWNER_PASSWORD the owner account created on first start
                                      (default owner@example.com / MadMimi-demo-1)
  N8N_CACHE_DIR                       where n8n and Node.js are installed (default ~/.cache/n8n-nodes-madmimi)
  MADMIMI_START_DIR                   where this n8n keeps its data (default .n8n-cache/ in the repository)`;

function fail(message) {
	process.stderr.write(`npm start: ${message}\n`);
	process.exit(1);
}

function parse() {
	let parsed;
	try {
		parsed = parseArgs({
			options: {
				real: { type: 'boolean', default: false },
				port: { type: 'string' },
				'emulator-port': { type: 'string' },
				n8n: { type: 'string', default: DEFAULT_N8N_VERSION },
				fresh: { type: 'boolean', default: false },
				'no-build': { type: 'boolean', default: false },
				help: { type: 'boolean', short: 'h', default: false },
			},
		}).values;
	} catch (error) {
		fail(`${error.message}\n\n${HELP}`);
	}
	if (parsed.help) {
		process.stdout.write(`${HELP}\n`);
		process.exit(0);
	}
	const portOf = (name, fallback) => {
		const port = Number(parsed[name] ?? fallback);
		if (!Number.isInteger(port) || port < 1 || port > 65535)
			fail(`--${name} must be a port number`);
		return port;
	};
	const port = portOf('port', process.env.N8N_PORT ?? 5678);
	const emulatorPort = portOf('emulator-port', process.env.EMULATOR_PORT ?? 8787);
	if (!N8N_TARGETS[parsed.n8n]) fail(`--n8n must be one of ${Object.keys(N8N_TARGETS).join(', ')}`);
	const real = parsed.real || /^(1|true|yes)$/i.test(process.env.MADMIMI_REAL ?? '');
	return {
		real,
		port,
		emulatorPort,
		version: parsed.n8n,
		fresh: parsed.fresh,
		build: !parsed['no-build'],
	};
}

/** The real account of `--real`, from the environment; stops with what to set when it is missing. */
function realAccountFromEnv() {
	const username = process.env.MADMIMI_USERNAME ?? '';
	const apiKey = process.env.MADMIMI_API_KEY ?? '';
	if (!username || !apiKey) {
		fail(
			'--real needs the Mad Mimi account: set MADMIMI_USERNAME (your sign-in email) and MADMIMI_API_KEY (Account → API).',
		);
	}
	const baseUrl = (process.env.MADMIMI_BASE_URL || 'https://api.madmimi.com').replace(/\/+$/, '');
	return { name: CREDENTIAL_NAME_REAL, username, apiKey, baseUrl };
}

/** The account the credential points at: the real one, or the emulator's demo account (started here). */
async function accountToUse(run) {
	if (run.options.real) return { account: realAccountFromEnv() };
	const wanted = run.options.emulatorPort;
	const port = (await portInUse(wanted)) ? await freePort() : wanted;
	const emulator = await startEmulator({ port, logFile: path.join(run.logDir, 'emulator.log') });
	return {
		account: { name: CREDENTIAL_NAME_LOCAL, ...DEMO_CREDENTIALS, baseUrl: emulator.baseUrl },
		emulator,
	};
}

/** This package built (unless --no-build), packed and installed into n8n's user folder as n8n installs it. */
async function installThisPackage({ options, stateDir, userFolder, logDir }) {
	console.log(`${options.build ? 'Building and packing' : 'Packing'} n8n-nodes-madmimi ...`);
	const packDir = path.join(stateDir, 'pack');
	fs.rmSync(packDir, { recursive: true, force: true });
	const { tarball, report } = await buildAndPack(packDir, {
		build: options.build,
		logFile: path.join(logDir, 'build.log'),
	});
	await installPackage(userFolder, tarball);
	return { report };
}

/** The credential and the example workflows imported with n8n's CLI, before n8n starts. */
async function importCredentialAndExamples({ install, env, stateDir, logDir, account }) {
	console.log('Importing the credential and the example workflows ...');
	const importDir = fs.mkdtempSync(path.join(stateDir, 'import-'));
	const logFile = path.join(logDir, 'import.log');
	try {
		// holds the API key in clear for the moment of the import (n8n encrypts it): owner-only, removed at once
		const credFile = credentialsFile(path.join(importDir, 'credentials.json'), account);
		fs.chmodSync(credFile, 0o600);
		await n8nCli(install, env, ['import:credentials', `--input=${credFile}`], { logFile });
		const args = ['import:workflow', '--separate', `--input=${path.join(REPO_ROOT, 'examples')}`];
		await n8nCli(install, env, args, { logFile });
	} finally {
		fs.rmSync(importDir, { recursive: true, force: true });
	}
}

/** The owner signed up (first start) or logged in; returns how to log in, for the ready message. */
async function ownerLogin(rest) {
	const owner = {
		email: process.env.N8N_OWNER_EMAIL || 'owner@example.com',
		password: process.env.N8N_OWNER_PASSWORD || 'MadMimi-demo-1',
		firstName: 'Demo',
		lastName: 'Owner',
	};
	try {
		const outcome = await rest.setupOwnerOrLogin(owner);
		return `${owner.email} / ${owner.password}${outcome === 'created' ? ' (owner account created now)' : ''}`;
	} catch {
		// the owner was changed in the editor: the user knows their login
		return `your owner account (not ${owner.email} / the default password)`;
	}
}

/** What is running and where, printed once n8n answers. */
function readyMessage(run) {
	const { options, report, n8n, account, emulator, examples } = run;
	const seconds = Math.round((Date.now() - run.startedAt) / 1000);
	const lines = [
		'',
		`n8n ${options.version} is running with ${report.name} ${report.version} (${seconds} s):`,
		'',
		`  Open         ${n8n.baseUrl}`,
		`  Log in       ${run.login}`,
		options.real
			? `  Credential   "${account.name}" -> ${account.baseUrl} as ${account.username} (the REAL service: example workflows write to this account)`
			: `  Credential   "${account.name}" -> the emulator's demo account`,
		...(emulator
			? [
					`  Emulator     ${emulator.baseUrl} (demo data, in memory; ${emulator.baseUrl}/__emulator/requests shows what the node sent,`,
					'               /__emulator/state what it stores, POST /__emulator/reset starts over)',
				]
			: []),
		`  Workflows    ${examples.length ? examples.join('\n               ') : '(none found)'}`,
		`  Data, logs   ${run.userFolder}, ${run.logDir}`,
		'',
		`Press Ctrl-C to stop n8n${emulator ? ' and the emulator' : ''}.`,
		'',
	];
	return `${lines.join('\n')}\n`;
}

/** Waits until n8n or the emulator stops by itself (exit 1, the others stopped) or Ctrl-C is pressed. */
async function runUntilStopped(processes) {
	const first = await Promise.race(
		processes.map((p) => p.exited.then((result) => ({ p, result }))),
	);
	if (isStopping()) return; // Ctrl-C: the signal handler stops the rest and exits
	process.stderr.write(
		`\n${first.p.name} stopped unexpectedly (code ${first.result.code}, signal ${first.result.signal}):\n${lastLines(first.p.output, 30)}\n`,
	);
	await stopAll();
	process.exit(1);
}

async function main() {
	const options = parse();
	const startedAt = Date.now();
	if (!fs.existsSync(path.join(REPO_ROOT, 'node_modules', 'ts-node'))) fail('run `npm ci` first.');
	if (options.real) realAccountFromEnv(); // stop before any install when the account is missing

	const stateDir = path.resolve(
		process.env.MADMIMI_START_DIR || path.join(REPO_ROOT, '.n8n-cache'),
	);
	const userFolder = path.join(stateDir, `n8n-${options.version}`);
	const logDir = path.join(stateDir, 'logs');
	const run = { options, startedAt, stateDir, userFolder, logDir };
	installExitHandlers(() => {
		process.stdout.write(`\nStopping n8n${options.real ? '' : ' and the emulator'} ...\n`);
		removeEditorCopies(userFolder);
	}, 0);
	removeEditorCopies(userFolder); // left by a run that was killed
	if (await portInUse(options.port))
		fail(`port ${options.port} is in use (another n8n?): stop it or pass --port N.`);

	run.install = await ensureN8n(options.version);
	if (options.fresh) fs.rmSync(userFolder, { recursive: true, force: true });
	fs.mkdirSync(userFolder, { recursive: true });
	fs.mkdirSync(logDir, { recursive: true });
	Object.assign(run, await installThisPackage(run));
	Object.assign(run, await accountToUse(run));
	run.env = n8nEnv(run.install, { userFolder, port: options.port, brokerPort: await freePort() });
	await importCredentialAndExamples(run);
	console.log(`Starting n8n ${options.version} ...`);
	run.n8n = await startN8n(run.install, run.env, { logFile: path.join(logDir, 'n8n.log') });
	const rest = new N8nRest(run.n8n.baseUrl);
	run.login = await ownerLogin(rest);
	const workflows =
		(await rest.request('GET', '/rest/workflows', undefined, { expectOk: false })).json?.data ?? [];
	run.examples = workflows.filter((w) => /^Mad Mimi: /.test(w.name)).map((w) => w.name);
	process.stdout.write(readyMessage(run));
	await runUntilStopped([run.n8n.proc, ...(run.emulator ? [run.emulator.proc] : [])]);
}

main().catch(async (error) => {
	process.stderr.write(`\nnpm start failed: ${error.message}\n`);
	await stopAll();
	process.exit(1);
});
