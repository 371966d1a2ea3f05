/**
 * What the emulator does that no node test reaches: refusals the node never provokes (it checks
 * first), the bounds of ranges and pages, the Mailer's rules for whom it sends to, and the faults
 * and settings that the benchmark, `npm start` and the e2e suite use. Each was found by breaking
 * the emulator and running every other test: none failed. The rest of the emulator is proven
 * through the node (test/node/) and against the recordings (recorded.test.ts, recordedText.test.ts).
 */
import { DEMO_IDS } from '../../emulator';
import { parseDay, parseSearchDateTime } from '../../emulator/dates';
import { parseCsvRows } from '../../emulator/csv';
import { occurrences, useDemoEmulator } from '../support/emulatorClient';

const NOW = Date.UTC(2024, 5, 10, 12, 0, 0);
const HTML = '<html><body>Hi [[tracking_beacon]] [[unsubscribe]]</body></html>';

const env = useDemoEmulator(NOW);
const { request, get, post, send } = env;

const refused = (status: number, text: string) => expect.objectContaining({ status, text });

describe('refusals the node never provokes', () => {
	it('an unknown list to add to; a list or an address already taken', async () => {
		const store = env.emulator.store;
		expect(await send('/audience_lists/Nope/add', { email: 'ann.archer@example.com' })).toEqual(
			refused(400, 'List Nope does not exist'),
		);
		expect(await post('/audience_lists/Newsletter/rename', { name: 'VIP Customers' })).toEqual(
			refused(400, 'Name has already been taken'),
		);
		expect(
			await post('/audience_members/ann.archer@example.com/update_email', {
				new_email: 'ben.baker@example.com',
			}),
		).toEqual(refused(400, 'Email has already been taken'));
		expect(store.getMember('ann.archer@example.com')).toBeDefined();
	});

	it('the Mailer: raw HTML without the beacon, a mailing without an unsubscribe link, a body that is no mapping', async () => {
		const one = { promotion_name: 'Fresh', recipient: 'x@example.com' };
		expect(await post('/mailer', { ...one, raw_html: '<p>Hi</p>' })).toMatchObject({ status: 400 });
		const noLink = '<html><body>[[tracking_beacon]]</body></html>';
		expect(await post('/mailer/to_all', { promotion_name: 'Fresh', raw_html: noLink })).toEqual(
			refused(400, 'Your promotion must contain an [[unsubscribe]] or [[opt_out]] link.'),
		);
		expect(await post('/mailer', { ...one, raw_html: HTML, body: '- a list' })).toEqual(
			refused(400, 'The body must be a YAML hash of placeholders'),
		);
		expect(env.emulator.store.transactions).toHaveLength(0);
	});
});

describe('bounds', () => {
	it('suppressed_since and count_new include both ends; pages stop at 100', async () => {
		env.emulator.store.optOut('ann.archer@example.com', NOW);
		expect((await get(`/audience_members/suppressed_since/${NOW / 1000}.txt`)).text).toBe(
			'ann.archer@example.com\n',
		);
		env.emulator.reset('empty');
		const store = env.emulator.store;
		for (let i = 0; i < 150; i++) store.addMember(`a${i}@x.example`, { createdAt: NOW + i * 1000 });
		const counted = await get('/audience_members/count_new', {
			start: String(NOW / 1000),
			end: String(NOW / 1000 + 9),
		});
		expect(counted.text).toBe('10');
		const page = await get('/audience_members.xml', { per_page: '500' });
		expect(page.text).toContain('per_page="100"');
		const found = await get('/audience_members/search.xml', { query: 'x.example' });
		expect(occurrences(found.text, '<member ')).toBe(100);
	});

	it("a mailing's recipients: at most 100 a page", async () => {
		const { weeklyDigest: p } = DEMO_IDS.promotions;
		const { weeklyDigest: m } = DEMO_IDS.mailings;
		env.emulator.store.seedRecipients(p, m, 'sent', 150);
		const big = await get(`/promotions/${p}/mailings/${m}/sent.xml`, { per_page: '500' });
		expect(big.text).toContain('per_page="100"');
		expect(occurrences(big.text, '<recipient>')).toBe(100);
	});
});

