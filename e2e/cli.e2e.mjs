/**
 * End-to-end, per n8n release, through n8n's CLI only (no `n8n start`): the packed package
 * installed as n8n installs it loads with n8n's own n8n-workflow, the credential and the examples
 * are imported, each example runs with `n8n execute` and does to the emulator what it says, a
 * wrong API key fails the run without the key, and an email whose answer is lost is not sent twice
 * by Retry On Fail. Run through e2e/run.mjs (`npm run test:e2e`); the set-up: e2e/fixture.mjs.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import {
	CREDENTIAL_ID,
	CREDENTIALS_TYPE,
	PACKAGE_NAME,
	WRONG_CREDENTIALS,
} from '../scripts/lib/constants.mjs';
import { nodeOutput } from '../scripts/lib/n8n.mjs';
import { run } from '../scripts/lib/processes.mjs';
import {
	MIN,
	VERSIONS,
	apiRequests,
	processesEndWithTheFile,
	setUpN8n,
	tearDownN8n,
} from './fixture.mjs';
import { syncListMembers } from './sync.mjs';

processesEndWithTheFile('e2e cli');

for (const version of VERSIONS) {
	describe(`n8n ${version}, its CLI`, { concurrency: false }, () => {
		const ctx = {};
		before(() => setUpN8n(ctx, version, 'cli'), { timeout: 40 * MIN });
		after(() => tearDownN8n(ctx));

		it("the installed package loads with n8n's own n8n-workflow and no other module", () =>
			loadsWithN8nWorkflowOnly(ctx));
		it('imports the ready credential and every example workflow', { timeout: 5 * MIN }, () =>
			imported(ctx),
		);
		it(
			'runs "import members from a list of items": one request, members stored and on the list',
			{ timeout: 3 * MIN },
			() => importMembers(ctx),
		);
		it(
			'runs "weekly mailing report": the mailings of the last 7 days, then each one\'s statistics',
			{ timeout: 3 * MIN },
			() => weeklyMailingReport(ctx),
		);
		it(
			'runs "set a child account\'s list permissions": the permissions are stored',
			{ timeout: 3 * MIN },
			() => childAccountPermissions(ctx),
		);
		it(
			'runs "welcome email on signup": one email with the first name as a placeholder, its 20-digit ID as text',
			{ timeout: 3 * MIN },
			() => welcomeEmail(ctx),
		);
		it(
			'runs "send a promotion to a list": a new mailing of the promotion, then its statistics',
			{ timeout: 3 * MIN },
			() => sendPromotionToList(ctx),
		);
		it(
			'runs "keep a list equal to your source": a dry run writes nothing, the applied run one import and the removal, a second run nothing',
			{ timeout: 3 * MIN },
			() => syncListMembers(ctx),
		);
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
	if (ctx.withTrigger) assert.match(stdout, /MadMimiTrigger\.node\.js -> madMimiTrigger/);
	// n8n's own, not a copy above the user folder (the repository's devDependency)
	const resolved = stdout.split('\n').filter((line) => line.startsWith('n8n-workflow'));
	assert.equal(resolved.length, 2, stdout);
	for (const line of resolved)
		assert.ok(line.includes(`: ${nodeModules}${path.sep}`), `${line}, not from ${nodeModules}`);
}

/** The import itself is the fixture's (every suite needs it): here, what it imported. */
async function imported(ctx) {
	for (const [file, workflow] of Object.entries(ctx.examples)) {
		for (const node of workflow.nodes) {
			if (node.type.startsWith(`${PACKAGE_NAME}.`))
				assert.equal(
					node.credentials?.[CREDENTIALS_TYPE]?.id,
					CREDENTIAL_ID,
					`${file}.json: ${node.name} must use the ready credential`,
				);
		}
	}
	const { stdout } = await ctx.cli(['list:workflow']);
	for (const workflow of Object.values(ctx.examples))
		assert.ok(
			stdout.includes(`${workflow.id}|${workflow.name}`),
			`${workflow.name} was not imported:\n${stdout}`,
		);
}

/** `n8n execute` of one example, the emulator reset first; the run must succeed. */
async function runExample(ctx, file) {
	await ctx.emu.reset();
	const result = await ctx.execute(ctx.examples[file].id);
	assert.equal(result.code, 0, result.output.slice(-3000));
	return result;
}

async function importMembers(ctx) {
	const result = await runExample(ctx, 'import-members');
	const items = nodeOutput(result.run, 'Import into Mad Mimi');
	const imported = items.filter((i) => i.imported === true);
	assert.deepEqual(
		imported.map((i) => i.email),
		['nina.novak@example.com', 'omar.ortiz@example.com', 'pia.park@example.com'],
	);
	assert.ok(
		imported.every(
			(i) => Number.isInteger(i.importId) && i.importId === imported[0].importId && i.batch === 1,
		),
	);
	const rejected = items.filter((i) => i.imported === false);
	assert.equal(rejected.length, 1);
	assert.equal(rejected[0].email, 'not an address');
	assert.match(rejected[0].error, /not a valid email address/);

	const requests = await ctx.emu.requests();
	const posts = apiRequests(requests, 'POST', '/audience_members');
	assert.equal(posts.length, 1, 'all items go out in one import request');
	assert.equal(posts[0].authenticated, true);
	const csv = posts[0].params.csv_file;
	assert.match(csv, /nina\.novak@example\.com/);
	assert.doesNotMatch(csv, /not an address/);
	assert.equal(requests.filter((r) => !r.authenticated).length, 0);

	const state = await ctx.emu.state();
	const nina = state.members.find((m) => m.email === 'nina.novak@example.com');
	assert.ok(nina, 'the member is stored');
	assert.equal(nina.fields.first_name, 'Nina');
	assert.equal(nina.fields.company, 'Novak Design');
	const newsletter = state.lists.find((l) => l.name === 'Newsletter');
	for (const email of ['nina.novak@example.com', 'omar.ortiz@example.com', 'pia.park@example.com'])
		assert.ok(newsletter.members.includes(email), `${email} is on Newsletter`);
	assert.equal(state.imports.length, 1);
	assert.equal(String(state.imports[0].id ?? imported[0].importId), String(imported[0].importId));
}

