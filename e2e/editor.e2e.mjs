/**
 * End-to-end, per n8n release, the editor in headless Chromium (e2e/editor.mjs) on `n8n start`
 * with the packed package: every example run as its sticky note says (e2e/examples-editor.mjs),
 * a workflow built, run and read as a new user would, a newcomer's walk in pictures, and the
 * sends' safeguards as a user meets them (e2e/editor-majors.mjs).
 * Every request leaving 127.0.0.1 is blocked and reported. Screenshots: `<artifacts>/*-<version>.png`.
 * Run through e2e/run.mjs (`npm run test:e2e`); the set-up: e2e/fixture.mjs. With E2E_BROWSER=0
 * (`--no-browser`) every check is skipped and no n8n is started.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

import { CREDENTIAL_NAME_LOCAL, PACKAGE_NAME, REPO_ROOT } from '../scripts/lib/constants.mjs';
import { DEFAULT_N8N_VERSION, N8N_TARGETS } from '../scripts/lib/install.mjs';
import { sendsInTheEditor } from './editor-majors.mjs';
import {
	ARTIFACTS,
	BROWSER,
	MIN,
	UPDATE_SCREENSHOTS,
	VERSIONS,
	note,
	n8nForSuite,
	processesEndWithTheFile,
	storedRun,
} from './fixture.mjs';

processesEndWithTheFile('e2e editor');

const skip = BROWSER ? false : 'E2E_BROWSER=0';

for (const version of VERSIONS.filter((v) => N8N_TARGETS[v]?.editor === false))
	it(`n8n ${version}, the editor`, { skip: "the editor checks are 2.x's" }, () => {});

for (const version of VERSIONS.filter((v) => N8N_TARGETS[v]?.editor !== false)) {
	describe(`n8n ${version}, the editor`, { concurrency: false }, () => {
		const ctx = skip ? {} : n8nForSuite(version, 'editor', { start: true, browser: true });

		it(
			'every example, opened in the editor, runs as its sticky note says: Execute workflow from the trigger the note implies, or Fetch Test Event after one event (headless Chromium)',
			// ten examples, each run and clicked three times: 5 to 6 minutes on a busy machine
			{ skip, timeout: 8 * MIN },
			() => examplesAsTheirNotesSay(ctx),
		);
		it(
			'a new user builds "Manual Trigger → Edit Fields → Split Out → Mad Mimi Create or Update" in the editor, runs it and reads two paired items; a mistyped list shows the refusal (headless Chromium)',
			{ skip, timeout: 5 * MIN },
			() => newUserWorkflow(ctx),
		);
		it(
			"a newcomer's walk, in pictures: the action list starts with Audience Member and Email; the Email → Send panel, the credential, an example's test click, the trigger and the import node's parameters (headless Chromium)",
			{ skip, timeout: 5 * MIN },
			() => newcomersWalk(ctx),
		);
		it(
			"the sends' safeguards, as a user meets them in the editor: Save As Promotion refuses an existing name; a bad 3rd item stops the send before anyone is emailed; Promotion → Send's Execute step pressed twice mails nobody twice (headless Chromium)",
			{ skip, timeout: 5 * MIN },
			() => sendsInTheEditor(ctx),
		);
	});
}

/** `docs/<folder>/<name>.png` from the default n8n's screenshot, with E2E_UPDATE_SCREENSHOT=1. */
function updateDocsScreenshots(version, names, folder = '') {
	if (!UPDATE_SCREENSHOTS || version !== DEFAULT_N8N_VERSION) return;
	for (const name of names)
		fs.copyFileSync(
			path.join(ARTIFACTS, `${name}-${version}.png`),
			path.join(REPO_ROOT, 'docs', folder, `${name}.png`),
		);
	note(`docs/${folder}: ${names.map((s) => `${s}.png`).join(', ')} updated`);
}

/** n8n's nodes panel, showing a community node's details, asks npm for its author and downloads. */
const NPM_LOOKUP = {
	pattern: new RegExp(
		`^https://(registry\\.npmjs\\.org|api\\.npmjs\\.org/downloads/[^?#]*)/${PACKAGE_NAME}$`,
	),
	why: `the nodes panel looked ${PACKAGE_NAME} up on npm from the browser`,
};

/**
 * The pictures of docs/editor/ (E2E_UPDATE_SCREENSHOT=1), each with what a newcomer should see
 * there asserted: the action list, the Email → Send panel, the credential dialog, a test click of
 * the welcome example (its Preview branch, nothing sent), the trigger's panel and the import
 * example's Mad Mimi node (editor-madmimi-node).
 */
