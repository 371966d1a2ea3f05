/**
 * What the emulator does with every request of the service's API: the credentials checked (the
 * form body or the query string), an unknown path answered, every XML answer well-formed, the
 * date style rotating from answer to answer or fixed, the latency. The recorded answers
 * themselves: recorded.test.ts and recordedText.test.ts.
 */
import { XMLValidator } from 'fast-xml-parser';

import { parseServiceDate, startEmulator } from '../../emulator';
import { DEMO_AUTH, isBlank, useDemoEmulator } from '../support/emulatorClient';
import { seedPromotions } from './recordedAccount';

const env = useDemoEmulator();
const { request, get, send, lastRequest } = env;

describe('authentication', () => {
	it('refuses missing and wrong credentials with 401 Unable to authenticate', async () => {
		const missing = await request('GET', '/audience_lists/lists.xml', {}, {});
		expect(missing).toEqual({
			status: 401,
			text: 'Unable to authenticate',
			type: 'text/html; charset=utf-8',
		});
		const wrong = await request(
			'GET',
			'/audience_lists/lists.xml',
			{},
			{ ...DEMO_AUTH, api_key: 'nope' },
		);
		expect(wrong.status).toBe(401);
		expect(wrong.text).toBe('Unable to authenticate');
		expect(lastRequest().authenticated).toBe(false);
		expect(lastRequest().status).toBe(401);
	});

	it('accepts credentials in the form body or in the query string of a POST', async () => {
		expect(isBlank(await send('/audience_lists', { name: 'From body' }))).toBe(true);
		const query = new URLSearchParams({ ...DEMO_AUTH, name: 'From query' }).toString();
		const r = await fetch(`${env.emulator.baseUrl}/audience_lists?${query}`, { method: 'POST' });
		expect(r.status).toBe(200);
		expect(env.emulator.store.lists.has('From body')).toBe(true);
		expect(env.emulator.store.lists.has('From query')).toBe(true);
		const rec = lastRequest();
		expect(rec.authenticated).toBe(true);
		expect(rec.params).toEqual({ name: 'From query' });
	});

	it('answers 404 with a single space for an unknown path', async () => {
		expect(await get('/no/such/thing.xml')).toEqual({
			status: 404,
			text: ' ',
			type: 'text/html; charset=utf-8',
		});
	});
});

describe('XML documents', () => {
	it('are all well-formed, also with awkward names', async () => {
		env.emulator.store.createList('Tom & "Jerry" <friends>\u0001');
		env.emulator.store.addPromotion(`It's <b>bold</b> & "quoted"`);
		const paths = [
			'/audience_lists/lists.xml',
			'/audience_members/ann.archer@example.com/lists.xml',
			'/audience_members/ann.archer@example.com/promotion_attempts.xml',
			'/promotions.xml',
			'/promotions.xml?page=2',
			'/promotions/search.xml?query=a',
			'/promotions/3/mailings/34.xml',
			'/promotions/3/mailings/34/sent.xml',
			'/promotions/3/mailings/34/clicked.xml',
			'/promotions/2/mailings/33/clicked.xml',
			'/addons/available.xml',
			'/addons.xml',
			'/google_analytics.xml',
			'/social_links/available.xml',
			'/social_links.xml',
			'/participants.xml',
			'/drip_campaigns/list.xml',
		];
		for (const path of paths) {
			const [p, q] = path.split('?');
			const r = await get(p, Object.fromEntries(new URLSearchParams(q ?? '')));
			expect(r.status).toBe(200);
			expect(r.type).toBe('application/xml; charset=utf-8');
			expect([path, XMLValidator.validate(r.text)]).toEqual([path, true]);
		}
	});
});

describe('dates in answers', () => {
	it('rotates the offset between answers while keeping the instant', async () => {
		const zone = (t: string): string => /created_at="[^"]*? ([^ "]+)"/.exec(t)?.[1] ?? '';
		const answers = [];
		for (let i = 0; i < 5; i++) answers.push((await get('/participants.xml')).text);
		expect(new Set(answers.map(zone))).toEqual(
			new Set(['-0400', '-0500', '+0200', '+0530', 'UTC']),
		);
		const instants = answers.map((t) =>
			parseServiceDate(/created_at="([^"]+)"/.exec(t)?.[1] ?? ''),
		);
		expect(new Set(instants).size).toBe(1);
		expect(instants[0]).toBe(
			Math.floor(
				(env.emulator.store.participants.get('child.one@example.com')?.createdAt ?? 0) / 1000,
			) * 1000,
		);
	});
});

describe('latency', () => {
	it('delays every answer', async () => {
		env.emulator.latencyMs = 120;
		const started = Date.now();
		await get('/addons.xml');
		expect(Date.now() - started).toBeGreaterThanOrEqual(110);
	});
});

describe('the date style setting', () => {
	it('is given at start, settable, reachable by a control endpoint, and restored by reset()', async () => {
		const fixed = await startEmulator({ seed: 'empty', dateStyle: '+0530' });
		try {
			expect(fixed.dateStyle).toBe('+0530');
			seedPromotions(fixed);
			const url = `${fixed.baseUrl}/promotions.xml?${new URLSearchParams(DEMO_AUTH).toString()}`;
			const texts = [await (await fetch(url)).text(), await (await fetch(url)).text()];
			expect(texts[0]).toBe(texts[1]);
			expect(texts[0]).toContain('updated_at="2014-09-08 02:24:55 +0530"');

			const control = async (method: string, body?: unknown): Promise<unknown> =>
				(
					await fetch(`${fixed.baseUrl}/__emulator/date-style`, {
						method,
						headers: { 'content-type': 'application/json' },
						body: body === undefined ? undefined : JSON.stringify(body),
					})
				).json();
			expect(await control('GET')).toEqual({ dateStyle: '+0530' });
			expect(await control('POST', { dateStyle: 'UTC' })).toEqual({ dateStyle: 'UTC' });
			expect(fixed.dateStyle).toBe('UTC');
			expect(await (await fetch(url)).text()).toContain('updated_at="2014-09-07 20:54:55 UTC"');
			expect(await control('POST', { dateStyle: null })).toEqual({ dateStyle: null });
			expect(fixed.dateStyle).toBeUndefined();
			expect(await control('POST', { dateStyle: '+0100' })).toMatchObject({
				error: expect.stringContaining('dateStyle'),
			});

			fixed.dateStyle = '-0500';
			fixed.reset();
			expect(fixed.dateStyle).toBe('+0530');
			expect(() => {
				fixed.dateStyle = 'CET' as never;
			}).toThrow(/dateStyle/);
		} finally {
			await fixed.close();
		}
	});
});