describe('writes the node makes otherwise', () => {
	it('an empty value clears a field, a social link, a child account field; a domain is kept once', async () => {
		const store = env.emulator.store;
		await request('PUT', '/audience_members/ann.archer%40example.com', {
			'audience_member[first_name]': '',
		});
		expect(store.getMember('ann.archer@example.com')?.fields.first_name).toBe('');
		const [social] = store.socialLinkDefs;
		await send('/social_links/update', { [social.key]: 'https://x.example' }, 'PUT');
		await send('/social_links/update', { [social.key]: '' }, 'PUT');
		expect(store.socialLinks[social.key]).toBeUndefined();
		const [child] = store.participants.values();
		await send('/participants/update', { email: child.email.toUpperCase(), first_name: '' }, 'PUT');
		expect(child.firstName).toBeUndefined();
		await post('/google_analytics', { domain: 'twice.example' });
		await post('/google_analytics', { domain: 'TWICE.example' });
		expect(store.analyticsDomains.filter((d) => /twice/i.test(d))).toHaveLength(1);
		const children = store.participants.size;
		await request('DELETE', '/participants', { email: child.email.toUpperCase() });
		expect(store.participants.size).toBe(children - 1);
	});

	it("a renamed list keeps its place in child accounts' permissions", async () => {
		const [child] = env.emulator.store.participants.values();
		await post('/participants/update_permissions_for', { email: child.email, full: 'Newsletter' });
		await post('/audience_lists/Newsletter/rename', { name: 'Letters' });
		expect(child.permissions.full).toEqual(['Letters']);
	});
});

describe('whom the Mailer sends to', () => {
	it('check_suppressed: an opted-out recipient is not sent to, and has no promotion attempt', async () => {
		const store = env.emulator.store;
		store.optOut('ann.archer@example.com', NOW);
		const id = await post('/mailer', {
			promotion_name: 'Fresh',
			recipient: 'ann.archer@example.com',
			raw_html: HTML,
			check_suppressed: 'yes',
		});
		expect(store.getTransaction(id.text)?.status).toBe('failed');
		const attempts = await get('/audience_members/ann.archer@example.com/promotion_attempts.xml');
		expect(attempts.text).not.toContain('promotion_name="Fresh"');
	});

	it('to lists: each member once, opted-out ones left out, earlier recipients with prevent_resend; the subject defaults to the name', async () => {
		const store = env.emulator.store;
		store.optOut('hugo.hill@example.com', NOW);
		await post('/mailer/to_list', {
			promotion_name: 'Spring sale',
			list_name: 'VIP Customers,Newsletter',
		});
		const first = store.sends[0].recipients;
		expect(new Set(first).size).toBe(first.length);
		expect(first).not.toContain('hugo.hill@example.com');
		const again = await post('/mailer/to_list', {
			promotion_name: 'Spring sale',
			list_name: 'VIP Customers',
			prevent_resend: 'yes',
		});
		expect(store.sends[1].recipients).toEqual([]);
		const mailing = store.getMailing(DEMO_IDS.promotions.springSale, Number(again.text));
		expect(mailing?.subject).toBe('Spring sale');
	});

	it('placeholders read under YAML 1.1, as Ruby reads them', async () => {
		const id = await post('/mailer', {
			promotion_name: 'Fresh',
			recipient: 'x@example.com',
			raw_html: HTML,
			body: 'member: yes\nquoted: "yes"',
		});
		expect(env.emulator.store.getTransaction(id.text)?.placeholders).toEqual({
			member: true,
			quoted: 'yes',
		});
	});

	it('transaction IDs: 20 digits, a new one each time', async () => {
		const send = () =>
			post('/mailer', { promotion_name: 'Fresh', recipient: 'x@example.com', raw_html: HTML });
		const [a, b] = [(await send()).text, (await send()).text];
		expect(a).toMatch(/^\d{20}$/);
		expect(b).not.toBe(a);
	});
});

