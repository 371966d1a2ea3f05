import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { MadMimi } from '../../nodes/MadMimi/MadMimi.node';
import { DEMO_IDS } from '../../emulator';
import { runNode } from '../harness';
import { received, useEmulator } from './setup';

const env = useEmulator();
const DAY = 86_400_000;

const people = (n: number, offset = 0): INodeExecutionData[] =>
	Array.from({ length: n }, (_, i) => ({
		json: {
			email: `person${i + offset}@example.com`,
			'first name': `P${i + offset}`,
			company: `Co ${i + offset}, Inc.`,
		},
	}));

const listPicked = (value: string) => ({
	__rl: true,
	mode: 'list',
	value,
	cachedResultName: value,
});

/** An import from items; `list` (the top-level list picker) is given with the options for brevity. */
const importItems = (
	extra: IDataObject = {},
	{ list, ...options }: IDataObject = {},
): INodeParameters =>
	({
		resource: 'audienceMember',
		operation: 'import',
		source: 'items',
		emailField: 'email',
		...(list === undefined ? {} : { list: listPicked(String(list)) }),
		options,
		...extra,
	}) as INodeParameters;

describe('audienceMember.import from items', () => {
	test('N items go out in ⌈N / batch size⌉ requests, one CSV row each, every item reported', async () => {
		const { items, error } = await runNode(
			{ parameters: importItems({}, { list: 'Newsletter', batchSize: 2 }) },
			people(5),
		);
		expect(error).toBeUndefined();
		// one read of the account's lists (the picked list exists), then the 3 imports
		expect(env.emulator.requests.map((r) => `${r.method} ${r.rawPath}`)).toEqual([
			'GET /audience_lists/lists.xml',
			'POST /audience_members',
			'POST /audience_members',
			'POST /audience_members',
		]);
		const imports = env.emulator.store.imports;
		expect(imports.map((i) => i.rows.length)).toEqual([2, 2, 1]);
		expect(imports[0].csv.split('\n')[0]).toBe('email,first name,company,add_list');
		expect(imports[0].rows[0]).toMatchObject({
			email: 'person0@example.com',
			'first name': 'P0',
			company: 'Co 0, Inc.',
			add_list: 'Newsletter',
		});
		expect(items.map((i) => i.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
		expect(items.map((i) => i.json)).toEqual([
			{
				email: 'person0@example.com',
				imported: true,
				importId: imports[0].id,
				batch: 1,
				list: 'Newsletter',
				listCreated: false,
			},
			{
				email: 'person1@example.com',
				imported: true,
				importId: imports[0].id,
				batch: 1,
				list: 'Newsletter',
				listCreated: false,
			},
			{
				email: 'person2@example.com',
				imported: true,
				importId: imports[1].id,
				batch: 2,
				list: 'Newsletter',
				listCreated: false,
			},
			{
				email: 'person3@example.com',
				imported: true,
				importId: imports[1].id,
				batch: 2,
				list: 'Newsletter',
				listCreated: false,
			},
			{
				email: 'person4@example.com',
				imported: true,
				importId: imports[2].id,
				batch: 3,
				list: 'Newsletter',
				listCreated: false,
			},
		]);
		const newsletter = env.emulator.store.lists.get('Newsletter')!.members;
		for (let i = 0; i < 5; i++) {
			expect(env.emulator.store.members.get(`person${i}@example.com`)?.fields.company).toBe(
				`Co ${i}, Inc.`,
			);
			expect(newsletter.has(`person${i}@example.com`)).toBe(true);
		}
	});

	test('the default batch size sends 2,500 items in one request', async () => {
		const { items } = await runNode({ parameters: importItems() }, people(2500));
		expect(env.emulator.requests).toHaveLength(1);
		expect(env.emulator.store.imports[0].rows).toHaveLength(2500);
		expect(items).toHaveLength(2500);
	});

	test('"Fields to Send" picks the columns; other fields stay out', async () => {
		await runNode({ parameters: importItems({ fields: 'company' }) }, people(2));
		expect(env.emulator.store.imports[0].csv.split('\n')[0]).toBe('email,company');
	});

	test('an item with its own add_list joins both lists (two rows); opt-out marks every row', async () => {
		await runNode({ parameters: importItems({}, { list: 'Newsletter', optOut: true }) }, [
			{ json: { email: 'zoe@example.com', add_list: 'VIP Customers' } },
			{ json: { email: 'yan@example.com' } },
		]);
		const rows = env.emulator.store.imports[0].rows;
		expect(rows.map((r) => [r.email, r.add_list, r['opt out']])).toEqual([
			['zoe@example.com', 'VIP Customers', '1'],
			['zoe@example.com', 'Newsletter', '1'],
			['yan@example.com', 'Newsletter', '1'],
		]);
		expect(env.emulator.store.lists.get('VIP Customers')!.members.has('zoe@example.com')).toBe(
			true,
		);
		expect(env.emulator.store.lists.get('Newsletter')!.members.has('zoe@example.com')).toBe(true);
		expect(env.emulator.store.members.get('yan@example.com')?.optedOut).toBe(true);
	});

	test('items without a valid address are reported, not sent', async () => {
		const { items, error } = await runNode({ parameters: importItems() }, [
			{ json: { email: 'ok1@example.com' } },
			{ json: { email: 'broken address' } },
			{ json: { name: 'no email at all' } },
			{ json: { email: 'ok2@example.com' } },
		]);
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.imported, i.pairedItem])).toEqual([
			[true, { item: 0 }],
			[false, { item: 1 }],
			[false, { item: 2 }],
			[true, { item: 3 }],
		]);
		expect(items[1].json.error).toBe(
			'"broken address" in the field "email" is not a valid email address',
		);
		expect(items[2].json.error).toBe('The item has no "email" field (or it is empty)');
		expect(env.emulator.store.imports[0].rows.map((r) => r.email)).toEqual([
			'ok1@example.com',
			'ok2@example.com',
		]);
	});

	test('"Invalid Addresses: Stop" fails before any request, naming the field', async () => {
		const { error } = await runNode(
			{ parameters: importItems({ emailField: 'mail' }, { invalidRows: 'fail' }) },
			[{ json: { mail: 'ok@example.com' } }, { json: { mail: 'nope' } }],
		);
		expect(error?.message).toBe('1 of 2 items have no valid email address; nothing was imported');
		expect(error?.description).toContain('"nope" in the field "mail" is not a valid email address');
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('a first batch that fails stops the import: nothing was sent after it', async () => {
		// a 502 on every one of the 5 tries
		env.emulator.faults.add({
			path: '/audience_members',
			respond: {
				status: 502,
				body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
				contentType: 'text/html',
			},
		});
		const { error } = await runNode({ parameters: importItems({}, { batchSize: 2 }) }, people(5));
		expect(error?.message).toBe('Import stopped: Mad Mimi is unavailable at the moment (502)');
		expect(error?.description).toMatch(
			/^Batch 1 of 3 \(the 1st to 2nd items\) was not imported\. No earlier batch was sent\. Batches 2–3 were not sent\. Tried 5 times over /,
		);
		expect(error?.description).toContain('502 Bad Gateway');
		expect(env.emulator.requests).toHaveLength(5);
		expect(env.emulator.store.imports).toHaveLength(0);
	});

	test('a failure in a middle batch names the imported batches and the ones not sent', async () => {
		env.emulator.faults.add({
			path: '/audience_members',
			after: 1,
			times: 1,
			respond: { status: 500, body: 'Internal Server Error' },
		});
		const { error } = await runNode({ parameters: importItems({}, { batchSize: 2 }) }, people(6));
		const [first] = env.emulator.store.imports;
		expect(error?.message).toBe('Import stopped: Mad Mimi could not handle the request (500)');
		expect(error?.description).toMatch(
			new RegExp(
				`^Batch 2 of 3 \\(the 3rd to 4th items\\) was not imported\\. Batch 1 was imported \\(import id ${first.id}\\)\\. Batch 3 was not sent\\.`,
			),
		);
		expect(error?.context?.itemIndex).toBe(2);
		expect(env.emulator.requests).toHaveLength(2);
		// no row sent twice, none lost silently: batch 1 stored once, the rest reported
		expect(env.emulator.store.imports.map((i) => i.rows.map((r) => r.email))).toEqual([
			['person0@example.com', 'person1@example.com'],
		]);
	});

	test('continueOnFail: the failed batch gives error items, the next batches go on', async () => {
		env.emulator.faults.add({
			path: /^\/audience_members$/,
			times: 1,
			respond: { status: 500, body: 'Oops' },
		});
		const { items, error } = await runNode(
			{ parameters: importItems({}, { batchSize: 2 }), continueOnFail: true },
			people(4),
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.email, i.json.imported, i.pairedItem])).toEqual([
			['person0@example.com', false, { item: 0 }],
			['person1@example.com', false, { item: 1 }],
			['person2@example.com', true, { item: 2 }],
			['person3@example.com', true, { item: 3 }],
		]);
		expect(items[0].json.error).toBe('Mad Mimi could not handle the request (500)');
		expect(env.emulator.store.imports.map((i) => i.rows.map((r) => r.email))).toEqual([
			['person2@example.com', 'person3@example.com'],
		]);
	});
});

