import { DEMO_IDS } from '../../emulator';
import { runNode } from '../harness';
import { itemsOf, nodeParams, received, useEmulator } from './setup';

const env = useEmulator();

const FORM_42 = {
	name: 'Newsletter signup',
	id: 42,
	url: 'https://signup.example.com/signups/42/join',
	background: { repeat: 'no-repeat', image: null, color: '#f4f4f4' },
	header: { text: 'Join our newsletter', color: '#333333' },
	thumbnail: 'https://signup.example.com/signups/42/thumbnail.png',
	fields: [
		{ type: 'text', display: 'Email', value: null, required: true, name: 'signup[email]' },
		{
			type: 'text',
			display: 'First name',
			value: null,
			required: false,
			name: 'signup[first_name]',
		},
		{
			type: 'text',
			display: 'Company',
			value: 'Acme & Co',
			required: false,
			name: 'signup[company]',
		},
	],
	submit: 'https://signup.example.com/signups/subscribe/42',
};

describe('signupForm.get', () => {
	test('one item: the webform, typed as the service sent it', async () => {
		const items = await itemsOf({
			parameters: nodeParams('signupForm', 'get', { webformId: String(DEMO_IDS.signupId) }),
		});
		expect(items.map((i) => i.json)).toEqual([FORM_42]);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/signups/42.json', params: {} },
		]);
	});

	test('keys at every depth come out in camelCase', async () => {
		const form = env.emulator.store.signups.get(42)!;
		(form as unknown as Record<string, unknown>).double_opt_in = true;
		(form.background as unknown as Record<string, unknown>).image_url =
			'https://img.example.com/bg.png';
		const { items } = await runNode({
			parameters: { resource: 'signupForm', operation: 'get', webformId: '42' },
		});
		expect(items[0].json.doubleOptIn).toBe(true);
		expect((items[0].json.background as Record<string, unknown>).imageUrl).toBe(
			'https://img.example.com/bg.png',
		);
	});

	test('the ID mapped from the input items, as a number or as text', async () => {
		env.emulator.store.signups.set(43, { ...FORM_42, id: 43, name: 'Event signup', fields: [] });
		const { items } = await runNode(
			{ parameters: { resource: 'signupForm', operation: 'get', webformId: '={{ $json.id }}' } },
			[{ json: { id: 42 } }, { json: { id: ' 43 ' } }],
		);
		expect(items.map((i) => [i.json.name, i.json.fields, i.pairedItem])).toEqual([
			['Newsletter signup', FORM_42.fields, { item: 0 }],
			['Event signup', [], { item: 1 }],
		]);
		expect(env.emulator.requests.map((r) => r.rawPath)).toEqual([
			'/signups/42.json',
			'/signups/43.json',
		]);
	});

	test("an unknown ID: the service's 400 text in a clear message", async () => {
		const { items, error } = await runNode({
			parameters: { resource: 'signupForm', operation: 'get', webformId: '7' },
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe('Mad Mimi refused the request: The signup could not be found');
		expect(error?.description).not.toContain('/signups/7.json'); // the user's words, not the API path
		expect(error?.httpCode).toBe('400');
		expect(JSON.stringify(error)).not.toContain('demo-key-7f3a9c2e51b84d6a');
	});

	test.each(['abc', '4.2', '-1', '0', '42/../1', '99999999999999999999'])(
		'refuses %j before any request',
		async (id) => {
			const message = `The field "Webform ID" is not a valid webform ID: "${id}"`;
			const { error } = await runNode(
				{ parameters: { resource: 'signupForm', operation: 'get', webformId: '={{ $json.id }}' } },
				[{ json: { id } }],
			);
			expect(error?.message).toBe(message);
			expect(error?.context?.itemIndex).toBe(0);
			expect(env.emulator.requests).toHaveLength(0);
		},
	);
});
