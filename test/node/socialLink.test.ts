import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runNode } from '../harness';
import { each, itemsOf, received, refusedBeforeAnyRequest, useEmulator } from './setup';

const env = useEmulator();

const SEEDED = {
	twitter: 'https://twitter.com/demo_shop',
	wordpress: 'https://demoshop.wordpress.com',
};

const update = (links: IDataObject[]): INodeParameters =>
	({ resource: 'socialLink', operation: 'update', links: { link: links } }) as INodeParameters;

describe('socialLink.getAvailable / getAll', () => {
	test('Get Available: every social network Mad Mimi knows, camelCase JSON', async () => {
		const items = await itemsOf({
			parameters: { resource: 'socialLink', operation: 'getAvailable' },
		});
		expect(items.map((i) => i.json.key)).toEqual([
			'facebook',
			'twitter',
			'wordpress',
			'linkedin',
			'instagram',
		]);
		expect(items[0].json).toEqual({
			key: 'facebook',
			name: 'Facebook',
			description: 'Your Facebook page',
			formatting: 'https://www.facebook.com/<page>',
		});
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/social_links/available.json', params: {} },
		]);
	});

	test("Get Many: the account's links", async () => {
		const items = await itemsOf({
			parameters: { resource: 'socialLink', operation: 'getAll' },
		});
		expect(items.map((i) => i.json)).toEqual([
			{ key: 'twitter', name: 'Twitter', url: SEEDED.twitter },
			{ key: 'wordpress', name: 'WordPress', url: SEEDED.wordpress },
		]);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/social_links.json', params: {} },
		]);
	});
});

describe('socialLink.update', () => {
	test('sends one key=url pair per link with _method=put; only those links change', async () => {
		const items = await itemsOf({
			parameters: update([
				{ key: 'facebook', url: 'https://www.facebook.com/demoshop' },
				{ key: 'twitter', url: 'https://twitter.com/demo_shop_new' },
			]),
		});
		expect(items.map((i) => i.json)).toEqual([
			{
				success: true,
				links: [
					{ key: 'facebook', url: 'https://www.facebook.com/demoshop' },
					{ key: 'twitter', url: 'https://twitter.com/demo_shop_new' },
				],
			},
		]);
		const [request] = env.emulator.requests;
		expect(request.method).toBe('POST');
		expect(request.effectiveMethod).toBe('PUT');
		expect(request.rawPath).toBe('/social_links/update');
		expect(request.form._method).toBe('put');
		expect(request.params).toEqual({
			facebook: 'https://www.facebook.com/demoshop',
			twitter: 'https://twitter.com/demo_shop_new',
		});
		expect(env.emulator.store.socialLinks).toEqual({
			facebook: 'https://www.facebook.com/demoshop',
			twitter: 'https://twitter.com/demo_shop_new',
			wordpress: SEEDED.wordpress,
		});
	});

	test('a key from an expression (any case) and a URL with a query string', async () => {
		const items = await itemsOf(
			{ parameters: update([{ key: '={{ $json.network }}', url: '={{ $json.url }}' }]) },
			[{ json: { network: ' LinkedIn ', url: 'https://www.linkedin.com/in/demo?lang=en&x=1' } }],
		);
		expect(items[0].json.links).toEqual([
			{ key: 'linkedin', url: 'https://www.linkedin.com/in/demo?lang=en&x=1' },
		]);
		expect(env.emulator.store.socialLinks.linkedin).toBe(
			'https://www.linkedin.com/in/demo?lang=en&x=1',
		);
	});

	test('a key the account does not know: the service refuses it, nothing changes', async () => {
		const { error } = await runNode({
			parameters: update([{ key: 'youtube', url: 'https://www.youtube.com/@demo' }]),
		});
		expect(error?.message).toBe('Mad Mimi refused the request: Unknown social link youtube');
		expect(env.emulator.store.socialLinks).toEqual(SEEDED);
	});

	refusedBeforeAnyRequest(env, [
		{
			name: 'a network given twice',
			parameters: update([
				{ key: 'facebook', url: 'https://www.facebook.com/a' },
				{ key: 'twitter', url: 'https://twitter.com/b' },
				{ key: 'facebook', url: 'https://www.facebook.com/c' },
			]),
			message: 'The social network "facebook" is given twice in "Links"',
		},
		...[
			'facebook.com/demoshop',
			'ftp://files.example.com/x',
			'javascript:alert(1)',
			'https://www.facebook.com/demo shop',
			'https://',
			'  ',
		].map((url) => ({
			name: `the URL ${JSON.stringify(url)}`,
			parameters: update([{ key: 'facebook', url: '={{ $json.url }}' }]),
			input: each('url', url),
			message: url.trim()
				? `Link 1 (facebook): the field "URL" is not a web address: "${url}"`
				: 'Link 1 (facebook): the field "URL" is empty',
			description: 'https://',
		})),
		...[
			['face book', 'Link 1: "face book" is not a social link key'],
			['api_key', 'Link 1: "api_key" is not a social link key'],
			['username', 'Link 1: "username" is not a social link key'],
			['', 'Link 1: the field "Social Network" is empty'],
		].map(([key, message]) => ({
			name: `the key ${JSON.stringify(key)}`,
			parameters: update([{ key: '={{ $json.key }}', url: 'https://example.com/me' }]),
			input: each('key', key),
			message,
		})),
		{
			name: 'no link at all',
			parameters: { resource: 'socialLink', operation: 'update', links: {} },
			message: 'The field "Links" is empty',
		},
	]);
});
