/**
 * End-to-end, per n8n release, through n8n's CLI only (no `n8n start`): the packed package
 * installed as n8n installs it loads with n8n's own n8n-workflow, each example imported with the
 * credential (e2e/fixture.mjs) runs with `n8n execute` and does to the emulator what it says, a
 * wrong API key fails the run without the key, and an email whose answer is lost is not sent twice
 * by Retry On Fail. Run through e2e/run.mjs (`npm run test:e2e`); the set-up: e2e/fixture.mjs.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

import { WRONG_CREDENTIALS } from '../scripts/lib/constants.mjs';
import { nodeOutput } from '../scripts/lib/n8n.mjs';
import { run } from '../scripts/lib/processes.mjs';
import { MIN, VERSIONS, apiRequests, n8nForSuite, processesEndWithTheFile } from './fixture.mjs';
import { EXAMPLE_CHECKS } from './example-checks.mjs';

processesEndWithTheFile('e2e cli');

/** The examples run with `n8n execute`, and what each must do (e2e/example-checks.mjs). */
const EXAMPLES = [
	[
		'import-members',
		'import members from a list of items": one request, members stored and on the list',
	],
	[
		'weekly-mailing-report',
		'weekly mailing report": the mailings of the last 7 days, then each one\'s statistics',
	],
	[
		'child-account-permissions',
		'set a child account\'s list permissions": the permissions are stored',
	],
	[
		'welcome-email',
		'welcome email on signup": one email with the first name as a placeholder, its 20-digit ID as text',
	],
	[
		'send-promotion-to-list',
		'send a promotion to a list": a new mailing of the promotion, then its statistics',
	],
	[
		'sync-list-members',
		'keep a list equal to your source": as saved, a dry run: the plan, nothing written',
	],
];

for (const version of VERSIONS) {
	describe(`n8n ${version}, its CLI`, { concurrency: false }, () => {
		const ctx = n8nForSuite(version, 'cli');

		it("the installed package loads with n8n's own n8n-workflow and no other module", () =>
			loadsWithN8nWorkflowOnly(ctx));
		for (const [file, title] of EXAMPLES)
			it(`runs "${title}`, { timeout: 3 * MIN }, async () => {
				await ctx.emu.reset();
				const result = await ctx.execute(ctx.examples[file].id);
				assert.equal(result.code, 0, result.output.slice(-3000));
				await EXAMPLE_CHECKS[file]({ emu: ctx.emu, out: (node) => nodeOutput(result.run, node) });
			});
		it(
			'a wrong API key fails the run with a message that says so, without the key',
			{ timeout: 3 * MIN },
			() => wrongApiKey(ctx),
		);
		it(
			'an email whose answer is lost is reported "may have gone out" and n8n\'s Retry On Fail does not send it again',
			{ timeout: 3 * MIN },
			() => lostAnswer(ctx),
		);
	});
}

async function loadsWithN8nWorkflowOnly(ctx) {
	const manifest = JSON.parse(fs.readFileSync(path.join(ctx.packageDir, 'package.json'), 'utf8'));
	assert.equal(
		manifest.peerDependencies,
		undefined,
		'peer dependencies are removed on install, as n8n does',
	);
	const entries = [...manifest.n8n.nodes, ...manifest.n8n.credentials].map((e) =>
		path.join(ctx.packageDir, e),
	);
	const script = `
		const entries = ${JSON.stringify(entries)};
		for (const file of entries) {
			const mod = require(file);
			const names = Object.keys(mod);
			if (names.length !== 1) throw new Error(file + ' exports ' + names.join(', '));
			const instance = new mod[names[0]]();
			const name = instance.description ? instance.description.name : instance.name;
			console.log(require('path').basename(file) + ' -> ' + name);
		}
		const from = { paths: [require('path').dirname(entries[0])] };
		console.log('n8n-workflow: ' + require.resolve('n8n-workflow', from));
		console.log('n8n-workflow/package.json: ' + require.resolve('n8n-workflow/package.json', from));`;
	const nodeModules = path.join(ctx.install.dir, 'node_modules');
	const { stdout } = await run('load bundles', ctx.install.runtime.bin, ['-e', script], {
		cwd: ctx.packageDir,
		// as n8n does (load-nodes-and-credentials: NODE_PATH = its own module paths)
		env: { ...ctx.env, NODE_PATH: nodeModules },
		timeoutMs: MIN,
	});
	assert.match(stdout, /MadMimi\.node\.js -> madMimi/);
	assert.match(stdout, /MadMimiApi\.credentials\.js -> madMimiApi/);
	assert.match(stdout, /MadMimiTrigger\.node\.js -> madMimiTrigger/);
	// n8n's own, not a copy above the user folder (the repository's devDependency)
	const resolved = stdout.split('\n').filter((line) => line.startsWith('n8n-workflow'));
	assert.equal(resolved.length, 2, stdout);
	for (const line of resolved)
		assert.ok(line.includes(`: ${nodeModules}${path.sep}`), `${line}, not from ${nodeModules}`);
}

async function wrongApiKey(ctx) {
	await ctx.emu.reset();
	const result = await ctx.execute('madMimiE2eBadKey');
	assert.equal(result.code, 1, 'n8n execute exits 1 when the workflow fails');
	assert.match(result.output, /Mad Mimi rejected the credentials/);
	assert.ok(!result.output.includes(WRONG_CREDENTIALS.apiKey), 'the API key appears in the output');
	const requests = await ctx.emu.requests();
	assert.ok(requests.length >= 1 && requests.every((r) => r.status === 401));
}

async function lostAnswer(ctx) {
	await ctx.emu.reset();
	await ctx.emu.fault({ method: 'POST', path: '/mailer', times: 1, respond: 'resetAfterWork' });
	const result = await ctx.execute('madMimiE2eSendOnce');
	assert.equal(result.code, 1, 'the run fails: the email may have gone out');
	assert.match(result.output, /The email to once@example\.com may have gone out/);
	// three tries of the node by n8n, one request: Mad Mimi sent it once (the answer was lost)
	assert.equal(apiRequests(await ctx.emu.requests(), 'POST', '/mailer').length, 1);
	assert.equal((await ctx.emu.state()).transactions.length, 1);
}