describe('audienceMember.import from CSV and text', () => {
	test('CSV text is sent as it is', async () => {
		const csvText =
			'email,first name,add_list\njane@example.com,Jane,Newsletter\n"joe@example.com","Joe, Jr.",VIP Customers\n';
		const { items, error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'import',
				source: 'csv',
				csvSource: 'text',
				csvText,
			},
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			imported: true,
			importId: env.emulator.store.imports[0].id,
			rows: 2,
			skipped: 0,
			skippedRows: [],
		});
		// the lists the rows join are checked first (one read), then the CSV goes out as given
		expect(env.emulator.requests.map((r) => r.rawPath)).toEqual([
			'/audience_lists/lists.xml',
			'/audience_members',
		]);
		expect(env.emulator.requests[1].form.csv_file).toBe(csvText);
		expect(env.emulator.store.members.get('joe@example.com')?.fields['first name']).toBe(
			'Joe, Jr.',
		);
		expect(env.emulator.store.lists.get('VIP Customers')!.members.has('joe@example.com')).toBe(
			true,
		);
	});

	test('a CSV file from a binary property', async () => {
		const csv = '\uFEFFEmail,Last Name\r\nkai@example.com,Kurz\r\n';
		const { items, error } = await runNode(
			{
				parameters: {
					resource: 'audienceMember',
					operation: 'import',
					source: 'csv',
					csvSource: 'binary',
					binaryProperty: 'file',
				},
			},
			[
				{
					json: {},
					binary: {
						file: {
							data: Buffer.from(csv).toString('base64'),
							mimeType: 'text/csv',
							fileName: 'members.csv',
						},
					},
				},
			],
		);
		expect(error).toBeUndefined();
		expect(items[0].json.rows).toBe(1);
		expect(env.emulator.store.members.has('kai@example.com')).toBe(true);
	});

	test.each([
		['', 'The CSV in the field "CSV Text" is empty'],
		['name,company\nJane,Acme\n', 'The CSV in the field "CSV Text" has no "email" column'],
		['email\n', 'The CSV in the field "CSV Text" has a header row but no members'],
	])('a CSV %j is refused before any request', async (csvText, message) => {
		const { error } = await runNode(
			{
				parameters: {
					resource: 'audienceMember',
					operation: 'import',
					source: 'csv',
					csvSource: 'text',
					csvText: '={{ $json.csv }}',
				},
			},
			[{ json: { csv: csvText } }],
		);
		expect(error?.message).toBe(message);
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('a missing binary property is refused before any request', async () => {
		const { error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'import',
				source: 'csv',
				csvSource: 'binary',
				binaryProperty: 'data',
			},
		});
		expect(error?.message).toMatch(/data/);
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('unstructured text: addresses with optional quoted names', async () => {
		const { items, error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'import',
				source: 'text',
				text: 'jane@example.com "Jane Doe", joe@example.com\n  max@example.com "Max"',
				list: listPicked('Beta testers (EU)'),
			},
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			imported: true,
			rows: 3,
			emails: ['jane@example.com', 'joe@example.com', 'max@example.com'],
		});
		expect(env.emulator.store.members.get('jane@example.com')?.fields.name).toBe('Jane Doe');
		expect(env.emulator.store.lists.get('Beta testers (EU)')!.members.has('max@example.com')).toBe(
			true,
		);
	});

	test('unstructured text: the valid addresses are imported, the other tokens reported ("Report and Skip", the default)', async () => {
		const text = 'jane@example.com "Jane Doe", bob, "Orphan name" joe@example.com';
		const { items, error } = await runNode({
			parameters: { resource: 'audienceMember', operation: 'import', source: 'text', text },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			imported: true,
			importId: env.emulator.store.imports[0].id,
			rows: 2,
			emails: ['jane@example.com', 'joe@example.com'],
			skipped: 2,
			skippedRows: [
				{ row: 2, value: 'bob', reason: 'not a valid email address' },
				{ row: 3, value: '"Orphan name"', reason: 'a name without an address before it' },
			],
		});
		expect(env.emulator.requests).toHaveLength(1);
		expect(env.emulator.requests[0].form.csv_file).toBe(
			'email,name\njane@example.com,Jane Doe\njoe@example.com,\n',
		);
		expect(env.emulator.store.members.has('bob')).toBe(false);
	});

	test('unstructured text with "Invalid Addresses" = "Stop the Workflow": refused before any request, naming the tokens', async () => {
		const { error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'import',
				source: 'text',
				text: 'jane@example.com, bob, "Orphan name"',
				options: { invalidRows: 'fail' },
			},
		});
		expect(error?.message).toBe(
			'The field "Text" holds 2 row(s) without a valid email address; nothing was imported',
		);
		expect(error?.description).toContain('2: "bob", 3: ""Orphan name""');
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('unstructured text with no valid address at all fails, whatever the option: nothing would be imported', async () => {
		const { error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'import',
				source: 'text',
				text: 'bob, alice at example',
			},
		});
		expect(error?.message).toBe(
			'The field "Text" holds no valid email address; nothing was imported',
		);
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('a CSV with rows without a valid address: the others are sent, re-written without them, and the skipped rows reported', async () => {
		const csvText =
			'email,first name\njane@example.com,Jane\nnot-an-address,Bob\n,Nobody\n"joe@example.com","Joe, Jr."\n';
		const { items, error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'import',
				source: 'csv',
				csvSource: 'text',
				csvText,
			},
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			imported: true,
			rows: 2,
			skipped: 2,
			skippedRows: [
				{ row: 2, value: 'not-an-address', reason: 'not a valid email address' },
				{ row: 3, value: '', reason: 'no address in the email column' },
			],
		});
		expect(env.emulator.requests[0].form.csv_file).toBe(
			'email,first name\njane@example.com,Jane\njoe@example.com,"Joe, Jr."\n',
		);
		expect(env.emulator.store.members.get('joe@example.com')?.fields['first name']).toBe(
			'Joe, Jr.',
		);
	});

	test('a CSV with a bad row and "Stop the Workflow": nothing sent', async () => {
		const { error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'import',
				source: 'csv',
				csvSource: 'text',
				csvText: 'email\njane@example.com\nbob\n',
				options: { invalidRows: 'fail' },
			},
		});
		expect(error?.message).toBe(
			'The CSV in the field "CSV Text" holds 1 row(s) without a valid email address; nothing was imported',
		);
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('continueOnFail with one CSV per item: the bad one gives an error item, the others are imported', async () => {
		const { items } = await runNode(
			{
				parameters: {
					resource: 'audienceMember',
					operation: 'import',
					source: 'csv',
					csvSource: 'text',
					csvText: '={{ $json.csv }}',
				},
				continueOnFail: true,
			},
			[
				{ json: { csv: 'email\na@example.com\n' } },
				{ json: { csv: 'name\nx\n' } },
				{ json: { csv: 'email\nb@example.com\n' } },
			],
		);
		expect(items.map((i) => [i.json.imported, i.pairedItem])).toEqual([
			[true, { item: 0 }],
			[false, { item: 1 }],
			[true, { item: 2 }],
		]);
		expect(items[1].json.error).toBe('The CSV in the field "CSV Text" has no "email" column');
		expect(env.emulator.requests).toHaveLength(2);
	});
});