async function newcomersWalk(ctx) {
	await ctx.emu.reset();
	const { inTheEditor } = await import('./editor.mjs');
	const user = await inTheEditor(
		ctx,
		"the newcomer's walk",
		async (editor, user) => {
			const entries = await editor.showNodeActions('Mad Mimi', 'Mad Mimi');
			// the panel renders the entries in view only: the first groups are enough
			const groups = entries.filter((e) => / ACTIONS$/i.test(e));
			assert.deepEqual(
				groups.slice(0, 2).map((g) => g.toUpperCase()),
				['AUDIENCE MEMBER ACTIONS', 'EMAIL ACTIONS'],
				`the action list: ${entries.join(' | ')}`,
			);
			assert.ok(
				entries.indexOf('Create or update a member') < entries.indexOf('Send an email'),
				`the action list: ${entries.join(' | ')}`,
			);
			await editor.screenshot(user.shot('walk-actions'));
			await editor.page.keyboard.press('Escape');

			await editor.openWorkflow(ctx.examples['welcome-email'].id);
			await editor.openNode('Send welcome email');
			assert.equal(await editor.parameterValue('contentSource'), 'HTML');
			await editor.screenshot(user.shot('walk-email-send'));
			await editor.openNewCredential();
			await editor.screenshot(user.shot('walk-credential'));
			await editor.page.keyboard.press('Escape');

			await ctx.emu.api('POST', '/audience_members', {
				csv_file: 'email,first_name\nnew.person@example.com,Newt\n',
			});
			await editor.openWorkflow(ctx.examples['new-member-welcome'].id);
			const run = await editor.executeWorkflow();
			assert.match(run.notice, /executed successfully/i, run.notice);
			const stored = await storedRun(ctx, run.executionId);
			assert.ok(stored.runData['Preview (test run)'], 'the test click went to the preview');
			assert.equal(stored.runData['Send welcome email'], undefined, 'the test click sent nothing');
			assert.equal((await ctx.emu.state()).transactions.length, 0);
			await editor.zoomToFit();
			await editor.screenshot(user.shot('walk-example-test-click'));
			await editor.openNode('New member in Mad Mimi');
			await editor.screenshot(user.shot('walk-trigger'));

			await editor.openWorkflow(ctx.examples['import-members'].id);
			await editor.openNode('Import into Mad Mimi');
			const labels = await editor.parameterLabels();
			assert.ok(labels.includes('Source'), `the panel shows "Source": ${labels.join(' | ')}`);
			await editor.screenshot(user.shot('editor-madmimi-node'));
		},
		[NPM_LOOKUP],
	);
	user.done('the walk');
	updateDocsScreenshots(ctx.version, user.shots, 'editor');
}

async function examplesAsTheirNotesSay(ctx) {
	const { inTheEditor } = await import('./editor.mjs');
	const { runExamplesAsTheirNotesSay } = await import('./examples-editor.mjs');
	const user = await inTheEditor(ctx, 'examples in the editor', (editor, user) =>
		runExamplesAsTheirNotesSay({
			editor,
			emu: ctx.emu,
			examples: ctx.examples,
			storedRun: (id) => storedRun(ctx, id),
			shot: user.shot,
			step: user.step,
		}),
	);
	user.done(`${user.shots.length} examples`);
}

// ---------------------------------------------------------------------------------------------
// a new user's workflow: Manual Trigger → Edit Fields → Split Out → Mad Mimi Create or Update

const PEOPLE = [
	{ email: 'nina@example.com', first_name: 'Nina' },
	{ email: 'omar@example.com', first_name: 'Omar' },
];

/** The steps in order, each a function below; `user` carries the screenshots and the log. */
async function newUserWorkflow(ctx) {
	await ctx.emu.reset();
	const { inTheEditor } = await import('./editor.mjs');
	const user = await inTheEditor(
		ctx,
		'editor',
		async (editor, user) => {
			const nodes = await buildWorkflow(editor, user);
			await fillMadMimiPanel(ctx, editor, user);
			await runAndReadOutput(editor, user, nodes);
			await mistypedList(ctx, editor, user, nodes);
		},
		[NPM_LOOKUP],
	);
	user.done("the user's steps");
	updateDocsScreenshots(ctx.version, user.shots, 'editor');
}

/** 1. A new workflow; every node from the nodes panel, each after the previous one's "+". Returns the nodes' names. */
async function buildWorkflow(editor, user) {
	const workflowId = await editor.newWorkflow();
	const trigger = await editor.addFirstNode('Manual', 'Manual Trigger');
	// Edit Fields (Set) gives one item per input item (its JSON must be an object, not a
	// list): it gives the two people as one list, which Split Out makes one item per person
	const set = await editor.addNodeAfter(trigger, 'Edit Fields', 'Edit Fields (Set)');
	await editor.selectOption('mode', 'JSON');
	await editor.fillCode('jsonOutput', JSON.stringify({ people: PEOPLE }, null, 2));
	assert.deepEqual(JSON.parse(await editor.parameterValue('jsonOutput')), { people: PEOPLE });
	await editor.closeNdv();
	const split = await editor.addNodeAfter(set, 'Split Out', 'Split Out');
	assert.equal(await editor.fillText('fieldToSplitOut', 'people'), 'people');
	await editor.closeNdv();
	const madMimi = await editor.addNodeAfter(split, 'Mad Mimi', 'Mad Mimi', {
		action: 'Create or update a member',
	});
	user.step(
		`workflow ${workflowId ?? '(not saved yet)'}: added ${[trigger, set, split, madMimi].map((n) => `"${n}"`).join(' → ')}`,
	);
	return { split, madMimi };
}

