/**
 * Audience Member → Import from items: the items batched into CSV requests, each item reported,
 * the addresses checked first, and what a failed batch leaves imported and unsent. Imports from a
 * CSV or text: audienceMemberImportCsv.test.ts.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { runNode } from '../harness';
import { itemsOf, useEmulator } from './setup';
import { importItems } from './importSupport';

const env = useEmulator();

const people = (n: number, offset = 0): INodeExecutionData[] =>
	Array.from({ length: n }, (_, i) => ({
		json: {
			email: `person${i + offset}@example.com`,
			'first name': `P${i + offset}`,
			company: `Co ${i + offset}, Inc.`,
		},
	}));

describe('audienceMember.import from items', () => {
	test('N items go out in ⌈N / batch size⌉ requests, one CSV row each, every item reported', async () => {
		const items = await itemsOf(
			{ parameters: importItems({}, { list: 'Newsletter', batchSize: 2 }) },
			people(5),
		);
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

	test('a batch of more rows than are written at once is one CSV: one header, every row once, in order', async () => {
		// 1,234 people with a list: 1,234 rows, written 500 at a time (settings.ts CSV_CHUNK_ROWS)
		await runNode({ parameters: importItems({}, { list: 'Newsletter' }) }, people(1234));
		const [{ csv, rows }] = env.emulator.store.imports;
		const lines = csv.split('\n');
		expect(lines.filter((line) => line.startsWith('email,'))).toEqual([
			'email,first name,company,add_list',
		]);
		expect(lines).toHaveLength(1 + 1234 + 1);
		expect(lines.at(-1)).toBe('');
		expect(rows.map((row) => row.email)).toEqual(people(1234).map((item) => item.json.email));
		expect(lines[501]).toBe('person500@example.com,P500,"Co 500, Inc.",Newsletter');
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
});
