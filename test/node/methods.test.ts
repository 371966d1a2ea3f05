import { MadMimiApi } from '../../credentials/MadMimiApi.credentials';
import { DEMO_CREDENTIALS, NO_RIGHTS_CREDENTIALS, WRONG_CREDENTIALS } from '../emulator';
import { callMethod, setCredentials, testCredentials } from '../harness';
import { useEmulator } from './setup';

const env = useEmulator();

describe('the list resource locator and dropdowns', () => {
	test('"From list" searches the account\'s lists by name, as the editor calls it', async () => {
		const all = await callMethod('listSearch', 'searchLists', { resource: 'audienceList', operation: 'delete' });
		expect(all).toEqual({
			results: [
				{ name: 'Beta testers (EU)', value: 'Beta testers (EU)' },
				{ name: 'Newsletter', value: 'Newsletter' },
				{ name: 'VIP Customers', value: 'VIP Customers' },
			],
		});
		const filtered = await callMethod('listSearch', 'searchLists', { resource: 'audienceList', operation: 'delete' }, 'NEWS');
		expect(filtered).toEqual({ results: [{ name: 'Newsletter', value: 'Newsletter' }] });
		expect(env.emulator.requests.map((r) => r.rawPath)).toEqual(['/audience_lists/lists.xml', '/audience_lists/lists.xml']);
	});

	test('the import "Add to List" dropdown is loaded from the account', async () => {
		const options = await callMethod('loadOptions', 'getListNames', { resource: 'audienceMember', operation: 'import' });
		expect(options).toEqual([
			{ name: 'Beta testers (EU)', value: 'Beta testers (EU)' },
			{ name: 'Newsletter', value: 'Newsletter' },
			{ name: 'VIP Customers', value: 'VIP Customers' },
		]);
	});

	test('a search with wrong credentials fails with a clear message', async () => {
		await setCredentials({ ...WRONG_CREDENTIALS, baseUrl: env.emulator.baseUrl });
		await expect(callMethod('listSearch', 'searchLists', {})).rejects.toThrow('Mad Mimi rejected the credentials');
	});
});

describe('the credential test', () => {
	test('passes with good credentials', async () => {
		expect(await testCredentials({ ...DEMO_CREDENTIALS, baseUrl: env.emulator.baseUrl })).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(env.emulator.requests[0].rawPath).toBe('/audience_lists/lists.xml');
	});

	test('fails with a wrong key, and fails for an account without API rights', async () => {
		const wrong = await testCredentials({ ...WRONG_CREDENTIALS, baseUrl: env.emulator.baseUrl });
		expect(wrong.status).toBe('Error');
		const noRights = await testCredentials({ ...NO_RIGHTS_CREDENTIALS, baseUrl: env.emulator.baseUrl });
		expect(noRights.status).toBe('Error');
		// n8n-core sends a request that got 401 once more (its pre-authentication refresh); all were refused
		expect(env.emulator.requests.length).toBeGreaterThanOrEqual(2);
		expect(env.emulator.requests.every((r) => r.status === 401)).toBe(true);
	});

	test('uses https://api.madmimi.com when no base URL is given', async () => {
		const baseUrl = new MadMimiApi().properties.find((p) => p.name === 'baseUrl');
		expect(baseUrl?.default).toBe('https://api.madmimi.com');
	});
});
