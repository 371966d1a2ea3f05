/**
 * The sends' safeguards as a user meets them in the editor, for e2e/editor.e2e.mjs (its test's
 * title lists them): each starting workflow created through n8n's REST API with the suite's
 * credential, opened in the editor, the user's clicks made there, the outcome read from what the
 * panel shows and from the emulator.
 */
import assert from 'node:assert/strict';

import { chainWorkflow, countBy, createWorkflow, storedRun, waitUntil } from './fixture.mjs';

/** The three steps in order, each a function below; `user` carries the screenshots and the log. */
export async function sendsInTheEditor(ctx) {
	const { inTheEditor } = await import('./editor.mjs');
	const user = await inTheEditor(
		ctx,
		'sends',
		async (editor, user) => {
			await existingNameRefused(ctx, editor, user);
			await badItemStopsTheRun(ctx, editor, user);
			await executeStepTwice(ctx, editor, user);
		},
		[
			{
				// n8n's Code node editor fetches TypeScript's typings for its autocompletion
				pattern:
					/^https:\/\/playgroundcdn\.typescriptlang\.org\/cdn\/[^/]+\/typescript\/lib\/[^/]+\.d\.ts$/,
				why: "the Code node editor asked for TypeScript's typings",
			},
		],
	);
	user.done('the three');
}

/** A resource locator's value picked "From List", as the editor stores it. */
const picked = (name) => ({ __rl: true, mode: 'list', value: name, cachedResultName: name });

/**
 * Creates `chainWorkflow(name, nodes)` as the owner; returns it as n8n stored it. With `pinData`,
 * as the editor saves a workflow: without it, n8n 2.41 stores none, and a second Execute step (a
 * partial run, with the first one's data) fails in n8n ("Cannot read properties of null (reading
 * 'Start')", find-start-nodes).
 */
const createChain = (ctx, name, nodes) =>
	createWorkflow(ctx, chainWorkflow(name, nodes, { pinData: {} }));

/** The output items of a node in a stored run. */
const outputOf = (stored, node) => stored.runData[node][0].data.main[0].map((item) => item.json);

// ---------------------------------------------------------------------------------------------
// 1. Save As Promotion: an existing name refused

const SPRING_SALE = 'Spring sale';
const OWN_HTML = '<html><body><p>Spring sale, written here</p>[[tracking_beacon]]</body></html>';

async function existingNameRefused(ctx, editor, user) {
	await ctx.emu.reset();
	const node = 'Send the spring sale';
	const workflow = await createChain(ctx, 'E2E: Save As Promotion', [
		{
			name: node,
			parameters: {
				resource: 'email',
				operation: 'send',
				contentSource: 'promotion',
				promotionName: picked(SPRING_SALE),
				recipient: 'ann.archer@example.com',
			},
		},
	]);
	await editor.openWorkflow(workflow.id);
	await editor.openNode(node);
	assert.equal(await editor.parameterValue('contentSource'), 'Saved Promotion');
	await editor.selectOption('contentSource', 'HTML');
	assert.equal(await editor.parameterValue('contentSource'), 'HTML');
	assert.equal(
		await editor.parameterValue('saveAsPromotion'),
		'',
		'Save As Promotion is empty: the promotion picked before did not carry over',
	);
	assert.equal(await editor.fillText('rawHtml', OWN_HTML), OWN_HTML);
	assert.equal(await editor.fillText('saveAsPromotion', SPRING_SALE), SPRING_SALE);
	const step = await editor.executeStep();
	assert.equal((await storedRun(ctx, step.executionId)).status, 'error');
	const error = await editor.nodeError();
	assert.equal(error.message, `A promotion named "${SPRING_SALE}" already exists in Mad Mimi`);
	assert.match(error.description, /"Replace Existing Promotion"/);
	await editor.screenshot(user.shot('sends-save-as-existing'));
	user.step(`"${step.label}" with Save As Promotion "${SPRING_SALE}": ${error.message}`);
}

// ---------------------------------------------------------------------------------------------
// 2. Every item checked before the first email

const SIGNUPS = [
	{ email: 'nina@example.com', first_name: 'Nina' },
	{ email: 'omar@example.com', first_name: 'Omar' },
	{ email: 'pia@example.com', first_name: 'Pia' },
	{ email: 'quinn@example.com', first_name: 'Quinn' },
];
const TYPO = 'pia@example,com';

/** The Code node's JavaScript: the people, one item each. */
const signupsCode = (people) =>
	`// four people who signed up\nreturn ${JSON.stringify(
		people.map((json) => ({ json })),
		null,
		2,
	)};\n`;

