import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { runNode } from '../harness';
import { answerOnce, each, itemsOf, nodeParams, received, useEmulator } from './setup';

const env = useEmulator();

const fromList = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: value });
const byName = (value: string) => ({ __rl: true, mode: 'name', value });
const upsert = (extra: IDataObject = {}): INodeParameters =>
	nodeParams('audienceMember', 'upsert', {
		email: '={{ $json.email }}',
		...extra,
	}) as INodeParameters;
const TWO_PEOPLE: INodeExecutionData[] = [
	{ json: { email: 'nina@example.com', first: 'Nina', last: 'Novak', company: 'Novak Design' } },
	{ json: { email: 'omar@example.com', first: 'Omar', last: 'Ortiz', company: 'Ortiz & Sons' } },
];
const NAMES = {
	additionalFields: {
		firstName: '={{ $json.first }}',
		lastName: '={{ $json.last }}',
		customFields: { field: [{ key: 'company', value: '={{ $json.company }}' }] },
	},
};

describe('audienceMember.upsert', () => {
	test('two people into a list from the dropdown, email mapped per item: one import, two items paired to their inputs', async () => {
		const { items, error, hints } = await runNode(
			{ parameters: upsert({ list: fromList('Newsletter'), ...NAMES }) },
			TWO_PEOPLE,
		);
		expect(error).toBeUndefined();
		const [importRecord] = env.emulator.store.imports;
		expect(items.map((i) => i.json)).toEqual([
			{
				email: 'nina@example.com',
				firstName: 'Nina',
				lastName: 'Novak',
				company: 'Novak Design',
				list: 'Newsletter',
				listCreated: false,
				imported: true,
				importId: importRecord.id,
				batch: 1,
			},
			{
				email: 'omar@example.com',
				firstName: 'Omar',
				lastName: 'Ortiz',
				company: 'Ortiz & Sons',
				list: 'Newsletter',
				listCreated: false,
				imported: true,
				importId: importRecord.id,
				batch: 1,
			},
		]);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(hints).toEqual([]);
		// one read of the account's lists, then every person in one import
		expect(received(env.emulator).map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /audience_lists/lists.xml',
			'POST /audience_members',
		]);
		expect(importRecord.csv).toBe(
			'email,first_name,last_name,company,add_list\nnina@example.com,Nina,Novak,Novak Design,Newsletter\nomar@example.com,Omar,Ortiz,Ortiz & Sons,Newsletter\n',
		);
		const nina = env.emulator.store.getMember('nina@example.com')!;
		expect(nina.fields).toMatchObject({
			first_name: 'Nina',
			last_name: 'Novak',
			company: 'Novak Design',
		});
		expect(env.emulator.store.listsOf('omar@example.com').map((l) => l.name)).toEqual([
			'Newsletter',
		]);
	});

	test('an existing member is updated, not duplicated', async () => {
		await runNode({ parameters: upsert({ additionalFields: { lastName: 'Archer-Smith' } }) }, [
			{ json: { email: 'ann.archer@example.com' } },
		]);
		expect(env.emulator.store.getMember('ann.archer@example.com')!.fields.last_name).toBe(
			'Archer-Smith',
		);
		expect(
			[...env.emulator.store.members.keys()].filter((k) => k === 'ann.archer@example.com'),
		).toHaveLength(1);
	});

	test('without a list: no lists read, no add_list column, list null in the output', async () => {
		const { items } = await runNode({ parameters: upsert() }, [
			{ json: { email: 'solo@example.com' } },
		]);
		expect(items[0].json).toEqual({
			email: 'solo@example.com',
			list: null,
			imported: true,
			importId: env.emulator.store.imports[0].id,
			batch: 1,
		});
		expect(received(env.emulator).map((r) => r.path)).toEqual(['/audience_members']);
		expect(env.emulator.store.imports[0].csv).toBe('email\nsolo@example.com\n');
	});

	test('5 people with a batch size of 2: 3 imports, each person in one of them', async () => {
		const five = Array.from({ length: 5 }, (_, i) => ({ json: { email: `p${i}@example.com` } }));
		const { items } = await runNode({ parameters: upsert({ options: { batchSize: 2 } }) }, five);
		const ids = env.emulator.store.imports.map((i) => i.id);
		expect(items.map((i) => i.json.importId)).toEqual([ids[0], ids[0], ids[1], ids[1], ids[2]]);
		expect(env.emulator.store.imports.map((i) => i.rows.length)).toEqual([2, 2, 1]);
	});

	test('lists and opt-out per item, by expression', async () => {
		const items = await itemsOf(
			{
				parameters: upsert({
					list: byName('={{ $json.list }}'),
					options: { optOut: '={{ $json.out }}' },
				}),
			},
			[
				{ json: { email: 'a@example.com', list: 'Newsletter', out: false } },
				{ json: { email: 'b@example.com', list: 'VIP Customers', out: true } },
			],
		);
		expect(items.map((i) => [i.json.list, i.json.optedOut])).toEqual([
			['Newsletter', undefined],
			['VIP Customers', true],
		]);
		expect(env.emulator.store.imports[0].csv).toBe(
			'email,add_list,opt out\na@example.com,Newsletter,\nb@example.com,VIP Customers,1\n',
		);
		expect(env.emulator.store.getMember('b@example.com')!.optedOut).toBe(true);
		expect(env.emulator.store.getMember('a@example.com')!.optedOut).toBe(false);
	});

	test('an item without a valid address fails alone (continueOnFail): its error item, the others sent, a notice on the node', async () => {
		const { items, error, hints } = await runNode(
			{ parameters: upsert({ list: fromList('Newsletter') }), continueOnFail: true },
			each('email', 'good1@example.com', 'not an address', 'good2@example.com'),
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json).toMatchObject({ email: 'good1@example.com', imported: true });
		expect(items[1].json).toEqual({
			imported: false,
			error: 'The field "Email" is not a valid email address: "not an address"',
			description: 'An address looks like jane@example.com, with no spaces.',
		});
		expect(items[2].json).toMatchObject({ email: 'good2@example.com', imported: true });
		expect(env.emulator.store.imports[0].rows.map((r) => r.email)).toEqual([
			'good1@example.com',
			'good2@example.com',
		]);
		expect(hints).toEqual([
			expect.objectContaining({
				type: 'warning',
				message: expect.stringContaining('1 of 3 items were not added or updated'),
			}),
		]);
	});

	test('without continueOnFail the run stops at that item before anything is sent', async () => {
		const { error } = await runNode(
			{ parameters: upsert() },
			each('email', 'good@example.com', ''),
		);
		expect(error?.message).toBe('The field "Email" is empty');
		expect(error?.context?.itemIndex).toBe(1);
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('a mistyped list is refused before any import, naming it; nothing is created', async () => {
		const { error } = await runNode(
			{ parameters: upsert({ list: byName('Newsleter') }) },
			TWO_PEOPLE,
		);
		expect(error?.message).toBe('Mad Mimi has no list named "Newsleter"');
		expect(error?.description).toContain('Create List If Missing');
		expect(received(env.emulator).map((r) => r.path)).toEqual(['/audience_lists/lists.xml']);
		expect(env.emulator.store.lists.has('Newsleter')).toBe(false);
		expect(env.emulator.store.getMember('nina@example.com')).toBeUndefined();
	});

	test('"Create List If Missing": the list is created first, and the output says so', async () => {
		const items = await itemsOf(
			{
				parameters: upsert({ list: byName('Spring leads'), options: { createList: true } }),
			},
			TWO_PEOPLE,
		);
		expect(items.map((i) => [i.json.list, i.json.listCreated])).toEqual([
			['Spring leads', true],
			['Spring leads', true],
		]);
		expect(received(env.emulator).map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /audience_lists/lists.xml',
			'POST /audience_lists.json',
			'POST /audience_members',
		]);
		expect(env.emulator.store.lists.get('Spring leads')!.members.size).toBe(2);
	});

	test('with continueOnFail, the people of a mistyped list fail alone, the others are sent', async () => {
		const { items } = await runNode(
			{ parameters: upsert({ list: byName('={{ $json.list }}') }), continueOnFail: true },
			[
				{ json: { email: 'a@example.com', list: 'Newsletter' } },
				{ json: { email: 'b@example.com', list: 'Newsleter' } },
			],
		);
		expect(items[0].json).toMatchObject({ imported: true, list: 'Newsletter' });
		expect(items[1].json.error).toBe('Mad Mimi has no list named "Newsleter"');
		expect(env.emulator.store.imports[0].rows.map((r) => r.email)).toEqual(['a@example.com']);
	});

	test('a failing import with continueOnFail: every person of the batch gets an error item', async () => {
		answerOnce(env.emulator, 'POST', '/audience_members', 0, 500, 'boom');
		const { items, error } = await runNode(
			{ parameters: upsert(), continueOnFail: true },
			TWO_PEOPLE,
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.email, i.json.error])).toEqual([
			['nina@example.com', 'Mad Mimi could not handle the request (500)'],
			['omar@example.com', 'Mad Mimi could not handle the request (500)'],
		]);
	});
});

