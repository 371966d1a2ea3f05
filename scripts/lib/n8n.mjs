/**
 * A real n8n, installed by scripts/lib/install.mjs: the settings of its processes (loopback only,
 * nothing calling out), its CLI (`import:*`, `execute`), `n8n start` and a client of its REST API,
 * and what `npm start` and the e2e suite import into it (the credential, the example workflows).
 * Like the rest of scripts/lib: plain ESM for the system Node (20 or later), no dependency.
 */
import fs from 'node:fs';
import path from 'node:path';

import { CREDENTIAL_ID, CREDENTIALS_TYPE, REPO_ROOT } from './constants.mjs';
import { N8N_TARGETS } from './install.mjs';
import { waitForHttp } from './net.mjs';
import { cleanEnv, run, startProcess } from './processes.mjs';

/**
 * Removes the copies of n8n's editor files (`<user folder>/.cache/n8n/public`, about 700
 * JavaScript files each, written again at every start) from the user folders under `root`.
 * They sit inside the repository (.tmp/e2e, .n8n-cache), where `npm run lint` would read them
 * all: n8n's strict lint mode forbids an ignore list in eslint.config.mjs, and ESLint's flat
 * config does not read .gitignore.
 */
export function removeEditorCopies(root) {
	if (!fs.existsSync(root)) return;
	for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: false })) {
		const dir = path.join(root, String(entry));
		if (dir.endsWith(path.join('.cache', 'n8n', 'public')) && !dir.includes('node_modules'))
			fs.rmSync(dir, { recursive: true, force: true });
	}
}

/** Settings for every n8n process: its own folder and ports, loopback only, nothing calling out. */
export function n8nEnv(install, { userFolder, port, brokerPort, encryptionKey, extra = {} }) {
	const base = cleanEnv();
	// a developer's own n8n settings must not leak into these instances
	for (const key of Object.keys(base))
		if (/^(N8N_|DB_|EXECUTIONS_|QUEUE_|WEBHOOK_URL$|GENERIC_TIMEZONE$)/.test(key)) delete base[key];
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
		...N8N_TARGETS[install.version]?.env,
		...extra,
	};
	if (port) env.N8N_PORT = String(port);
	if (brokerPort) env.N8N_RUNNERS_BROKER_PORT = String(brokerPort);
	if (encryptionKey) env.N8N_ENCRYPTION_KEY = encryptionKey;
	return env;
}

/** Runs an n8n CLI command (`import:workflow`, `execute`, ...) to its end. */
export async function n8nCli(
	install,
	env,
	args,
	{ timeoutMs = 180000, allowFail = false, logFile } = {},
) {
	const options = { cwd: env.N8N_USER_FOLDER, env, timeoutMs, allowFail, logFile };
	return await run(`n8n ${args[0]}`, install.runtime.bin, [install.bin, ...args], options);
}

/**
 * `n8n execute --id <id> --rawOutput`: returns `{ code, run, output }`, `run` being the JSON n8n
 * prints after its log lines (undefined when it printed none).
 */
export async function n8nExecute(install, env, workflowId, options = {}) {
	const result = await n8nCli(install, env, ['execute', `--id=${workflowId}`, '--rawOutput'], {
		allowFail: true,
		...options,
	});
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
	const options = { cwd: env.N8N_USER_FOLDER, env, logFile, echo };
	const proc = startProcess('n8n', install.runtime.bin, [install.bin, 'start'], options);
	const base = `http://127.0.0.1:${env.N8N_PORT}`;
	await waitForHttp(`${base}/rest/settings`, {
		timeoutMs,
		process: proc,
		ready: async (r) => r.ok && (await r.json().catch(() => ({}))).data !== undefined,
	});
	// the REST routes (owner setup, types) are registered just after settings answers
	await waitForHttp(`${base}/types/credentials.json`, {
		timeoutMs: 60000,
		process: proc,
		ready: (r) => r.status !== 404,
	});
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
		if (expectOk && !response.ok)
			throw new Error(`${method} ${route}: HTTP ${response.status} ${text.slice(0, 500)}`);
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
		await this.request('POST', '/rest/login', {
			emailOrLdapLoginId: owner.email,
			email: owner.email,
			password: owner.password,
		});
	}
}

/** The credential file `n8n import:credentials` takes (data in clear; n8n encrypts it on import). */
export function credentialsFile(file, { name, username, apiKey, baseUrl }) {
	const data = { username, apiKey, baseUrl };
	const credential = { id: CREDENTIAL_ID, name, type: CREDENTIALS_TYPE, data };
	fs.writeFileSync(file, JSON.stringify([credential], null, 2));
	return file;
}

/** The example workflows (examples/*.json). */
export function exampleFiles() {
	const dir = path.join(REPO_ROOT, 'examples');
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => path.join(dir, f));
}