async function badItemStopsTheRun(ctx, editor, user) {
	await ctx.emu.reset();
	const code = 'Signups';
	const send = 'Send receipt';
	const mistyped = SIGNUPS.map((p, i) => (i === 2 ? { ...p, email: TYPO } : p));
	const workflow = await createChain(ctx, 'E2E: a bad item stops the send', [
		{
			name: code,
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			parameters: { jsCode: signupsCode(mistyped) },
		},
		{
			name: send,
			parameters: {
				resource: 'email',
				operation: 'send',
				contentSource: 'promotion',
				promotionName: picked('API: Receipt'),
				recipient: '={{ $json.email }}',
			},
		},
	]);
	await editor.openWorkflow(workflow.id);
	const failed = await editor.executeWorkflow();
	const refusal = `The field "Recipient" is not a valid email address: "${TYPO}"`;
	assert.match(failed.notice, /Problem in node/, failed.notice);
	assert.ok(failed.notice.includes(refusal), failed.notice);
	const stored = await storedRun(ctx, failed.executionId);
	assert.equal(stored.status, 'error');
	assert.equal(outputOf(stored, code).length, 4);
	assert.equal((await ctx.emu.state()).transactions.length, 0, 'nobody was emailed');
	await editor.openNode(send);
	const error = await editor.nodeError();
	// n8n adds the item's index to the message of an error that names one
	assert.equal(error.message, `${refusal} [item 2]`);
	assert.equal(await editor.nodeErrorInfo('Item Index'), '2', 'the 3rd item (index 2) is named');
	await editor.screenshot(user.shot('sends-bad-item'));
	user.step(`Execute workflow with a typo in item 3: ${error.message}, nobody emailed`);

	// the typo fixed in the Code node, and the workflow run again
	await editor.openNode(code);
	await editor.fillCode('jsCode', signupsCode(SIGNUPS));
	await editor.closeNdv();
	const run = await editor.executeWorkflow();
	assert.match(run.notice, /executed successfully/i, run.notice);
	assert.equal((await storedRun(ctx, run.executionId)).status, 'success');
	const emails = (await ctx.emu.state()).transactions.map((t) => t.recipient.email);
	assert.deepEqual(
		countBy(emails),
		Object.fromEntries(SIGNUPS.map((p) => [p.email, 1])),
		`each of the four got one email: ${emails.join(', ')}`,
	);
	await editor.openNode(send);
	const rows = (await editor.outputTable()).records;
	assert.deepEqual(
		rows.map((r) => [r.recipient, r.skipped]),
		SIGNUPS.map((p) => [p.email, 'false']),
	);
	user.step(`the typo fixed: ${emails.length} emails, one to each`);
}

// ---------------------------------------------------------------------------------------------
// 3. Promotion → Send: Execute step twice mails nobody twice

/** A demo promotion that no mailing has gone out of yet. */
const WEBINAR = 'Webinar invitation';

async function executeStepTwice(ctx, editor, user) {
	await ctx.emu.reset();
	const before = await ctx.emu.state();
	const webinar = before.promotions.find((p) => p.name === WEBINAR);
	assert.deepEqual(webinar.mailings, [], `"${WEBINAR}" was never sent`);
	const newsletter = before.lists.find((l) => l.name === 'Newsletter');
	const optedOut = new Set(before.members.filter((m) => m.optedOut).map((m) => m.email));
	const reachable = newsletter.members.filter((email) => !optedOut.has(email)).sort();
	const node = 'Send to Newsletter';
	const workflow = await createChain(ctx, 'E2E: Execute step twice', [
		{
			name: node,
			parameters: {
				resource: 'promotion',
				operation: 'send',
				contentSource: 'promotion',
				promotionName: picked(WEBINAR),
				audience: 'lists',
				lists: ['Newsletter'],
			},
		},
	]);
	await editor.openWorkflow(workflow.id);
	await editor.openNode(node);
	const notice = await editor.panelNotice(/Executing this step sends a real mailing/);
	assert.match(notice, /"Skip Earlier Recipients" on \(the default\)/, notice);

	const mailingIds = [];
	for (let press = 1; press <= 2; press++) {
		const step = await editor.executeStep();
		const stored = await storedRun(ctx, step.executionId);
		assert.equal(stored.status, 'success', `Execute step ${press}`);
		const [item] = outputOf(stored, node);
		assert.equal(item.skipEarlierRecipients, true, 'Skip Earlier Recipients is on by default');
		mailingIds.push(item.mailingId);
		// the panel shows this run's mailing (the second press replaces the first one's output)
		const rows = await waitUntil(
			async () => {
				const shown = (await editor.outputTable()).records;
				return shown[0]?.mailingId === String(item.mailingId) ? shown : undefined;
			},
			15000,
			`the output panel to show mailing ${item.mailingId}`,
			300,
		);
		assert.equal(rows.length, 1);
		assert.equal(rows[0].promotionName, WEBINAR);
	}
	await editor.screenshot(user.shot('sends-execute-step-twice'));

	const state = await ctx.emu.state();
	const sends = state.sends.filter((s) => s.promotionName === WEBINAR);
	assert.deepEqual(
		sends.map((s) => s.mailingId),
		mailingIds,
		'two mailings, the ones the panel showed',
	);
	assert.deepEqual([...sends[0].recipients].sort(), reachable, 'the first reached the list');
	// so every member got it once (the first's list has no one twice)
	assert.deepEqual(sends[1].recipients, [], 'the second reached nobody');
	user.step(
		`Execute step twice: mailings ${mailingIds.join(', ')} reached ${sends.map((s) => s.recipients.length).join(' and ')} members`,
	);
}
