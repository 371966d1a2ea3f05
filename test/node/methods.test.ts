import type { INodeParameters } from 'n8n-workflow';

import { DEMO_CREDENTIALS, NO_RIGHTS_CREDENTIALS, WRONG_CREDENTIALS } from '../../emulator';
import { callMethod, setCredentials, testCredentials } from '../harness';
import { nodeParams, useEmulator } from './setup';

const env = useEmulator();

describe('the list resource locator and dropdowns', () => {
	test('"From list" searches the account\'s lists by name, as the editor calls it', async () => {
		const all = await callMethod('listSearch', 'searchLists', nodeParams('audienceList', 'delete'));
		expect(all).toEqual({
			results: [
				{ name: 'Beta testers (EU)', value: 'Beta testers (EU)' },
				{ name: 'Newsletter', value: 'Newsletter' },
				{ name: 'VIP Customers', value: 'VIP Customers' },
			],
		});
		const filtered = await callMethod(
			'listSearch',
			'searchLists',
			{ resource: 'audienceList', operation: 'delete' },
			'NEWS',
		);
		expect(filtered).toEqual({ results: [{ name: 'Newsletter', value: 'Newsletter' }] });
		expect(env.emulator.requests.map((r) => r.rawPath)).toEqual([
			'/audience_lists/lists.xml',
			'/audience_lists/lists.xml',
		]);
	});

	test('the import "Add to List" dropdown is loaded from the account', async () => {
		const options = await callMethod(
			'loadOptions',
			'getListNames',
			nodeParams('audienceMember', 'import'),
		);
		expect(options).toEqual([
			{ name: 'Beta testers (EU)', value: 'Beta testers (EU)' },
			{ name: 'Newsletter', value: 'Newsletter' },
			{ name: 'VIP Customers', value: 'VIP Customers' },
		]);
	});

	test("a node without a credential yet: the lists dropdown's load fails with n8n's own message, never an empty list", async () => {
		// n8n's editor loads a multi-select's options as soon as the field shows, which may be before
		// it picks the credential. A failed load with no credential on the node is what makes the editor
		// say "Set up credential to see options" (its ParameterInput); an empty list would read as an
		// account without lists. The load is sent again when the credential is set, unless the first is
		// still on its way (then the field's ⋮ menu, Refresh List, sends it).
		const parameters: INodeParameters = { resource: 'promotion', operation: 'send' };
		await expect(
			callMethod('loadOptions', 'getListNames', parameters, undefined, undefined, {
				withoutCredential: true,
			}),
		).rejects.toThrow('Node does not have any credentials set');
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('a search with wrong credentials fails with a clear message', async () => {
		await setCredentials({ ...WRONG_CREDENTIALS, baseUrl: env.emulator.baseUrl });
		await expect(callMethod('listSearch', 'searchLists', {})).rejects.toThrow(
			'Mad Mimi rejected the credentials',
		);
	});
});

describe('the credential test', () => {
	test('passes with good credentials', async () => {
		expect(await testCredentials({ ...DEMO_CREDENTIALS, baseUrl: env.emulator.baseUrl })).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(env.emulator.requests[0].rawPath).toBe('/audience_lists/lists.xml');
	});

	test("fails with a wrong key, and for an account without API rights, with the message of the credential's 401 rule", async () => {
		const wrong = await testCredentials({ ...WRONG_CREDENTIALS, baseUrl: env.emulator.baseUrl });
		expect(wrong).toEqual({
			status: 'Error',
			message: expect.stringMatching(
				/^Mad Mimi refused these credentials .*Check the username \(your sign-in email\) and the API key/,
			),
		});
		const noRights = await testCredentials({
			...NO_RIGHTS_CREDENTIALS,
			baseUrl: env.emulator.baseUrl,
		});
		expect(noRights).toEqual(wrong);
		// n8n-core sends a request that got 401 once more (its pre-authentication refresh); all were refused
		expect(env.emulator.requests.length).toBeGreaterThanOrEqual(2);
		expect(env.emulator.requests.every((r) => r.status === 401)).toBe(true);
	});
});