describe('what other clients send', () => {
	it('credentials in the form body', async () => {
		expect((await send('/audience_lists', { name: 'From body' })).status).toBe(200);
		expect(env.emulator.store.lists.has('From body')).toBe(true);
	});
});

describe('readers of what the node sends', () => {
	it('dates: impossible days refused', () => {
		expect(parseDay('2024-02-29')).toBe('2024-02-29');
		expect(parseDay('2024-02-30')).toBeNull();
		expect(parseDay('2024-13-01')).toBeNull();
		expect(parseSearchDateTime('2024-01-01 10:59:00')).toBe(Date.UTC(2024, 0, 1, 10, 59));
		expect(parseSearchDateTime('2024-01-01 10:61:00')).toBeNull();
	});

	it('CSV: a quote inside an unquoted field is text; blank lines are no rows', () => {
		expect(parseCsvRows('email,name\r\n\r\na@x.example,Ann "Nan" Lee\r\n')).toEqual([
			['email', 'name'],
			['a@x.example', 'Ann "Nan" Lee'],
		]);
	});

	it('promotions as JSON when asked for it (a guess)', async () => {
		const r = await get('/promotions', {}, { headers: { accept: 'application/json' } });
		expect(JSON.parse(r.text)[0]).toHaveProperty('name');
	});
});

describe('faults', () => {
	it('come before authentication', async () => {
		env.emulator.faults.add({ path: '/audience_lists/lists.xml', respond: { status: 503 } });
		expect((await request('GET', '/audience_lists/lists.xml', {}, {})).status).toBe(503);
	});
});

describe('the control endpoints (npm start, the benchmark and the e2e suite drive the emulator by them)', () => {
	async function control(method: string, path: string, body?: unknown): Promise<unknown> {
		const res = await fetch(`${env.emulator.baseUrl}/__emulator${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return await res.json();
	}

	it('requests, state, faults, reset, clock, latency and date style', async () => {
		await send('/audience_lists', { name: 'Via control' });
		expect(await control('GET', '/requests')).toEqual([
			expect.objectContaining({ method: 'POST', path: '/audience_lists', status: 200 }),
		]);
		await control('DELETE', '/requests');
		expect(env.emulator.requests).toHaveLength(0);
		const state = (await control('GET', '/state')) as { lists: { name: string }[] };
		expect(state.lists.map((l) => l.name)).toContain('Via control');
		await control('POST', '/reset', { seed: 'empty' });
		expect(env.emulator.store.lists.size).toBe(0);
		await control('POST', '/reset');
		expect(env.emulator.store.lists.size).toBe(3);

		await control('POST', '/faults', { path: { regex: '^/addons' }, respond: { status: 500 } });
		expect((await get('/addons.xml')).status).toBe(500);

		await control('POST', '/clock', { set: 1_700_000_000_000 });
		expect(await control('POST', '/clock', { advance: 5_000 })).toMatchObject({
			now: 1_700_000_005_000,
		});
		await control('POST', '/clock', { real: true });
		expect(Math.abs(env.emulator.clock.now() - Date.now())).toBeLessThan(60_000);

		await control('POST', '/latency', { latencyMs: 120 });
		const started = Date.now();
		await get('/promotions.xml');
		expect(Date.now() - started).toBeGreaterThanOrEqual(110);

		await control('POST', '/date-style', { dateStyle: 'UTC' });
		expect((await get('/promotions.xml')).text).toMatch(/updated_at="[^"]+ UTC"/);
		expect(await control('POST', '/date-style', { dateStyle: '+0100' })).toMatchObject({
			error: expect.stringContaining('dateStyle'),
		});
	});
});