describe('audienceMember reads', () => {
	test('getLists: one item per list the member is on', async () => {
		const { items, error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'getLists',
				email: 'ann.archer@example.com',
			},
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.name)).toEqual(['Newsletter', 'VIP Customers']);
		expect(items[0].json).toMatchObject({ id: 101, email: 'ann.archer@example.com' });
		expect(env.emulator.requests[0].rawPath).toBe(
			'/audience_members/ann.archer%40example.com/lists.xml',
		);
	});

	test('getLists of a member on no list gives no items', async () => {
		const { items, error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'getLists',
				email: 'leo.lopez@example.com',
			},
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	test('getLists of an unknown member: the service text, and nothing leaked', async () => {
		const { error } = await runNode({
			parameters: { resource: 'audienceMember', operation: 'getLists', email: 'ghost@example.com' },
		});
		expect(error?.message).toMatch(
			/^Mad Mimi refused the request: (Member )?ghost@example.com does not exist$/,
		);
		expect(JSON.stringify({ m: error?.message, d: error?.description })).not.toContain('demo-key');
	});

	test('getOptedOut: the addresses that opted out since the time, with unix seconds in the path', async () => {
		const since = new Date(Date.now() - 7 * DAY);
		const { items, error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'getOptedOut',
				since: since.toISOString(),
			},
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.email).sort()).toEqual([...DEMO_IDS.optedOut].sort());
		expect(items[0].json.optedOutSince).toBe(since.toISOString().replace(/\.\d{3}Z$/, 'Z'));
		expect(env.emulator.requests[0].rawPath).toBe(
			`/audience_members/suppressed_since/${Math.floor(since.getTime() / 1000)}.txt`,
		);
	});

	test('getOptedOut with none since: no items (the service answers a lone newline)', async () => {
		const { items, error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'getOptedOut',
				since: new Date().toISOString(),
			},
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	test('getOptedOut reads a naive date in the workflow time zone and refuses nonsense', async () => {
		const { error } = await runNode(
			{
				parameters: {
					resource: 'audienceMember',
					operation: 'getOptedOut',
					since: '={{ $json.when }}',
				},
			},
			[{ json: { when: 'last tuesday' } }],
		);
		expect(error?.message).toMatch(/^The field "Since" is not a date n8n can read/);
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('getPromotionAttempts: one item per mailing sent to the member', async () => {
		const recipient = env.emulator.store.promotions.get(DEMO_IDS.promotions.weeklyDigest)!
			.mailings[0].recipients.sent[0].email;
		const { items, error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'getPromotionAttempts',
				email: recipient,
			},
		});
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		expect(
			items.find((i) => i.json.promotionId === DEMO_IDS.promotions.weeklyDigest)?.json,
		).toMatchObject({ email: recipient, mailingId: DEMO_IDS.mailings.weeklyDigest });
		expect(typeof items[0].json.viewed).toBe('boolean');
		expect(String(items[0].json.sentAt)).toMatch(
			/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/,
		);
	});
});

