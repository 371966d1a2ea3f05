/**
 * Every example workflow (examples/*.json) opened in the editor and run the way its sticky note
 * says, as a newcomer would, with what it did read from the emulator. Used by editor.e2e.mjs
 * (n8n started by e2e/fixture.mjs: owner signed up, credential and examples imported).
 *
 * - "Click **Execute workflow**": the canvas's big button (never a choice from its ▾ menu); the
 *   run must start from the trigger the note implies (not wait for a webhook), finish, and do
 *   what the note says.
 * - "**Publish** ... **Fetch Test Event**": one event made in the emulator, the trigger's panel
 *   opened, "Fetch Test Event" clicked: the output shows that record.
 *
 * Then, for every example, what a newcomer's test click may do: **Execute workflow** pressed
 * (again), twice. A run that wrote anything to Mad Mimi must say so in the first line of the note
 * ("**Execute workflow sends …**"); one that wrote nothing says that instead ("**Reads only**",
 * "**Test runs send nothing**"). However often an example runs, nobody is emailed twice.
 */
import assert from 'node:assert/strict';

import { EXAMPLE_CHECKS } from './example-checks.mjs';
import { apiWrites, countBy } from './fixture.mjs';

const MANUAL = 'When clicking ‘Execute workflow’';
const EXECUTE_NOTE = /click \*\*Execute workflow\*\*/i;
const FETCH_NOTE =
	/\*\*Publish\*\* the workflow[\s\S]*On the trigger, \*\*Fetch Test Event\*\* shows/;
const isTrigger = (node) => /trigger$/i.test(node.type) || node.type === 'n8n-nodes-base.webhook';
/** The first line of a note under its heading: what a test click does. */
const firstLine = (note) =>
	note
		.split('\n')
		.map((l) => l.trim())
		.find((l) => l !== '' && !l.startsWith('#')) ?? '';
const SAYS_IT_WRITES = /^\*\*Execute workflow (adds|changes|sends)\b/;
const SAYS_IT_WRITES_NOTHING = /^\*\*(Reads only|Test runs send nothing)\*\*/;

/**
 * What the test clicks of Execute workflow did, read from the emulator after `runs` more clicks:
 * the API writes made (with `fresh`, only from here on: an event the check made itself is not the
 * example's), and who got an email or a mailing more than once.
 */
async function testClicks({ editor, emu, storedRun, file, runs, fresh }) {
	if (fresh) await emu.clearRequests();
	for (let k = 0; k < runs; k++) {
		const run = await editor.executeWorkflow();
		assert.ok(!run.waitingForWebhook, `${file}: Execute workflow waits for a webhook`);
		const stored = await storedRun(run.executionId);
		assert.equal(stored.status, 'success', `${file}: test click ${k + 1} ${stored.status}`);
	}
	const writes = apiWrites(await emu.requests()).map((r) => `${r.effectiveMethod} ${r.path}`);
	const state = await emu.state();
	const emails = countBy(state.transactions, (t) => t.recipient.email);
	const mailed = countBy(
		state.sends.flatMap((send) =>
			send.recipients.map((email) => `${send.promotionName} to ${email}`),
		),
	);
	// an address, or "<promotion> to <address>": who got an email, or a mailing, more than once
	const twice = Object.entries({ ...emails, ...mailed })
		.filter(([, n]) => n > 1)
		.map(([key]) => key);
	return { writes, twice, emails: state.transactions.length };
}

/**
 * What each example's note says to do, and what must then have happened. `execute` examples:
 * `trigger` is the trigger the run must start from; `check({ emu, out })` (e2e/example-checks.mjs
 * unless given) reads the emulator (`out(node)`: that node's output items in the stored run). `fetch` examples: `event(emu)` makes
 * one record happen in Mad Mimi and returns what to look for; `check(rows, expected)` reads the
 * trigger's output table.
 */
const EXAMPLE_RUNS = [
	{ file: 'import-members', how: 'execute', trigger: MANUAL },
	{ file: 'sync-list-members', how: 'execute', trigger: MANUAL },
	{ file: 'child-account-permissions', how: 'execute', trigger: MANUAL },
	{ file: 'send-promotion-to-list', how: 'execute', trigger: MANUAL },
	{ file: 'weekly-mailing-report', how: 'execute', trigger: 'Every Monday at 8:00' },
	{ file: 'welcome-email', how: 'execute', trigger: MANUAL },
	{
		file: 'sync-opt-outs',
		how: 'fetch',
		trigger: 'Member opted out in Mad Mimi',
		async event(emu) {
			await emu.optOut(['ann.archer@example.com']);
			return { email: 'ann.archer@example.com' };
		},
		check(rows, { email }) {
			assert.ok(rows.length >= 1 && rows.length <= 5, `up to 5 opt-outs: ${rows.length}`);
			const row = rows.find((r) => r.email === email);
			assert.deepEqual(row && { email: row.email, optedOut: row.optedOut }, {
				email,
				optedOut: 'true',
			});
			return `${email} opted out, among ${rows.length} opt-outs shown`;
		},
	},
	{
		file: 'new-member-welcome',
		how: 'fetch',
		trigger: 'New member in Mad Mimi',
		async event(emu) {
			await emu.api('POST', '/audience_members', {
				csv_file: 'email,first_name\nnew.person@example.com,Newt\n',
			});
			return { email: 'new.person@example.com', firstName: 'Newt' };
		},
		check(rows, { email, firstName }) {
			assert.ok(rows.length >= 1 && rows.length <= 5, `up to 5 new members: ${rows.length}`);
			const row = rows.find((r) => r.email === email);
			assert.deepEqual(row && { email: row.email, firstName: row.firstName }, { email, firstName });
			return `${firstName} <${email}> joined, among ${rows.length} new members shown`;
		},
	},
	{
		// chatted with in e2e/ai.e2e.mjs, a scripted model connected as its note says: here, only opened
		file: 'ai-newsletter-assistant',
		how: 'chat',
		trigger: 'When chat message received',
	},
	{
		file: 'mailing-sent-stats',
		how: 'fetch',
		trigger: 'Mailing sent in Mad Mimi',
		async event(emu) {
			const id = (
				await emu.api('POST', '/mailer/to_list', {
					promotion_name: 'Weekly digest',
					list_name: 'Newsletter',
				})
			).trim();
			assert.match(id, /^\d+$/, `the mailing's ID: ${id}`);
			return { id, promotionName: 'Weekly digest' };
		},
		check(rows, { id, promotionName }) {
			assert.ok(rows.length >= 1, 'mailings shown');
			const row = rows.find((r) => r.id === id);
			assert.deepEqual(row && { id: row.id, promotionName: row.promotionName }, {
				id,
				promotionName,
			});
			return `mailing ${id} of ${promotionName} finished, among ${rows.length} mailings shown`;
		},
	},
];

