import type { INodeParameters } from 'n8n-workflow';

import { callMethod, runNode } from '../harness';
import { answerOnce, itemsOf, nodeParams, received, useEmulator } from './setup';

const env = useEmulator();

const fromList = (value: string, name = value) => ({
	__rl: true,
	mode: 'list',
	value,
	cachedResultName: name,
});
const byKey = (value: string) => ({ __rl: true, mode: 'key', value });
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

const addonParams = (operation: string, addon: unknown): INodeParameters =>
	({ resource: 'addon', operation, addon }) as INodeParameters;
const statusOf = (key: string) => env.emulator.store.addons.find((a) => a.key === key)?.status;
const toggles = () => env.emulator.requests.filter((r) => r.rawPath.endsWith('/toggle'));

describe('addon.getAvailable / getAll', () => {
	test('Get Available: every addon with its description and whether it is paid, as Mad Mimi wrote it', async () => {
		const items = await itemsOf({
			parameters: { resource: 'addon', operation: 'getAvailable' },
		});
		expect(items).toHaveLength(5);
		expect(items[0].json).toEqual({
			id: 1,
			key: 'ab_testing',
			name: 'A/B testing',
			// a guessed name: the text Mad Mimi wrote (parsing/fieldTypes.ts)
			paid: 'false',
			description: 'Send two versions of a promotion and keep the better one.',
		});
		expect(items.map((i) => [i.json.key, i.json.paid])).toEqual([
			['ab_testing', 'false'],
			['custom_domain', 'true'],
			['social_sharing', 'false'],
			['advanced_reporting', 'true'],
			['rss_campaigns', 'false'],
		]);
		// the description's "&" comes back decoded
		expect(items[3].json.description).toBe('Click maps, domain breakdowns & long-term trends.');
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/addons/available.xml', params: {} },
		]);
	});

	test("Get Many: the account's addons with their status", async () => {
		const items = await itemsOf({
			parameters: { resource: 'addon', operation: 'getAll' },
		});
		expect(items.map((i) => i.json)).toEqual([
			{ id: 1, key: 'ab_testing', name: 'A/B testing', status: 'activated' },
			{ id: 2, key: 'custom_domain', name: 'Custom domain', status: 'deactivated' },
			{ id: 3, key: 'social_sharing', name: 'Social sharing', status: 'deactivated' },
			{ id: 4, key: 'advanced_reporting', name: 'Advanced reporting', status: 'activated' },
			{ id: 5, key: 'rss_campaigns', name: 'RSS campaigns', status: 'activated' },
		]);
		expect(received(env.emulator)).toEqual([{ method: 'GET', path: '/addons.xml', params: {} }]);
	});
});