describe('audienceMember.import tells the truth', () => {
	const importItems = (extra: IDataObject = {}): INodeParameters =>
		nodeParams('audienceMember', 'import', { source: 'items', ...extra }) as INodeParameters;

	test('"Email Field" dragged from the input ({{ $json.email }}): the address itself, per item', async () => {
		const items = await itemsOf(
			{ parameters: importItems({ emailField: '={{ $json.email }}' }) },
			TWO_PEOPLE,
		);
		expect(items.map((i) => [i.json.email, i.json.imported])).toEqual([
			['nina@example.com', true],
			['omar@example.com', true],
		]);
		expect(env.emulator.store.imports[0].csv.split('\n')[0]).toBe('email,first,last,company');
	});

	test('not a single valid address: the run fails, naming "Email Field" and what the first item holds', async () => {
		const { error } = await runNode(
			{ parameters: importItems({ emailField: 'e-mail' }) },
			TWO_PEOPLE,
		);
		expect(error?.message).toBe(
			'No input item has a valid email address in "Email Field"; nothing was imported',
		);
		expect(error?.description).toContain('"Email Field" is "e-mail"');
		expect(error?.description).toContain(
			'no field "e-mail" (the first item\'s fields are: email, first, last, company)',
		);
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('some rows skipped: the output says which, and a notice shows on the node', async () => {
		const { items, hints } = await runNode({ parameters: importItems({ emailField: 'email' }) }, [
			...TWO_PEOPLE,
			{ json: { email: 'broken' } },
		]);
		expect(items.map((i) => i.json.imported)).toEqual([true, true, false]);
		expect(hints).toEqual([
			expect.objectContaining({
				type: 'warning',
				message: expect.stringContaining('1 of 3 items were not imported'),
			}),
		]);
	});

	test('a list that does not exist is refused before any request, unless "Create List If Missing"', async () => {
		const refused = await runNode(
			{ parameters: importItems({ emailField: 'email', list: byName('Newsleter') }) },
			TWO_PEOPLE,
		);
		expect(refused.error?.message).toBe('Mad Mimi has no list named "Newsleter"');
		expect(received(env.emulator).map((r) => r.path)).toEqual(['/audience_lists/lists.xml']);

		env.emulator.clearRequests();
		const created = await runNode(
			{
				parameters: importItems({
					emailField: 'email',
					list: byName('Newsleter'),
					options: { createList: true },
				}),
			},
			TWO_PEOPLE,
		);
		expect(created.items.map((i) => [i.json.list, i.json.listCreated])).toEqual([
			['Newsleter', true],
			['Newsleter', true],
		]);
	});

	test('a CSV into a picked list: every row joins it, the output names it', async () => {
		const { items, error, hints } = await runNode({
			parameters: nodeParams('audienceMember', 'import', {
				source: 'csv',
				csvSource: 'text',
				csvText: 'email,first name\njane@example.com,Jane\nbad,Bob\n',
				list: fromList('VIP Customers'),
			}),
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			imported: true,
			rows: 1,
			list: 'VIP Customers',
			listCreated: false,
			skipped: 1,
		});
		expect(env.emulator.store.imports[0].csv).toBe(
			'email,first name,add_list\njane@example.com,Jane,VIP Customers\n',
		);
		expect(hints).toEqual([
			expect.objectContaining({
				message: expect.stringContaining('1 of 2 rows were not imported'),
			}),
		]);
	});
});

describe('parameters read per item only when they are expressions', () => {
	test('an import whose list and Email Field are expressions reads them for each item', async () => {
		const items = await itemsOf(
			{
				parameters: nodeParams('audienceMember', 'import', {
					source: 'items',
					emailField: '={{ $json.address }}',
					list: byName('={{ $json.list }}'),
				}),
			},
			[
				{ json: { address: 'x1@example.com', list: 'Newsletter' } },
				{ json: { address: 'x2@example.com', list: 'VIP Customers' } },
			],
		);
		expect(items.map((i) => [i.json.email, i.json.list])).toEqual([
			['x1@example.com', 'Newsletter'],
			['x2@example.com', 'VIP Customers'],
		]);
		expect(env.emulator.store.listsOf('x2@example.com').map((l) => l.name)).toEqual([
			'VIP Customers',
		]);
	});

	test('a constant list that does not exist fails every item (read once, refused for each)', async () => {
		const { items } = await runNode(
			{ parameters: upsert({ list: byName('Nope') }), continueOnFail: true },
			TWO_PEOPLE,
		);
		expect(items.map((i) => i.json.error)).toEqual([
			'Mad Mimi has no list named "Nope"',
			'Mad Mimi has no list named "Nope"',
		]);
	});
});