/** 2. The Mad Mimi panel: the action picked set Resource and Operation; the credential, Email mapped, List from the dropdown, First Name. */
async function fillMadMimiPanel(ctx, editor, user) {
	assert.equal(await editor.parameterValue('resource'), 'Audience Member');
	assert.equal(await editor.parameterValue('operation'), 'Create or Update');
	// the suite has a second Mad Mimi credential (wrong key): n8n may preselect that one
	const credential = await editor.ensureCredential(CREDENTIAL_NAME_LOCAL);
	assert.equal(credential.selected, CREDENTIAL_NAME_LOCAL);
	if (credential.preselected !== CREDENTIAL_NAME_LOCAL)
		user.step(
			`n8n preselected "${credential.preselected}": "${CREDENTIAL_NAME_LOCAL}" picked from the dropdown`,
		);
	// the input's data first (as a user does to map it), then "email" dragged onto Email
	await editor.executePreviousNodes(PEOPLE[0].email);
	let email = await editor.mapInputColumn('email', 'email');
	if (email !== '{{ $json.email }}') {
		note(
			`NOTE: n8n ${ctx.version}: dragging "email" onto Email gave "${email}": the expression is typed instead`,
		);
		email = await editor.fillText('email', '{{ $json.email }}');
	}
	assert.equal(email, '{{ $json.email }}');
	// List: From List, the dropdown loaded from the account
	const shown = await editor.pickFromList('list', 'Newsletter');
	const accountLists = (await ctx.emu.state()).lists.map((l) => l.name);
	assert.deepEqual(
		[...shown].sort(),
		[...accountLists].sort(),
		"the dropdown shows the account's lists",
	);
	await editor.addCollectionField('Add field', 'First Name');
	assert.equal(
		await editor.fillText('firstName', '{{ $json.first_name }}'),
		'{{ $json.first_name }}',
	);
	await editor.screenshot(user.shot('editor-create-or-update'));
	user.step('Mad Mimi panel filled in');
}

/** 3. Execute workflow; the output panel shows two items, each paired with its person. */
async function runAndReadOutput(editor, user, { madMimi }) {
	const run = await editor.executeWorkflow();
	assert.match(run.notice, /executed successfully/i, run.notice);
	await editor.zoomToFit();
	await editor.screenshot(user.shot('editor-create-or-update-canvas'));
	await editor.openNode(madMimi);
	const table = await editor.outputTable();
	const rows = table.records;
	assert.deepEqual(
		rows.map(({ importId, ...shownItem }) => shownItem),
		PEOPLE.map((p) => ({
			email: p.email,
			firstName: p.first_name,
			list: 'Newsletter',
			listCreated: 'false',
			imported: 'true',
			batch: '1',
		})),
		`the output panel: ${JSON.stringify(table)}`,
	);
	assert.match(rows[0].importId, /^\d+$/);
	assert.equal(rows[1].importId, rows[0].importId, 'both in one import');
	// pairing as the editor shows it: hovering an output row highlights its input row
	await editor.closeNotifications();
	for (const [i, person] of PEOPLE.entries())
		assert.deepEqual(
			await editor.pairedInputRow(i),
			[person.email, person.first_name],
			`output item ${i} is paired with input item ${i}`,
		);
	await editor.screenshot(user.shot('editor-create-or-update-paired'), { keepPointer: true });
	await editor.display('output', 'json');
	await editor.screenshot(user.shot('editor-create-or-update-output'));
	user.step('two items in the output panel, each paired with its person');
}

/** 4. The same workflow, the list typed by "Name" with a typo: refused, nothing imported. */
async function mistypedList(ctx, editor, user, { madMimi }) {
	await editor.setLocatorMode('list', 'Name');
	assert.equal(await editor.fillLocator('list', 'Newsleter'), 'Newsleter');
	const typo = await editor.executeWorkflow();
	assert.match(typo.notice, /Problem in node/, typo.notice);
	assert.match(typo.notice, /Mad Mimi has no list named "Newsleter"/, typo.notice);
	await editor.openNode(madMimi);
	const error = await editor.nodeError();
	assert.match(error.message, /^Mad Mimi has no list named "Newsleter"/);
	assert.ok(error.description.length > 0, 'the panel says what to do');
	await editor.screenshot(user.shot('editor-create-or-update-typo'));
	user.step(`the typo refused: ${error.message} (${error.description})`);
	assert.equal((await storedRun(ctx, typo.executionId)).status, 'error');
}