describe('addon.activate / deactivate: the status read, toggled only when needed, then read again', () => {
	const ADDONS = {
		social_sharing: { id: 3, name: 'Social sharing' },
		ab_testing: { id: 1, name: 'A/B testing' },
		advanced_reporting: { id: 4, name: 'Advanced reporting' },
		rss_campaigns: { id: 5, name: 'RSS campaigns' },
	};
	test.each([
		['activate', fromList('social_sharing', 'Social sharing'), 'social_sharing', true],
		['activate', byKey('ab_testing'), 'ab_testing', false],
		['activate', byId('3'), 'social_sharing', true],
		['activate', byId('4'), 'advanced_reporting', false], // paid, already activated: no error
		['deactivate', byId('5'), 'rss_campaigns', true],
		['deactivate', fromList('advanced_reporting'), 'advanced_reporting', true], // paid
		['deactivate', byKey('social_sharing'), 'social_sharing', false],
	] as const)('%s %j: %s, changed %s', async (operation, addon, key, changed) => {
		const items = await itemsOf({ parameters: addonParams(operation, addon) });
		const status = operation === 'activate' ? 'activated' : 'deactivated';
		expect(items.map((i) => i.json)).toEqual([
			{ addon: addon.value, ...ADDONS[key], key, status, changed },
		]);
		const read = { method: 'GET', path: '/addons.xml', params: {} };
		const toggle = { method: 'POST', path: `/addon/${addon.value}/toggle`, params: {} };
		expect(received(env.emulator)).toEqual(changed ? [read, toggle, read] : [read]);
		expect(statusOf(key)).toBe(status);
	});

	test("a paid addon: Mad Mimi's refusal, with where to activate it", async () => {
		const { items, error } = await runNode({
			parameters: addonParams('activate', byKey('custom_domain')),
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe(
			'Mad Mimi refused the request: Paid addons cannot be activated through the API',
		);
		expect(error?.description).toContain(
			'Paid addons can only be activated in the Mad Mimi web app',
		);
		expect(error?.context?.itemIndex).toBe(0);
		expect(env.emulator.requests.map((r) => r.rawPath)).toEqual([
			'/addons.xml',
			'/addon/custom_domain/toggle',
		]);
		expect(statusOf('custom_domain')).toBe('deactivated');
	});

	test('a toggle Mad Mimi accepts but does not carry out fails: the status is read again', async () => {
		answerOnce(env.emulator, 'POST', '/addon/social_sharing/toggle', 0, 200, ' ');
		const { error } = await runNode({
			parameters: addonParams('activate', byKey('social_sharing')),
		});
		expect(error?.message).toBe(
			'Mad Mimi did not activate the addon with the key "social_sharing"',
		);
		expect(error?.description).toContain('still deactivated');
		expect(env.emulator.requests.map((r) => r.rawPath)).toEqual([
			'/addons.xml',
			'/addon/social_sharing/toggle',
			'/addons.xml',
		]);
	});

	test('an unknown addon fails with an error naming it, and nothing is toggled', async () => {
		const { error } = await runNode({ parameters: addonParams('activate', byKey('time_travel')) });
		expect(error?.message).toBe('Mad Mimi has no addon with the key "time_travel"');
		expect(error?.description).toContain('ab_testing (A/B testing)');
		expect(env.emulator.requests.map((r) => r.rawPath)).toEqual(['/addons.xml']);
	});

	test('an unknown ID names the ID', async () => {
		const { error } = await runNode({ parameters: addonParams('activate', byId('99')) });
		expect(error?.message).toBe('Mad Mimi has no addon with the ID 99');
		expect(toggles()).toHaveLength(0);
	});
});

describe('addon.toggle', () => {
	test('flips the status, by key; twice (two items) brings it back', async () => {
		const items = await itemsOf({
			parameters: addonParams('toggle', byKey('ab_testing')),
		});
		expect(items.map((i) => i.json)).toEqual([
			{ success: true, toggled: true, addon: 'ab_testing' },
		]);
		expect(received(env.emulator)).toEqual([
			{ method: 'POST', path: '/addon/ab_testing/toggle', params: {} },
		]);
		expect(statusOf('ab_testing')).toBe('deactivated');

		env.emulator.clearRequests();
		const twice = await runNode({ parameters: addonParams('toggle', fromList('social_sharing')) }, [
			{ json: {} },
			{ json: {} },
		]);
		expect(twice.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(toggles()).toHaveLength(2);
		expect(statusOf('social_sharing')).toBe('deactivated');
	});

	test('by ID', async () => {
		await runNode({ parameters: addonParams('toggle', byId('3')) });
		expect(env.emulator.requests.map((r) => r.rawPath)).toEqual(['/addon/3/toggle']);
		expect(statusOf('social_sharing')).toBe('activated');
	});

	test("a paid addon: the service's refusal is shown", async () => {
		const { error } = await runNode({ parameters: addonParams('toggle', byKey('custom_domain')) });
		expect(error?.message).toBe(
			'Mad Mimi refused the request: Paid addons cannot be activated through the API',
		);
		expect(statusOf('custom_domain')).toBe('deactivated');
	});
});

describe('addon locator input', () => {
	test.each([
		['id', 'abc', 'The field "Addon" is not an addon ID: "abc"'],
		['id', '3.5', 'The field "Addon" is not an addon ID: "3.5"'],
		['key', 'ab/testing', 'The field "Addon" is not a valid addon key: "ab/testing"'],
		['key', 'ab testing', 'The field "Addon" is not a valid addon key: "ab testing"'],
		['key', '  ', 'The field "Addon" is empty'],
		['list', '', 'The field "Addon" is empty'],
		['list', '../x', 'The field "Addon" is not a valid addon key: "../x"'],
	])('mode %s: the mapped value %j is refused before any request', async (mode, value, message) => {
		for (const operation of ['activate', 'deactivate', 'toggle']) {
			const { error } = await runNode(
				{ parameters: addonParams(operation, { __rl: true, mode, value: '={{ $json.addon }}' }) },
				[{ json: { addon: value } }],
			);
			expect(error?.message).toBe(message);
			expect(error?.context?.itemIndex).toBe(0);
		}
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('a number mapped in "From List" mode is taken as an ID', async () => {
		await runNode(
			{ parameters: addonParams('toggle', { __rl: true, mode: 'list', value: '={{ $json.id }}' }) },
			[{ json: { id: 3 } }],
		);
		expect(env.emulator.requests.map((r) => r.rawPath)).toEqual(['/addon/3/toggle']);
	});

	test('a key mapped from the input items, by expression', async () => {
		const { items } = await runNode(
			{ parameters: addonParams('activate', byKey('={{ $json.addon }}')) },
			[{ json: { addon: 'social_sharing' } }],
		);
		expect(items[0].json).toMatchObject({ addon: 'social_sharing', changed: true });
	});
});

describe('addon "From List" search', () => {
	test("lists the account's addons by name, the key as value", async () => {
		const all = await callMethod('listSearch', 'searchAddons', nodeParams('addon', 'activate'));
		expect(all).toEqual({
			results: [
				{ name: 'A/B testing', value: 'ab_testing' },
				{ name: 'Advanced reporting', value: 'advanced_reporting' },
				{ name: 'Custom domain', value: 'custom_domain' },
				{ name: 'RSS campaigns', value: 'rss_campaigns' },
				{ name: 'Social sharing', value: 'social_sharing' },
			],
		});
		expect(env.emulator.requests.map((r) => r.rawPath)).toEqual(['/addons.xml']);
	});

	test('filters by name or key, ignoring case', async () => {
		expect(await callMethod('listSearch', 'searchAddons', {}, 'REPORT')).toEqual({
			results: [{ name: 'Advanced reporting', value: 'advanced_reporting' }],
		});
		expect(await callMethod('listSearch', 'searchAddons', {}, 'rss_')).toEqual({
			results: [{ name: 'RSS campaigns', value: 'rss_campaigns' }],
		});
		expect(await callMethod('listSearch', 'searchAddons', {}, 'nothing like it')).toEqual({
			results: [],
		});
	});
});
