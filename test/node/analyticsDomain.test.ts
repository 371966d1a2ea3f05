import { runNode } from '../harness';
import { itemsOf, received, useEmulator } from './setup';

const env = useEmulator();

const domains = () => env.emulator.store.analyticsDomains;

describe('analyticsDomain.getAll', () => {
	test('one item per domain, paired to the input item', async () => {
		const items = await itemsOf({
			parameters: { resource: 'analyticsDomain', operation: 'getAll' },
		});
		expect(items.map((i) => i.json)).toEqual([
			{ domain: 'example.com' },
			{ domain: 'shop.example.com' },
		]);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/google_analytics.xml', params: {} },
		]);
	});

	test('one domain is still one item; none gives no items', async () => {
		env.emulator.store.analyticsDomains = ['only.example.net'];
		const one = await runNode({ parameters: { resource: 'analyticsDomain', operation: 'getAll' } });
		expect(one.items.map((i) => i.json)).toEqual([{ domain: 'only.example.net' }]);
		env.emulator.reset('empty');
		for (let run = 0; run < 2; run++) {
			// the empty document comes as <google_analytics/> and <google_analytics></google_analytics>
			const none = await runNode({
				parameters: { resource: 'analyticsDomain', operation: 'getAll' },
			});
			expect(none.error).toBeUndefined();
			expect(none.items).toEqual([]);
		}
	});
});

describe('analyticsDomain.add', () => {
	test('adds the domain', async () => {
		const items = await itemsOf({
			parameters: { resource: 'analyticsDomain', operation: 'add', domain: 'news.example.org' },
		});
		expect(items.map((i) => i.json)).toEqual([{ success: true, domain: 'news.example.org' }]);
		expect(received(env.emulator)).toEqual([
			{ method: 'POST', path: '/google_analytics', params: { domain: 'news.example.org' } },
		]);
		expect(env.emulator.requests[0].form._method).toBeUndefined();
		expect(domains()).toEqual(['example.com', 'shop.example.com', 'news.example.org']);
	});

	test('trims the value and a final dot; takes international domain names', async () => {
		const { items } = await runNode(
			{ parameters: { resource: 'analyticsDomain', operation: 'add', domain: '={{ $json.d }}' } },
			[{ json: { d: '  blog.example.io.  ' } }, { json: { d: 'bücher.de' } }],
		);
		expect(items.map((i) => [i.json.domain, i.pairedItem])).toEqual([
			['blog.example.io', { item: 0 }],
			['bücher.de', { item: 1 }],
		]);
		expect(domains()).toContain('blog.example.io');
		expect(domains()).toContain('bücher.de');
	});

	test.each([
		'https://example.org',
		'example.org/path',
		'example',
		'exa mple.org',
		'-bad.example.org',
		'bad..example.org',
		'192.168.1.10',
		'example.org:8080',
		'user@example.org',
		'ex_ample.org',
		'  ',
	])('refuses %j before any request', async (domain) => {
		const message = domain.trim()
			? `The field "Domain" is not a domain name: "${domain}"`
			: 'The field "Domain" is empty';
		for (const operation of ['add', 'delete']) {
			const { error } = await runNode(
				{ parameters: { resource: 'analyticsDomain', operation, domain: '={{ $json.domain }}' } },
				[{ json: { domain } }],
			);
			expect(error?.message).toBe(message);
			expect(error?.description).toBeTruthy();
		}
		expect(env.emulator.requests).toHaveLength(0);
	});
});

describe('analyticsDomain.delete', () => {
	test('removes the domain with POST _method=delete', async () => {
		const items = await itemsOf({
			parameters: { resource: 'analyticsDomain', operation: 'delete', domain: 'shop.example.com' },
		});
		expect(items.map((i) => i.json)).toEqual([{ deleted: true, domain: 'shop.example.com' }]);
		const [request] = env.emulator.requests;
		expect(request.method).toBe('POST');
		expect(request.effectiveMethod).toBe('DELETE');
		expect(request.rawPath).toBe('/google_analytics');
		expect(request.form).toMatchObject({ _method: 'delete', domain: 'shop.example.com' });
		expect(request.params).toEqual({ domain: 'shop.example.com' });
		expect(domains()).toEqual(['example.com']);
	});

	test("a domain that is not set up: the service's text in the message", async () => {
		const { error } = await runNode({
			parameters: { resource: 'analyticsDomain', operation: 'delete', domain: 'nope.example.org' },
		});
		expect(error?.message).toBe(
			'Mad Mimi refused the request: Domain nope.example.org is not set up',
		);
		expect(error?.description).not.toContain('/google_analytics'); // the user's words, not the API path
		expect(domains()).toEqual(['example.com', 'shop.example.com']);
	});
});
