/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: catches the node's https requests in jest, never inside n8n */
import https from 'node:https';

import type { INodeParameters } from 'n8n-workflow';

import { DEMO_CREDENTIALS, NO_RIGHTS_CREDENTIALS, WRONG_CREDENTIALS } from '../../emulator';
import { callMethod, runNode, setCredentials, testCredentials } from '../harness';
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

describe('a credential without a base URL', () => {
	/** Every request that leaves for an https address, caught before it reaches the network and refused. */
	function interceptHttps(): { urls: string[]; restore: () => void } {
		const urls: string[] = [];
		const spy = jest.spyOn(https, 'request').mockImplementation(((
			options: https.RequestOptions | string | URL,
		) => {
			if (typeof options === 'string' || options instanceof URL) urls.push(String(options));
			else
				urls.push(
					`https://${options.hostname ?? options.host}${options.port ? `:${options.port}` : ''}${options.path ?? '/'}`,
				);
			throw Object.assign(new Error('connect ECONNREFUSED (intercepted by the test)'), {
				code: 'ECONNREFUSED',
			});
		}) as typeof https.request);
		return { urls, restore: () => spy.mockRestore() };
	}

	test.each([
		['missing', {}],
		['left empty', { baseUrl: '' }],
	])('base URL %s: the node sends to https://api.madmimi.com', async (_case, baseUrl) => {
		await setCredentials({ ...DEMO_CREDENTIALS, ...baseUrl });
		const sent = interceptHttps();
		try {
			const { error } = await runNode({
				parameters: { resource: 'audienceList', operation: 'getAll', returnAll: true },
			});
			expect(error?.message).toMatch(/refused/i);
		} finally {
			sent.restore();
		}
		expect(sent.urls.length).toBeGreaterThan(0);
		for (const url of sent.urls) {
			const { origin, pathname, searchParams } = new URL(url);
			expect({ origin, pathname, username: searchParams.get('username') }).toEqual({
				origin: 'https://api.madmimi.com',
				pathname: '/audience_lists/lists.xml',
				username: DEMO_CREDENTIALS.username,
			});
		}
		expect(env.emulator.requests).toHaveLength(0);
	});
});
