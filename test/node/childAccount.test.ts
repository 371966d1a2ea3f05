import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';
import { callMethod, runNode, setCredentials } from '../harness';
import { itemsOf, nodeParams, received, refusedBeforeAnyRequest, useEmulator } from './setup';

const env = useEmulator();
const { newsletter, vipCustomers, betaTesters } = DEMO_IDS.listNames;
const [childOne, childTwo] = DEMO_IDS.children;

const child = (email: string) => env.emulator.store.participants.get(email.toLowerCase());

const createParams = (extra: IDataObject = {}): INodeParameters =>
	nodeParams('childAccount', 'create', {
		email: 'branch@example.com',
		password: 'S3cret pass ',
		firstName: 'Bea',
		lastName: 'Branch',
		organizationName: 'Acme Springfield',
		address: '2 Elm Street, Springfield',
		...extra,
	}) as INodeParameters;

const permissions = (extra: IDataObject): INodeParameters =>
	nodeParams('childAccount', 'setPermissions', {
		email: childTwo,
		full: [],
		read: [],
		none: [],
		...extra,
	}) as INodeParameters;

describe('childAccount.getAll', () => {
	test('one item per child account, camelCase, ISO dates', async () => {
		const items = await itemsOf({
			parameters: { resource: 'childAccount', operation: 'getAll' },
		});
		expect(items).toHaveLength(2);
		expect(items[0].json).toMatchObject({
			email: childOne,
			firstName: 'Carla',
			lastName: 'Child',
			organizationName: 'Child One LLC',
		});
		expect(items[1].json).toMatchObject({
			email: childTwo,
			firstName: 'Theo',
			organizationName: 'Second & Sons',
		});
		for (const item of items) {
			expect(item.json.createdAt).toMatch(
				/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/,
			);
			expect(item.pairedItem).toEqual({ item: 0 });
		}
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/participants.xml', params: {} },
		]);
	});
});

describe('childAccount.create', () => {
	test("creates the child with every field and outputs its API key, which works as that child's credentials", async () => {
		const { items, error } = await runNode({ parameters: createParams() });
		expect(error).toBeUndefined();
		const stored = child('branch@example.com')!;
		expect(stored).toMatchObject({
			email: 'branch@example.com',
			pwd: 'S3cret pass ',
			firstName: 'Bea',
			lastName: 'Branch',
			organizationName: 'Acme Springfield',
			address: '2 Elm Street, Springfield',
			invited: true,
		});
		expect(items.map((i) => i.json)).toEqual([
			{ success: true, email: 'branch@example.com', apiKey: stored.apiKey, invitationSent: true },
		]);
		expect(items[0].json.apiKey).toMatch(/^[0-9a-f]{32}$/);
		expect(received(env.emulator)).toEqual([
			{
				method: 'POST',
				path: '/participants',
				params: {
					email: 'branch@example.com',
					pwd: 'S3cret pass ',
					first_name: 'Bea',
					last_name: 'Branch',
					organization_name: 'Acme Springfield',
					address: '2 Elm Street, Springfield',
				},
			},
		]);

		// the key is what the user needs: it signs the child in
		await setCredentials({
			username: 'branch@example.com',
			apiKey: String(items[0].json.apiKey),
			baseUrl: env.emulator.baseUrl,
		});
		const asChild = await runNode({
			parameters: { resource: 'childAccount', operation: 'getAll' },
		});
		expect(asChild.error).toBeUndefined();
		expect(env.emulator.requests[1].authenticated).toBe(true);
	});

	test('Send Invitation off sends no_invite=yes', async () => {
		const { items } = await runNode({
			parameters: createParams({ options: { sendInvitation: false } }),
		});
		expect(items[0].json.invitationSent).toBe(false);
		expect(env.emulator.requests[0].params.no_invite).toBe('yes');
		expect(child('branch@example.com')?.invited).toBe(false);
	});

	test('optional fields left empty are not sent', async () => {
		await runNode({
			parameters: createParams({ firstName: '', lastName: '', organizationName: '', address: '' }),
		});
		expect(env.emulator.requests[0].params).toEqual({
			email: 'branch@example.com',
			pwd: 'S3cret pass ',
		});
	});

	test("an email already taken: the service's text in the message", async () => {
		const { error } = await runNode({ parameters: createParams({ email: childOne }) });
		expect(error?.message).toBe('Mad Mimi refused the request: Email has already been taken');
		expect(error?.description).not.toContain('/participants'); // the user's words, not the API path
	});

	test.each([
		[{ password: '   ' }, 'The field "Password" is empty'],
		[
			{ firstName: 'Bea\tTab' },
			'The field "First Name" contains control characters (such as a line break or tab)',
		],
	])('refuses %j before any request', async (values, message) => {
		const mapped: IDataObject = {};
		for (const key of Object.keys(values)) mapped[key] = `={{ $json.${key} }}`;
		const { error } = await runNode({ parameters: createParams(mapped) }, [{ json: values }]);
		expect(error?.message).toBe(message);
		expect(env.emulator.requests).toHaveLength(0);
		expect(env.emulator.store.participants.size).toBe(2);
	});

	test('a multi-line address is accepted', async () => {
		await runNode({ parameters: createParams({ address: '={{ $json.address }}' }) }, [
			{ json: { address: '2 Elm Street\nSpringfield' } },
		]);
		expect(child('branch@example.com')?.address).toBe('2 Elm Street\nSpringfield');
	});
});

