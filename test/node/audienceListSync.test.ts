/**
 * Audience List → Sync through n8n-core against the emulator: the plan in the output, what the
 * emulator received (no write in a dry run; one import and the removals when applied) and what it
 * stores; Max Removals; consent; a run cut part-way and finished by the next one; the AI tool.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { runNode, TOOL_TYPE } from '../harness';
import { itemsOf, nodeParams, received, useEmulator } from './setup';

const env = useEmulator();
const LIST = 'Sync test';

const sync = (extra: IDataObject = {}): INodeParameters =>
	nodeParams('audienceList', 'sync', {
		list: { __rl: true, mode: 'list', value: LIST, cachedResultName: LIST },
		email: '={{ $json.email }}',
		additionalFields: { firstName: '={{ $json.first }}', lastName: '={{ $json.last }}' },
		...extra,
	}) as INodeParameters;
const apply = (extra: IDataObject = {}) => sync({ dryRun: false, ...extra });

/** m0 … m(n-1)@example.com on the list, with first and last names. */
function seedList(n: number): void {
	env.emulator.store.createList(LIST);
	for (let i = 0; i < n; i++)
		env.emulator.store.addMember(`m${i}@example.com`, {
			firstName: `F${i}`,
			lastName: `L${i}`,
			lists: [LIST],
		});
}
const person = (i: number, first = `F${i}`) => ({
	json: { email: `m${i}@example.com`, first, last: `L${i}` },
});
const onList = () =>
	[...env.emulator.store.lists.get(LIST)!.members].sort((a, b) => a.localeCompare(b));
const writes = () => received(env.emulator).filter((r) => r.method !== 'GET');
const actions = (items: INodeExecutionData[]) => items.map((i) => [i.json.email, i.json.action]);

/**
 * The list of 20 (m0…m19) and an input of 21 people: m0…m17 (m1 renamed), m2 twice (its later
 * item wins), two new people, Dan who opted out (on Newsletter): m18 and m19 are to go (10 %).
 */
function churn(): INodeExecutionData[] {
	seedList(20);
	const kept = Array.from({ length: 18 }, (_, i) => person(i, i === 1 ? 'Felix' : `F${i}`));
	return [
		...kept.slice(0, 2),
		{ json: { email: 'M2@Example.com', first: 'Early', last: 'L2' } },
		...kept.slice(2),
		{ json: { email: 'new1@example.com', first: 'New', last: 'One' } },
		{ json: { email: 'new2@example.com', first: 'New', last: 'Two' } },
		{ json: { email: 'dan.diaz@example.com', first: 'Daniel', last: 'Diaz' } },
	];
}

