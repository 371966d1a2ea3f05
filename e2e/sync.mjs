/**
 * Audience List → Sync in a real n8n, through its CLI (used by cli.e2e.mjs): the example
 * (examples/sync-list-members.json) as saved, a dry run; the same workflow with Dry Run off,
 * imported as a copy, applied; then run again, changing nothing.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { nodeOutput } from '../scripts/lib/n8n.mjs';
import { apiRequests, apiWrites } from './fixture.mjs';

const NODE = 'Sync the Newsletter list';
const APPLY_ID = 'madMimiE2eSyncApply';
const plan = (run) => nodeOutput(run, NODE).map((i) => `${i.email} ${i.action}`);

/** The example's plan on the demo account, in input order, the removed last. */
export const EXPECTED_SYNC_PLAN = [
	'ann.archer@example.com unchanged',
	'ben.baker@example.com updated',
	'cara.cole@example.com unchanged',
	'finn.fox@example.com unchanged',
	'kim.kato@example.com unchanged',
	'nina.novak@example.com added',
	'ines.ivanova@example.com skipped',
	'gia.grant@example.com removed',
];

async function execute(ctx, id) {
	const result = await ctx.execute(id);
	assert.equal(result.code, 0, result.output.slice(-3000));
	return result.run;
}

export async function syncListMembers(ctx) {
	await ctx.emu.reset();
	const example = ctx.examples['sync-list-members'];

	// 1. as saved: a dry run, the plan in the output, nothing written
	const dry = await execute(ctx, example.id);
	assert.deepEqual(plan(dry), EXPECTED_SYNC_PLAN);
	assert.ok(nodeOutput(dry, NODE).every((i) => i.dryRun === true));
	assert.deepEqual(apiWrites(await ctx.emu.requests()), [], 'a dry run writes nothing');

	// 2. Dry Run turned off (a copy of the example, as a user would save it): applied
	const applied = structuredClone(example);
	applied.id = APPLY_ID;
	applied.name = `${example.name} (E2E: Dry Run off)`;
	applied.nodes.find((n) => n.name === NODE).parameters.dryRun = false;
	const file = path.join(ctx.logs, 'sync-apply.json');
	fs.writeFileSync(file, JSON.stringify(applied));
	await ctx.cli(['import:workflow', `--input=${file}`]);
	await ctx.emu.clearRequests();
	const run = await execute(ctx, APPLY_ID);
	assert.deepEqual(plan(run), EXPECTED_SYNC_PLAN);
	assert.ok(nodeOutput(run, NODE).every((i) => i.dryRun === undefined && i.error === undefined));
	const requests = await ctx.emu.requests();
	assert.equal(apiRequests(requests, 'POST', '/audience_members').length, 1, 'one import');
	assert.deepEqual(
		apiRequests(requests, 'POST', '/audience_lists/Newsletter/remove').map((r) => r.params.email),
		['gia.grant@example.com'],
	);
	const state = await ctx.emu.state();
	const newsletter = state.lists.find((l) => l.name === 'Newsletter');
	for (const email of ['nina.novak@example.com', 'ben.baker@example.com'])
		assert.ok(newsletter.members.includes(email), `${email} is on Newsletter`);
	assert.ok(!newsletter.members.includes('gia.grant@example.com'), 'Gia is off Newsletter');
	const member = (email) => state.members.find((m) => m.email === email);
	assert.ok(member('gia.grant@example.com'), 'Gia is still in the audience');
	assert.equal(member('ben.baker@example.com').fields.last_name, 'Baker-Brown');
	assert.equal(member('ines.ivanova@example.com').optedOut, true, 'Ines stays opted out');
	assert.doesNotMatch(state.imports[0].csv, /ines/, 'nobody opted out is sent');

	// 3. again: nothing to do, nothing written
	await ctx.emu.clearRequests();
	const again = await execute(ctx, APPLY_ID);
	assert.deepEqual(
		nodeOutput(again, NODE).map((i) => i.action),
		['unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'skipped'],
	);
	assert.deepEqual(apiWrites(await ctx.emu.requests()), [], 'a second run writes nothing');
}