describe('audienceMember.countNew', () => {
	test('a range within a month: one request, the service count', async () => {
		const end = Date.now();
		const start = end - 20 * DAY;
		const { items, error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'countNew',
				start: new Date(start).toISOString(),
				end: new Date(end).toISOString(),
			},
		});
		expect(error).toBeUndefined();
		const expected = [...env.emulator.store.members.values()].filter(
			(m) =>
				m.createdAt >= Math.floor(start / 1000) * 1000 &&
				m.createdAt <= Math.floor(end / 1000) * 1000,
		).length;
		expect(items[0].json.count).toBe(expected);
		expect(env.emulator.requests).toHaveLength(1);
		expect(env.emulator.requests[0].params).toEqual({
			start: String(Math.floor(start / 1000)),
			end: String(Math.floor(end / 1000)),
		});
	});

	test('a 90-day range is split into windows the service accepts, and the counts added', async () => {
		const end = Date.now();
		const start = end - 90 * DAY;
		const { items, error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'countNew',
				start: new Date(start).toISOString(),
				end: new Date(end).toISOString(),
			},
		});
		expect(error).toBeUndefined();
		expect(items[0].json.count).toBe(DEMO_IDS.memberCount);
		expect(env.emulator.requests).toHaveLength(4);
		const windows = env.emulator.requests.map((r) => [
			Number(r.params.start),
			Number(r.params.end),
		]);
		for (let i = 1; i < windows.length; i++) expect(windows[i][0]).toBe(windows[i - 1][1] + 1);
		expect(windows.every(([s, e]) => e - s <= 31 * 86400)).toBe(true);
		expect(env.emulator.requests.every((r) => r.status === 200)).toBe(true);
	});

	test('End before Start is refused before any request', async () => {
		const { error } = await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'countNew',
				start: '2024-05-02T00:00:00Z',
				end: '2024-05-01T00:00:00Z',
			},
		});
		expect(error?.message).toBe('The field "End" is before "Start"');
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('received requests carry no credentials in the recorded params', async () => {
		await runNode({
			parameters: {
				resource: 'audienceMember',
				operation: 'countNew',
				start: '2024-05-01T00:00:00Z',
				end: '2024-05-02T00:00:00Z',
			},
		});
		expect(received(env.emulator)[0].params).not.toHaveProperty('api_key');
	});
});

