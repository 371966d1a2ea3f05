/**
 * Audience Member → Import from a CSV (text or a binary file) and from unstructured text: what is
 * sent as it stands, what is re-written without the rows that hold no address, and what is
 * refused before any request. Imports from items: audienceMemberImport.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runNode } from '../harness';
import { each, itemsOf, refusedBeforeAnyRequest, useEmulator } from './setup';
import { listPicked } from './importSupport';

const env = useEmulator();

const importing = (fields: IDataObject): INodeParameters =>
	({ resource: 'audienceMember', operation: 'import', ...fields }) as INodeParameters;

describe('audienceMember.import from CSV and text', () => {
	test('CSV text is sent as it is', async () => {
		const csvText =
			'email,first name,add_list\njane@example.com,Jane,Newsletter\n"joe@example.com","Joe, Jr.",VIP Customers\n';
		const items = await itemsOf({
			parameters: importing({ source: 'csv', csvSource: 'text', csvText }),
		});
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
		const items = await itemsOf(
			{
				parameters: importing({ source: 'csv', csvSource: 'binary', binaryProperty: 'file' }),
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
		expect(items[0].json.rows).toBe(1);
		expect(env.emulator.store.members.has('kai@example.com')).toBe(true);
	});

	refusedBeforeAnyRequest(env, [
		...[
			['', 'The CSV in the field "CSV Text" is empty'],
			['name,company\nJane,Acme\n', 'The CSV in the field "CSV Text" has no "email" column'],
			['email\n', 'The CSV in the field "CSV Text" has a header row but no members'],
		].map(([csv, message]) => ({
			name: `the CSV ${JSON.stringify(csv)}`,
			parameters: importing({ source: 'csv', csvSource: 'text', csvText: '={{ $json.csv }}' }),
			input: each('csv', csv),
			message,
		})),
		{
			name: 'a missing binary property',
			parameters: importing({ source: 'csv', csvSource: 'binary', binaryProperty: 'data' }),
			message: /data/,
		},
	]);

	test('unstructured text: addresses with optional quoted names', async () => {
		const items = await itemsOf({
			parameters: importing({
				source: 'text',
				text: 'jane@example.com "Jane Doe", joe@example.com\n  max@example.com "Max"',
				list: listPicked('Beta testers (EU)'),
			}),
		});
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
		const items = await itemsOf({
			parameters: importing({ source: 'text', text }),
		});
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
			parameters: importing({
				source: 'text',
				text: 'jane@example.com, bob, "Orphan name"',
				options: { invalidRows: 'fail' },
			}),
		});
		expect(error?.message).toBe(
			'The field "Text" holds 2 row(s) without a valid email address; nothing was imported',
		);
		expect(error?.description).toContain('2: "bob", 3: ""Orphan name""');
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('unstructured text with no valid address at all fails, whatever the option: nothing would be imported', async () => {
		const { error } = await runNode({
			parameters: importing({ source: 'text', text: 'bob, alice at example' }),
		});
		expect(error?.message).toBe(
			'The field "Text" holds no valid email address; nothing was imported',
		);
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('a CSV with rows without a valid address: the others are sent, re-written without them, and the skipped rows reported', async () => {
		const csvText =
			'email,first name\njane@example.com,Jane\nnot-an-address,Bob\n,Nobody\n"joe@example.com","Joe, Jr."\n';
		const items = await itemsOf({
			parameters: importing({ source: 'csv', csvSource: 'text', csvText }),
		});
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
			parameters: importing({
				source: 'csv',
				csvSource: 'text',
				csvText: 'email\njane@example.com\nbob\n',
				options: { invalidRows: 'fail' },
			}),
		});
		expect(error?.message).toBe(
			'The CSV in the field "CSV Text" holds 1 row(s) without a valid email address; nothing was imported',
		);
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('continueOnFail with one CSV per item: the bad one gives an error item, the others are imported', async () => {
		const { items } = await runNode(
			{
				parameters: importing({ source: 'csv', csvSource: 'text', csvText: '={{ $json.csv }}' }),
				continueOnFail: true,
			},
			each('csv', 'email\na@example.com\n', 'name\nx\n', 'email\nb@example.com\n'),
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