describe('childAccount.update', () => {
	test('sends only the fields given, with _method=put', async () => {
		const items = await itemsOf({
			parameters: nodeParams('childAccount', 'update', {
				email: childOne,
				updateFields: { firstName: 'Carlotta', address: '9 New Road', password: 'n3w-pass' },
			}),
		});
		expect(items.map((i) => i.json)).toEqual([
			{ success: true, email: childOne, updatedFields: ['password', 'firstName', 'address'] },
		]);
		const [request] = env.emulator.requests;
		expect(request.method).toBe('POST');
		expect(request.effectiveMethod).toBe('PUT');
		expect(request.rawPath).toBe('/participants/update');
		expect(request.form._method).toBe('put');
		expect(request.params).toEqual({
			email: childOne,
			pwd: 'n3w-pass',
			first_name: 'Carlotta',
			address: '9 New Road',
		});
		expect(child(childOne)).toMatchObject({
			pwd: 'n3w-pass',
			firstName: 'Carlotta',
			lastName: 'Child',
			organizationName: 'Child One LLC',
			address: '9 New Road',
		});
	});
});

describe('childAccount.delete', () => {
	test('deletes the child with POST _method=delete; it is gone', async () => {
		const items = await itemsOf({
			parameters: { resource: 'childAccount', operation: 'delete', email: childTwo },
		});
		expect(items.map((i) => i.json)).toEqual([{ deleted: true, email: childTwo }]);
		const [request] = env.emulator.requests;
		expect([
			request.method,
			request.effectiveMethod,
			request.rawPath,
			request.form._method,
		]).toEqual(['POST', 'DELETE', '/participants', 'delete']);
		expect(request.params).toEqual({ email: childTwo });
		expect(child(childTwo)).toBeUndefined();
		expect(child(childOne)).toBeDefined();
	});
});