describe('date fields left empty take the default their hint names', () => {
	test('Get Opted Out without "Since": the last 7 days', async () => {
		const before = Math.floor((Date.now() - 7 * DAY) / 1000);
		const { error } = await runNode({
			parameters: { resource: 'audienceMember', operation: 'getOptedOut' },
		});
		expect(error).toBeUndefined();
		const seconds = Number(
			/suppressed_since\/(\d+)\.txt$/.exec(env.emulator.requests[0].rawPath)![1],
		);
		expect(Math.abs(seconds - before)).toBeLessThanOrEqual(5);
	});

	test('Count New without dates: the 7 days up to now', async () => {
		const { items, error } = await runNode({
			parameters: { resource: 'audienceMember', operation: 'countNew' },
		});
		expect(error).toBeUndefined();
		const { start, end } = env.emulator.requests[0].params;
		expect(Number(end) - Number(start)).toBe(7 * 86_400);
		expect(Math.abs(Number(end) - Date.now() / 1000)).toBeLessThanOrEqual(5);
		const created = [...env.emulator.store.members.values()].filter(
			(m) =>
				Math.floor(m.createdAt / 1000) >= Number(start) &&
				Math.floor(m.createdAt / 1000) <= Number(end),
		);
		expect(created.length).toBeGreaterThan(0);
		expect(items[0].json.count).toBe(created.length);
	});
});

describe('the notices and messages a person reads', () => {
	test('the import notice names the items left out as a person counts them: the 4th, not "item 3"', async () => {
		const input = [
			'a@example.com',
			'b@example.com',
			'c@example.com',
			'not an address',
			'e@example.com',
		].map((email) => ({ json: { email } }));
		const { hints, error } = await runNode({ parameters: importItems() }, input);
		expect(error).toBeUndefined();
		expect(hints.map((h) => h.message)).toEqual([
			'1 of 5 items were not imported: they have no valid email address (the 4th item). They are in the output with "imported": false and the reason.',
		]);
	});

	test('a new Mad Mimi node on Audience Member opens on Create or Update', () => {
		const operation = new MadMimi().description.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes('audienceMember'),
		);
		expect(operation?.default).toBe('createOrUpdate');
	});
});