async function weeklyMailingReport(ctx) {
	const result = await runExample(ctx, 'weekly-mailing-report');
	const recent = nodeOutput(result.run, 'Mailings sent last week');
	// every mailing of the (non-trashed) promotions whose send started in the last 7 days
	const state = await ctx.emu.state();
	const since = state.now - 7 * 86400000;
	const expected = state.promotions
		.filter((p) => !p.trashed)
		.flatMap((p) =>
			p.mailings
				.filter(
					(m) =>
						m.startedSend !== undefined && m.startedSend !== null && m.startedSend >= since - 1000,
				)
				.map((m) => m.id),
		);
	assert.ok(expected.length > 0, 'the demo has recent mailings');
	assert.deepEqual(
		recent.map((m) => m.id).sort(),
		expected.sort(),
		'the mailings of the last 7 days, over all pages of promotions',
	);
	assert.ok(
		recent.every((m) => Number.isInteger(m.promotionId) && typeof m.promotionName === 'string'),
		'each with its promotion',
	);
	const lines = nodeOutput(result.run, 'Report line');
	const digest = lines.find((l) => l.promotion === 'Weekly digest');
	assert.deepEqual(digest && { ...digest, sentAt: undefined }, {
		promotion: 'Weekly digest',
		sentAt: undefined,
		sent: 250,
		opened: 120,
		clicked: 40,
		openRate: 48,
		unsubscribed: 3,
		bounced: 5,
	});
	assert.match(digest.sentAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);

	const requests = await ctx.emu.requests();
	// two pages of 20 promotions, read side by side: at most 5 requests past the short page (Parallel Page Reads 6)
	const pages = apiRequests(requests, 'GET', '/promotions.xml').map((r) =>
		Number(r.params.page ?? '1'),
	);
	assert.ok(pages.includes(1) && pages.includes(2), `pages 1 and 2 read: ${pages}`);
	assert.equal(new Set(pages).size, pages.length, 'no page read twice');
	assert.ok(pages.length <= 2 + 5, `at most 5 requests past the last page: ${pages}`);
	const stats = apiRequests(requests, 'GET', /^\/promotions\/\d+\/mailings\/\d+\.xml$/).map(
		(r) => r.path,
	);
	assert.equal(stats.length, lines.length, 'one statistics request per report line');
	assert.ok(stats.includes('/promotions/3/mailings/34.xml'));
}

async function childAccountPermissions(ctx) {
	const result = await runExample(ctx, 'child-account-permissions');
	const [item] = nodeOutput(result.run, 'Set list permissions');
	assert.equal(item.success, true);
	assert.equal(item.email, 'child.two@example.com');

	const requests = apiRequests(
		await ctx.emu.requests(),
		'POST',
		'/participants/update_permissions_for',
	);
	assert.equal(requests.length, 1);
	assert.deepEqual(
		{
			email: requests[0].params.email,
			full: requests[0].params.full,
			read: requests[0].params.read,
			none: requests[0].params.none,
		},
		{
			email: 'child.two@example.com',
			full: 'Newsletter',
			read: 'VIP Customers',
			none: 'Beta testers (EU)',
		},
	);
	const child = (await ctx.emu.state()).participants.find(
		(p) => p.email === 'child.two@example.com',
	);
	assert.deepEqual(child.permissions, {
		full: ['Newsletter'],
		read: ['VIP Customers'],
		none: ['Beta testers (EU)'],
	});
}

async function welcomeEmail(ctx) {
	const result = await runExample(ctx, 'welcome-email');
	const [item] = nodeOutput(result.run, 'Send welcome email');
	assert.equal(typeof item.transactionId, 'string');
	assert.match(item.transactionId, /^\d{20}$/);
	assert.equal(item.recipient, 'Sam <sam.signup@example.com>');
	const state = await ctx.emu.state();
	assert.equal(state.transactions.length, 1);
	assert.equal(
		state.transactions[0].id,
		item.transactionId,
		'the ID in the output is the one Mad Mimi gave, to the last digit',
	);
	assert.deepEqual(state.transactions[0].placeholders, { first_name: 'Sam' });
	assert.ok(
		state.lists.find((l) => l.name === 'Newsletter').members.includes('sam.signup@example.com'),
		'the recipient joined the Newsletter',
	);
}

async function sendPromotionToList(ctx) {
	const result = await runExample(ctx, 'send-promotion-to-list');
	const [sent] = nodeOutput(result.run, 'Send to Newsletter');
	assert.equal(typeof sent.mailingId, 'number');
	const state = await ctx.emu.state();
	assert.equal(state.sends.length, 1);
	assert.equal(state.sends[0].mailingId, sent.mailingId);
	assert.deepEqual(state.sends[0].audience, ['Newsletter']);
	const [stats] = nodeOutput(result.run, 'Mailing statistics');
	assert.equal(stats.mailingId, sent.mailingId);
	assert.equal(stats.sent, state.sends[0].recipients.length);
	const post = apiRequests(await ctx.emu.requests(), 'POST', '/mailer/to_list');
	assert.equal(post.length, 1);
	assert.equal(post[0].params.list_name, 'Newsletter');
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