describe('audienceList.sync', () => {
	test('a dry run (the default) outputs the plan, sends no write at all, and says how to apply it', async () => {
		const input = churn();
		const { items, error, hints } = await runNode({ parameters: sync() }, input);
		expect(error).toBeUndefined();
		expect(writes()).toEqual([]);
		expect(received(env.emulator).map((r) => r.path)).toEqual([
			'/audience_lists/Sync%20test/members.xml',
			'/audience_members/suppressed_since/0.txt',
		]);
		expect(items).toHaveLength(input.length + 2);
		expect(items.every((i) => i.json.dryRun === true)).toBe(true);
		expect(items[1].json).toEqual({
			email: 'm1@example.com',
			action: 'updated',
			changed: { firstName: { from: 'F1', to: 'Felix' } },
			dryRun: true,
		});
		expect(items[2].json).toMatchObject({ email: 'm2@example.com', action: 'skipped' });
		expect(String(items[2].json.reason)).toMatch(/^duplicate: the 4th item has the same address/);
		expect(items[3].json).toMatchObject({ email: 'm2@example.com', action: 'unchanged' });
		expect(actions(items.slice(-5))).toEqual([
			['new1@example.com', 'added'],
			['new2@example.com', 'added'],
			['dan.diaz@example.com', 'skipped'],
			['m18@example.com', 'removed'],
			['m19@example.com', 'removed'],
		]);
		expect(items[input.length - 1].json.reason).toBe('opted out');
		expect(items.map((i) => i.pairedItem)).toEqual([
			...input.map((_, item) => ({ item })),
			{ item: 0 },
			{ item: 0 },
		]);
		expect(hints.map((h) => h.message)).toEqual([
			'Dry run, nothing was changed in Mad Mimi. Plan: 2 to add, 1 to update, 2 to remove, 17 unchanged, 1 skipped (opted out), 1 duplicate item. To apply it, turn "Dry Run" off and run the node again.',
		]);
		expect(onList()).toHaveLength(20);
	});

	test('applied: one import of the added and updated people only, the removals, and nobody opted out touched', async () => {
		const input = churn();
		const { items, error, hints } = await runNode({ parameters: apply() }, input);
		expect(error).toBeUndefined();
		expect(items.some((i) => 'dryRun' in i.json)).toBe(false);
		expect(
			writes()
				.map((r) => `${r.method} ${r.path} ${r.params.email ?? ''}`.trim())
				.sort(),
		).toEqual([
			'POST /audience_lists/Sync%20test/remove m18@example.com',
			'POST /audience_lists/Sync%20test/remove m19@example.com',
			'POST /audience_members',
		]);
		expect(env.emulator.store.imports[0].csv).toBe(
			'email,first_name,last_name,add_list\nm1@example.com,Felix,L1,Sync test\nnew1@example.com,New,One,Sync test\nnew2@example.com,New,Two,Sync test\n',
		);
		const expected = [
			...Array.from({ length: 18 }, (_, i) => `m${i}@example.com`),
			'new1@example.com',
			'new2@example.com',
		].sort((a, b) => a.localeCompare(b));
		expect(onList()).toEqual(expected);
		expect(env.emulator.store.getMember('m1@example.com')!.fields.first_name).toBe('Felix');
		// taken off the list only: still in the audience, not opted out
		expect(env.emulator.store.getMember('m18@example.com')!.optedOut).toBe(false);
		const dan = env.emulator.store.getMember('dan.diaz@example.com')!;
		expect(dan.fields.first_name).toBe('Dan');
		expect(env.emulator.store.listsOf(dan.email).map((l) => l.name)).toEqual(['Newsletter']);
		expect(hints[0].message).toBe(
			'Synced: 2 added, 1 updated, 2 removed, 17 unchanged, 1 skipped (opted out), 1 duplicate item.',
		);

		// safe to run again: nothing left to do, nothing sent
		env.emulator.requests.length = 0;
		const again = await runNode({ parameters: apply() }, input);
		expect(again.error).toBeUndefined();
		expect(writes()).toEqual([]);
		expect(
			again.items.filter((i) => i.json.action !== 'unchanged').map((i) => i.json.reason),
		).toEqual([expect.stringMatching(/^duplicate/), 'opted out']);
	});

	test('Add and Update takes nobody off the list', async () => {
		seedList(5);
		const { items } = await runNode({ parameters: apply({ mode: 'addAndUpdate' }) }, [
			person(0),
			{ json: { email: 'new@example.com' } },
		]);
		expect(actions(items)).toEqual([
			['m0@example.com', 'unchanged'],
			['new@example.com', 'added'],
		]);
		expect(onList()).toHaveLength(6);
		expect(writes().map((r) => r.path)).toEqual(['/audience_members']);
	});

	test('Max Removals: 3 of 20 (15 %) is refused with the counts and changes nothing; at 15 it goes', async () => {
		seedList(20);
		const input = [
			...Array.from({ length: 17 }, (_, i) => person(i)),
			{ json: { email: 'x@example.com' } },
		];
		const refused = await runNode({ parameters: apply() }, input);
		expect(refused.error?.message).toBe(
			'Sync refused: it would take 3 of the 20 members of "Sync test" off the list (15 %), more than Max Removals (10 %)',
		);
		expect(refused.error?.description).toMatch(
			/^Nothing was changed\..*set the option "Max Removals" to 15 or more/,
		);
		expect(writes()).toEqual([]);
		// the dry run shows the plan, and that it would be refused
		const dry = await runNode({ parameters: sync() }, input);
		expect(dry.error).toBeUndefined();
		expect(dry.hints[0].message).toMatch(/would be refused: it would take 3 of the 20 members/);
		const allowed = await runNode(
			{ parameters: apply({ options: { maxRemovalPercent: 15 } }) },
			input,
		);
		expect(allowed.error).toBeUndefined();
		expect(onList()).toHaveLength(18);
	});

	test('an input that keeps nobody (a wrong column) is refused unless Max Removals is 100', async () => {
		seedList(4);
		const input = [{ json: { mail: 'm0@example.com' } }, { json: { mail: 'm1@example.com' } }];
		// without Continue On Fail: the first item without an address stops the run before any request
		const stopped = await runNode({ parameters: apply() }, input);
		expect(stopped.error?.message).toMatch(/Email/);
		expect(env.emulator.requests).toHaveLength(0);
		const refused = await runNode(
			{ parameters: apply({ options: { maxRemovalPercent: 99 } }), continueOnFail: true },
			input,
		);
		expect(refused.error?.message).toBe(
			'Sync refused: it would take all 4 members off the list "Sync test" and keep nobody',
		);
		expect(writes()).toEqual([]);
		const emptied = await runNode(
			{ parameters: apply({ options: { maxRemovalPercent: 100 } }), continueOnFail: true },
			input,
		);
		expect(emptied.error).toBeUndefined();
		expect(emptied.items.slice(0, 2).map((i) => i.json.error)).toEqual([
			expect.stringMatching(/Email/),
			expect.stringMatching(/Email/),
		]);
		expect(onList()).toEqual([]);
		expect(env.emulator.store.getMember('m0@example.com')).toBeDefined();
	});

	test('an invalid address: its own error item with Continue On Fail, no part in the plan', async () => {
		seedList(10);
		const input = [
			...Array.from({ length: 10 }, (_, i) => person(i)),
			{ json: { email: 'not an address' } },
		];
		const { items, error } = await runNode({ parameters: apply(), continueOnFail: true }, input);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(11);
		expect(items[10].json.error).toMatch(/not a valid email address/);
		expect(items[10].pairedItem).toEqual({ item: 10 });
		expect(writes()).toEqual([]);
	});

	test('fields compare as typed: only those given, an empty value is not given, a custom field new to the account differs', async () => {
		env.emulator.store.createList(LIST);
		env.emulator.store.addMember('cf@example.com', {
			firstName: 'Ada',
			fields: { plan: 'gold', price: '19.90' },
			lists: [LIST],
		});
		const run = async (customFields: IDataObject, first = 'Ada') =>
			await runNode(
				{
					parameters: apply({
						additionalFields: { firstName: first, customFields: { field: [customFields] } },
					}),
				},
				[{ json: { email: 'cf@example.com' } }],
			);
		expect((await run({ key: 'price', value: '19.90' })).items[0].json.action).toBe('unchanged');
		expect((await run({ key: 'plan', value: '' }, '')).items[0].json.action).toBe('unchanged');
		expect((await run({ key: 'plan', value: 'silver' })).items[0].json).toEqual({
			email: 'cf@example.com',
			action: 'updated',
			changed: { plan: { from: 'gold', to: 'silver' } },
		});
		expect(env.emulator.store.getMember('cf@example.com')!.fields.plan).toBe('silver');
		expect((await run({ key: 'level', value: '3' })).items[0].json.changed).toEqual({
			level: { from: '', to: '3' },
		});
		expect((await run({ key: 'level', value: '3' })).items[0].json.action).toBe('unchanged');
	});

	test('a list of 250: its members read in 3 pages of 100, side by side, with the opt-outs beside them', async () => {
		seedList(250);
		const input = Array.from({ length: 250 }, (_, i) => person(i));
		const { items } = await runNode({ parameters: apply() }, input);
		expect(items.every((i) => i.json.action === 'unchanged')).toBe(true);
		const reads = received(env.emulator);
		expect(reads.filter((r) => r.path.endsWith('/members.xml')).map((r) => r.params.page)).toEqual(
			expect.arrayContaining(['1', '2', '3']),
		);
		expect(reads.every((r) => r.path.endsWith('.txt') || r.params.per_page === '100')).toBe(true);
		expect(reads).toHaveLength(4);
	});

	test('a field mapped as {{ $json.x }} or {{ $json["x y"] }} is read from the item, any other expression by n8n: the same values', async () => {
		seedList(2);
		const input = [
			{ json: { email: 'm0@example.com', 'first name': 'Zoe', code: 7 } },
			{ json: { email: 'm1@example.com', 'first name': 'Yan', code: 8 } },
		];
		const items = await itemsOf(
			{
				parameters: apply({
					additionalFields: {
						firstName: '={{ $json["first name"] }}',
						lastName: '={{ $json.email.split("@")[0].toUpperCase() }}',
						customFields: { field: [{ key: 'code', value: '={{ $json.code }}' }] },
					},
				}),
			},
			input,
		);
		expect(items.map((i) => i.json.changed)).toEqual([
			{
				firstName: { from: 'F0', to: 'Zoe' },
				lastName: { from: 'L0', to: 'M0' },
				code: { from: '', to: '7' },
			},
			{
				firstName: { from: 'F1', to: 'Yan' },
				lastName: { from: 'L1', to: 'M1' },
				code: { from: '', to: '8' },
			},
		]);
		expect(env.emulator.store.getMember('m1@example.com')!.fields).toMatchObject({
			first_name: 'Yan',
			last_name: 'M1',
			code: '8',
		});
	});

	test('an unknown list is refused in words, before any write', async () => {
		const { error } = await runNode(
			{ parameters: apply({ list: { __rl: true, mode: 'name', value: 'Nope' } }) },
			[person(0)],
		);
		expect(error?.message).toBe('Mad Mimi has no list named "Nope"');
		expect(writes()).toEqual([]);
	});
});