/**
 * Runs every example of `examples` (file name → workflow JSON, as imported) in the editor, the
 * way its note says. `storedRun(executionId)` gives `{ status, runData }` of a finished run;
 * `shot(name)` the file for a screenshot; `step(text)` logs (with the seconds since the start).
 */
export async function runExamplesAsTheirNotesSay({ editor, emu, examples, storedRun, shot, step }) {
	const unknown = Object.keys(examples).filter(
		(file) => !EXAMPLE_RUNS.some((r) => r.file === file),
	);
	assert.deepEqual(unknown, [], 'examples this check does not know how to run');
	for (const example of EXAMPLE_RUNS.filter((r) => examples[r.file])) {
		const workflow = examples[example.file];
		const stickyNote =
			workflow.nodes.find((n) => n.type === 'n8n-nodes-base.stickyNote')?.parameters.content ?? '';
		const triggers = workflow.nodes.filter(isTrigger);
		assert.ok(
			triggers.some((t) => t.name === example.trigger),
			`${example.file}: no trigger "${example.trigger}" (${triggers.map((t) => t.name).join(', ')})`,
		);
		await emu.reset();
		let did;
		if (example.how === 'execute') {
			assert.match(
				stickyNote,
				EXECUTE_NOTE,
				`${example.file}: its note says to click Execute workflow`,
			);
			await editor.openWorkflow(workflow.id);
			const run = await editor.executeWorkflow();
			assert.ok(
				!run.waitingForWebhook,
				`${example.file}: "${run.label}" waits for a webhook call (from ${run.trigger}) instead of running`,
			);
			assert.equal(
				run.trigger,
				example.trigger,
				`${example.file}: "${run.label}" runs from ${run.trigger}`,
			);
			assert.match(run.notice, /executed successfully/i, `${example.file}: ${run.notice}`);
			await editor.zoomToFit();
			await editor.screenshot(shot(`example-${example.file}`));
			const stored = await storedRun(run.executionId);
			assert.equal(stored.status, 'success', `${example.file}: the run ${stored.status}`);
			const ranTriggers = triggers.map((t) => t.name).filter((name) => stored.runData[name]);
			assert.deepEqual(ranTriggers, [example.trigger], `${example.file}: the triggers that ran`);
			const out = (node) => (stored.runData[node]?.[0]?.data?.main?.[0] ?? []).map((i) => i.json);
			const check = example.check ?? EXAMPLE_CHECKS[example.file];
			did = `"${run.label}" ran from ${run.trigger}: ${await check({ emu, out })}`;
		} else if (example.how === 'chat') {
			// a chat needs a model (its note says to connect one): what a message does is the note's first line
			assert.match(
				firstLine(stickyNote),
				/^\*\*Chat to (add|send)\b/,
				`${example.file}: the first line of its note says what a chat message does`,
			);
			await editor.openWorkflow(workflow.id);
			await editor.screenshot(shot(`example-${example.file}`));
			step(`${example.file}: opened; chatted with in the AI suite`);
			continue;
		} else {
			assert.match(
				stickyNote,
				FETCH_NOTE,
				`${example.file}: its note says Publish, and Fetch Test Event on the trigger`,
			);
			const expected = await example.event(emu);
			await editor.openWorkflow(workflow.id);
			const { label, table } = await editor.fetchTestEvent(example.trigger);
			assert.equal(label, 'Fetch Test Event');
			await editor.screenshot(shot(`example-${example.file}`));
			did = `"${label}" on ${example.trigger}: ${example.check(table.records, expected)}`;
		}
		// the newcomer's test clicks: twice more after an execute example's first run (its writes
		// counted too), twice after a fetch (the event the check made not counted)
		const clicks = await testClicks({
			editor,
			emu,
			storedRun,
			file: example.file,
			runs: 2,
			fresh: example.how === 'fetch',
		});
		const line = firstLine(stickyNote);
		if (clicks.writes.length > 0)
			assert.match(
				line,
				SAYS_IT_WRITES,
				`${example.file}: a test click wrote to Mad Mimi (${clicks.writes.join(', ')}); the note's first line must say so: "${line}"`,
			);
		else
			assert.match(
				line,
				SAYS_IT_WRITES_NOTHING,
				`${example.file}: a test click wrote nothing; the note's first line should say so: "${line}"`,
			);
		assert.deepEqual(clicks.twice, [], `${example.file}: people emailed twice`);
		did += `; 2 more test clicks: ${clicks.writes.length} writes in all, ${clicks.emails} emails, nobody twice`;
		step(`${example.file}: ${did}`);
	}
}
