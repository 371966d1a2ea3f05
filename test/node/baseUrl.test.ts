/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: watches the node's requests in jest, never inside n8n */
import http from 'node:http';
import https from 'node:https';

import { DEMO_CREDENTIALS } from '../../emulator';
import { MadMimiApi } from '../../credentials/MadMimiApi.credentials';
import { baseUrlRefusal } from '../../nodes/MadMimi/transport/http';
import { callMethod, runNode, setCredentials } from '../harness';
import { useEmulator } from './setup';

/*
 * The credential's Base URL: the API key travels in the query string of every request, so plain
 * http is refused before any request, except to this machine (a local emulator).
 */

const env = useEmulator();

const GET_LISTS = { resource: 'audienceList', operation: 'getAll', returnAll: true };

/**
 * Every request the node starts, http or https, recorded before it leaves; those to other hosts
 * than the emulator's are refused there (nothing reaches the network).
 */
function watchRequests(): { urls: string[]; restore: () => void } {
	const urls: string[] = [];
	const spies = (
		[
			['http:', http],
			['https:', https],
		] as const
	).map(([protocol, module]) => {
		const original = module.request.bind(module);
		return jest.spyOn(module, 'request').mockImplementation(((...args: unknown[]) => {
			const url = requestUrl(protocol, args[0]);
			urls.push(url);
			if (!url.startsWith(`${env.emulator.baseUrl}/`))
				throw Object.assign(new Error('connect ECONNREFUSED (intercepted by the test)'), {
					code: 'ECONNREFUSED',
				});
			return (original as (...a: unknown[]) => http.ClientRequest)(...args);
		}) as typeof http.request);
	});
	return { urls, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

/** The address a request of node:http or node:https goes to, as a URL (default port left out). */
function requestUrl(protocol: 'http:' | 'https:', options: unknown): string {
	if (typeof options === 'string' || options instanceof URL) return String(options);
	const o = options as http.RequestOptions;
	const host = String(o.hostname ?? o.host);
	const port =
		o.port && String(o.port) !== (protocol === 'https:' ? '443' : '80') ? `:${o.port}` : '';
	return `${protocol}//${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}${port}${o.path ?? '/'}`;
}

describe('the Base URL of the credential', () => {
	test.each([
		['plain http to another host', 'http://example.com', 'http://example.com'],
		['plain http with a port and a path', 'http://api.example.com:8080/madmimi/', ''],
		['plain http to a private address', 'http://10.0.0.5', ''],
		['a host that only starts like loopback', 'http://127.0.0.1.example.com', ''],
		['a host that only starts like localhost', 'http://localhost.example.com', ''],
		['another scheme', 'ftp://api.madmimi.com', ''],
		['no address at all', 'api.madmimi.com', ''],
	])(
		'%s (%s) is refused before any request, the message naming Base URL',
		async (_case, baseUrl, shown) => {
			await setCredentials({ ...DEMO_CREDENTIALS, baseUrl });
			const sent = watchRequests();
			let result;
			try {
				result = await runNode({ parameters: GET_LISTS });
			} finally {
				sent.restore();
			}
			const { error, items } = result;
			expect(items).toEqual([]);
			expect(error?.message).toMatch(/^The Base URL of the Mad Mimi credential .*https:\/\//);
			if (shown) expect(error?.message).toContain(`(${shown})`);
			expect(error?.description).toMatch(
				/API key travels in the address of each request.*127\.0\.0\.1/,
			);
			expect(JSON.stringify(error)).not.toContain(DEMO_CREDENTIALS.apiKey);
			expect(sent.urls).toEqual([]);
			expect(env.emulator.requests).toHaveLength(0);
		},
	);

	test("the editor's list search is refused the same way, before any request", async () => {
		await setCredentials({ ...DEMO_CREDENTIALS, baseUrl: 'http://example.com' });
		const sent = watchRequests();
		try {
			await expect(
				callMethod('listSearch', 'searchLists', { resource: 'audienceList', operation: 'delete' }),
			).rejects.toThrow(/Base URL of the Mad Mimi credential \(http:\/\/example\.com\)/);
		} finally {
			sent.restore();
		}
		expect(sent.urls).toEqual([]);
	});

	test.each([
		['http://127.0.0.1', (port: string) => `http://127.0.0.1:${port}`],
		['http://localhost', (port: string) => `http://localhost:${port}`],
		[
			'http://LOCALHOST/ (any case, a trailing slash)',
			(port: string) => `http://LOCALHOST:${port}/`,
		],
	])('%s passes: the lists come from the emulator', async (_case, baseUrl) => {
		const port = new URL(env.emulator.baseUrl).port;
		await setCredentials({ ...DEMO_CREDENTIALS, baseUrl: baseUrl(port) });
		const { error, items } = await runNode({ parameters: GET_LISTS });
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		expect(env.emulator.requests.map((r) => r.rawPath)).toEqual(['/audience_lists/lists.xml']);
	});

	test.each([
		['https://api.madmimi.com', 'https://api.madmimi.com/audience_lists/lists.xml'],
		[
			'https://proxy.example.com/madmimi',
			'https://proxy.example.com/madmimi/audience_lists/lists.xml',
		],
		['http://127.0.0.2:9', 'http://127.0.0.2:9/audience_lists/lists.xml'],
		['http://[::1]:9', 'http://[::1]:9/audience_lists/lists.xml'],
		// none given, or left empty: Mad Mimi's own address
		[undefined, 'https://api.madmimi.com/audience_lists/lists.xml'],
		['', 'https://api.madmimi.com/audience_lists/lists.xml'],
	])('%j passes: the request is sent there', async (baseUrl, expected) => {
		await setCredentials(
			baseUrl === undefined ? DEMO_CREDENTIALS : { ...DEMO_CREDENTIALS, baseUrl },
		);
		const sent = watchRequests();
		let error;
		try {
			({ error } = await runNode({ parameters: GET_LISTS }));
		} finally {
			sent.restore();
		}
		// the watcher refuses it (nothing leaves): the failure is the connection's, not the Base URL's
		expect(error?.message).not.toMatch(/Base URL/);
		expect(sent.urls.length).toBeGreaterThan(0);
		for (const url of sent.urls) {
			expect(url.split('?')[0]).toBe(expected);
			expect(new URL(url).searchParams.get('username')).toBe(DEMO_CREDENTIALS.username);
		}
		expect(env.emulator.requests).toHaveLength(0);
	});

	test.each([
		['https://api.madmimi.com', true],
		['https://api.madmimi.com/', true],
		['HTTPS://API.MADMIMI.COM', true],
		['http://127.0.0.1:4000', true],
		['http://127.255.255.254', true],
		['http://127.1', true], // the URL parser reads it as 127.0.0.1
		['http://localhost', true],
		['http://[::1]:8080', true],
		['http://[0:0:0:0:0:0:0:1]', true], // written [::1] by the parser
		['http://example.com', false],
		['http://128.0.0.1', false],
		['http://[::2]', false],
		['http://[::ffff:127.0.0.1]', false],
		['http://localhost.localdomain', false],
		['ws://127.0.0.1', false],
	])('baseUrlRefusal(%j) takes it: %s', (baseUrl, taken) => {
		expect(baseUrlRefusal(baseUrl) === undefined).toBe(taken);
	});
});

describe('the credential Test never sends the key over plain http beyond this machine', () => {
	// the Test request's Base URL expression: its pattern and replacement, applied here as n8n
	// applies them (the e2e server suite runs the Test against http://127.0.0.1 in real n8n)
	const expression = String(new MadMimiApi().test.request.baseURL);
	const [, source, flags, replacement] = /\.replace\(\/(.*)\/([a-z]*), "([^"]*)"\)/.exec(
		expression,
	)!;
	const pattern = new RegExp(source, flags);
	const testUrl = ({ baseUrl }: { baseUrl: string }) =>
		baseUrl.trim().replace(pattern, replacement);

	test.each([
		['http://example.com', 'https://example.com'],
		['http://api.madmimi.com/', 'https://api.madmimi.com/'],
		[' HTTP://proxy.example.com:8080', 'https://proxy.example.com:8080'],
		['http://127.0.0.1.example.com', 'https://127.0.0.1.example.com'],
		['http://localhost.example.com', 'https://localhost.example.com'],
		['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
		['http://localhost:8787/', 'http://localhost:8787/'],
		['http://[::1]:8787', 'http://[::1]:8787'],
		['https://api.madmimi.com', 'https://api.madmimi.com'],
	])('%s is tested at %s', (baseUrl, expected) => {
		expect(testUrl({ baseUrl })).toBe(expected);
	});
});