describe('safe to run again', () => {
	test('a run cut part-way (an import answer lost, then removals failing) stops saying what was done; the next run finishes the plan, nothing twice', async () => {
		seedList(40);
		const input = [
			...Array.from({ length: 36 }, (_, i) => person(i)),
			{ json: { email: 'new@example.com', first: 'New' } },
		];
		// the import is stored and its answer lost: repeated (safe); the 3rd removal on never gets through
		env.emulator.faults.add({
			path: '/audience_members',
			method: 'POST',
			times: 1,
			respond: 'resetAfterWork',
		});
		env.emulator.faults.add({ path: /\/remove$/, after: 2, respond: 'reset' });
		const cut = await runNode(
			{ parameters: apply({ options: { maxRemovalPercent: 10, parallelPageReads: 1 } }) },
			input,
		);
		expect(cut.error?.message).toMatch(/^Sync stopped: /);
		expect(cut.error?.description).toMatch(
			/^Done before it stopped: 1 of 1 people added or updated \(import id \d+\), 2 of 4 removals\. Run the workflow again to finish/,
		);
		expect(onList()).toHaveLength(39);
		expect(env.emulator.store.imports.map((i) => i.rows.length)).toEqual([1, 1]);

		env.emulator.faults.clear();
		env.emulator.requests.length = 0;
		const rerun = await runNode({ parameters: apply() }, input);
		expect(rerun.error).toBeUndefined();
		expect(actions(rerun.items.filter((i) => i.json.action !== 'unchanged'))).toEqual([
			['m38@example.com', 'removed'],
			['m39@example.com', 'removed'],
		]);
		// the rerun sends no import (new@ is on the list) and only the removals still to do
		expect(writes().map((r) => r.params.email)).toEqual(['m38@example.com', 'm39@example.com']);
		expect(onList()).toEqual(
			[...Array.from({ length: 36 }, (_, i) => `m${i}@example.com`), 'new@example.com'].sort(
				(a, b) => a.localeCompare(b),
			),
		);
	});
});

describe('as an AI tool', () => {
	test('a dry run, whatever the model says: $fromAI in Dry Run counts as on', async () => {
		seedList(3);
		const items = await itemsOf(
			{
				type: TOOL_TYPE,
				parameters: apply({ dryRun: '={{ $fromAI("dryRun", "apply the plan", "boolean") }}' }),
			},
			[{ json: { email: 'm0@example.com', dryRun: false } }],
		);
		expect(items.every((i) => i.json.dryRun === true)).toBe(true);
		expect(writes()).toEqual([]);
	});

	test("applied when the workflow's author turned Dry Run off in the node", async () => {
		seedList(3);
		const items = await itemsOf(
			{
				type: TOOL_TYPE,
				parameters: apply({ mode: 'addAndUpdate' }),
			},
			[{ json: { email: 'new@example.com' } }],
		);
		expect(items[0].json).toEqual({ email: 'new@example.com', action: 'added' });
		expect(onList()).toContain('new@example.com');
	});
});