describe('childAccount.setPermissions', () => {
	test('sends the chosen lists comma-separated; the service stores them', async () => {
		const items = await itemsOf({
			parameters: permissions({ full: [newsletter, betaTesters], read: [vipCustomers] }),
		});
		expect(items.map((i) => i.json)).toEqual([
			{
				success: true,
				email: childTwo,
				full: [newsletter, betaTesters],
				read: [vipCustomers],
				none: [],
			},
		]);
		expect(received(env.emulator)).toEqual([
			{
				method: 'POST',
				path: '/participants/update_permissions_for',
				params: { email: childTwo, full: `${newsletter},${betaTesters}`, read: vipCustomers },
			},
		]);
		expect(child(childTwo)?.permissions).toEqual({
			full: [newsletter, betaTesters],
			read: [vipCustomers],
			none: [],
		});
	});

	test('names from an expression: a comma-separated text or an array', async () => {
		await itemsOf(
			{
				parameters: permissions({
					email: childOne,
					none: '={{ $json.hidden }}',
					read: '={{ $json.readOnly }}',
				}),
			},
			[{ json: { hidden: ` ${newsletter} , ${betaTesters}`, readOnly: [vipCustomers] } }],
		);
		expect(env.emulator.requests[0].params).toEqual({
			email: childOne,
			read: vipCustomers,
			none: `${newsletter},${betaTesters}`,
		});
		expect(child(childOne)?.permissions).toEqual({
			full: [],
			read: [vipCustomers],
			none: [newsletter, betaTesters],
		});
	});

	test('the same list twice in one field is sent once', async () => {
		await runNode({ parameters: permissions({ full: '={{ $json.lists }}' }) }, [
			{ json: { lists: `${newsletter},${newsletter}` } },
		]);
		expect(env.emulator.requests[0].params.full).toBe(newsletter);
	});

	test("an unknown list: the service's text, nothing changes", async () => {
		const { error } = await runNode({ parameters: permissions({ full: ['Nope'] }) });
		expect(error?.message).toBe('Mad Mimi refused the request: List Nope does not exist');
		expect(child(childTwo)?.permissions).toEqual({ full: [], read: [newsletter], none: [] });
	});

	test('continueOnFail: 3 items, the conflicting one fails without a request, pairing kept', async () => {
		const { items, error } = await runNode(
			{
				parameters: permissions({
					email: '={{ $json.email }}',
					full: '={{ $json.full }}',
					none: '={{ $json.none }}',
				}),
				continueOnFail: true,
			},
			[
				{ json: { email: childOne, full: [vipCustomers], none: [] } },
				{ json: { email: childTwo, full: [newsletter], none: [newsletter] } },
				{ json: { email: childTwo, full: [], none: [betaTesters] } },
			],
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json).toMatchObject({ success: true, email: childOne, full: [vipCustomers] });
		expect(items[1].json.error).toBe(
			'The list "Newsletter" is in both "Full Access List Names" and "No Access List Names"',
		);
		expect(items[2].json).toMatchObject({ success: true, email: childTwo, none: [betaTesters] });
		expect(env.emulator.requests).toHaveLength(2);
		// a level that is sent replaces that level: Newsletter left "full"; VIP Customers left "read"
		expect(child(childOne)?.permissions).toEqual({
			full: [vipCustomers],
			read: [],
			none: [betaTesters],
		});
		expect(child(childTwo)?.permissions).toEqual({
			full: [],
			read: [newsletter],
			none: [betaTesters],
		});
	});

	test("the three list fields load the account's list names", async () => {
		const options = await callMethod('loadOptions', 'getListNames', permissions({}));
		expect(options).toEqual(
			[betaTesters, newsletter, vipCustomers].map((name) => ({ name, value: name })),
		);
	});
});

describe('childAccount refusals', () => {
	const update = (email: string, updateFields: IDataObject): INodeParameters =>
		({ resource: 'childAccount', operation: 'update', email, updateFields }) as INodeParameters;
	refusedBeforeAnyRequest(env, [
		{
			name: 'Update with empty Update Fields',
			parameters: update(childOne, {}),
			message: 'Nothing to update: "Update Fields" is empty',
		},
		{
			name: 'Update with a field added but left empty',
			parameters: update(childOne, { lastName: 'Kid', organizationName: '  ' }),
			message: 'The field "Organization Name" is empty',
			description: 'remove "Organization Name" from "Update Fields"',
		},
		{
			name: 'Update of a malformed email',
			parameters: update('child.one@', { lastName: 'X' }),
			message: 'The field "Email" is not a valid email address: "child.one@"',
		},
		{
			name: 'Delete of a malformed email',
			parameters: { resource: 'childAccount', operation: 'delete', email: 'child two@example.com' },
			message: 'The field "Email" is not a valid email address: "child two@example.com"',
		},
		{
			name: 'Set Permissions with a list named in two fields',
			parameters: permissions({ full: [newsletter], read: [vipCustomers], none: [vipCustomers] }),
			message:
				'The list "VIP Customers" is in both "Read-Only List Names" and "No Access List Names"',
		},
		{
			name: 'Set Permissions with all three fields empty',
			parameters: permissions({}),
			message:
				'No list given: "Full Access List Names", "Read-Only List Names", "No Access List Names" are all empty',
		},
		{
			name: 'Set Permissions with a mapped list name with a comma',
			parameters: permissions({ read: '={{ $json.lists }}' }),
			input: [{ json: { lists: ['A, B'] } }],
			message: 'The field "Read-Only List Names" holds a list name with a comma: "A, B"',
		},
	]);

	test('Update of an unknown child gets the service text', async () => {
		const { error } = await runNode({ parameters: update('ghost@example.com', { lastName: 'X' }) });
		expect(error?.message).toBe('Mad Mimi refused the request: ghost@example.com does not exist');
	});
});
