/**
 * Promotions (the paged document, JSON, search, save, trash, the transactional count) and mailing
 * statistics (the counters and links, the recipients by outcome, paged, up to 50,000).
 */
import { DEMO_IDS, formatServiceDate, parseServiceDate } from '../../emulator';
import { isBlank, occurrences, useDemoEmulator } from '../support/emulatorClient';

const env = useDemoEmulator();
const { get, send } = env;

describe('promotions', () => {
	it('pages promotions 20 at a time, newest first, without paging attributes', async () => {
		const p1 = await get('/promotions.xml');
		const p2 = await get('/promotions.xml', { page: '2' });
		const p3 = await get('/promotions.xml', { page: '3' });
		const ids = (t: string): number[] =>
			[...t.matchAll(/<promotion name="[^"]*" id="(\d+)"/g)].map((m) => Number(m[1]));
		expect(ids(p1.text)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
		expect(ids(p2.text)).toEqual([5, 4, 3, 2, 1]);
		expect(p3.text).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<promotions>\n</promotions>');
		expect(p2.text).toContain(
			'\n<promotion name="Summer launch" id="5" mimio="5e77a0" updated_at="' +
				`${formatServiceDate(env.emulator.store.promotions.get(5)?.updatedAt ?? 0, '-0500')}" hidden="false" ` +
				'thumbnail="https://snaps.madmimi.com/v2/thumbs.php?size=b&amp;wait=120&amp;url=https%3A%2F%2Fmadmimi.com%2Fp%2F5e77a0">\n' +
				'  <mailing id="35" subject="Summer launch" count="0">\n' +
				'    <started_send></started_send>\n' +
				'    <finished_send></finished_send>\n' +
				'  </mailing>\n' +
				'</promotion>\n',
		);
		expect(p2.text).toMatch(
			/\n {2}<mailing id="32" subject="Spring sale starts today" count="4">\n {4}<started_send>[^<]+<\/started_send>\n {4}<finished_send>[^<]+<\/finished_send>\n {2}<\/mailing>\n {2}<mailing id="33"/,
		);
		expect(p2.text).toMatch(
			/id="1" mimio="0a9f3e" updated_at="(Mon Feb 14 \d\d:59:05 [^"]+ 2011)"/,
		);
		expect(p2.text).toContain('name="API: Receipt"'); // listed here, unlike in search
		expect(p2.text).toContain('<promotion name="API: Receipt" id="4" mimio="'); // no mailing:
		expect(p2.text).toMatch(/<promotion name="API: Receipt"[^\n]*>\n<\/promotion>\n/);
		expect(p2.text).not.toContain('<mailings');
		expect(
			p1.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<promotions>\n<promotion '),
		).toBe(true);
		expect(p1.text.endsWith('</promotion>\n</promotions>')).toBe(true);
	});

	it('renders the old promotion at its true instant whatever the offset', async () => {
		const texts = [
			await get('/promotions.xml', { page: '2' }),
			await get('/promotions.xml', { page: '2' }),
		].map((r) => r.text);
		const dates = texts.map(
			(t) =>
				/name="Winter clearance 2010" id="1" mimio="[0-9a-f]{6}" updated_at="([^"]+)"/.exec(
					t,
				)?.[1] ?? '',
		);
		expect(dates[0]).not.toBe(dates[1]);
		for (const d of dates) expect(parseServiceDate(d)).toBe(Date.UTC(2011, 1, 14, 14, 59, 5));
	});

	it('serves JSON for /promotions with Accept: application/json (a guess)', async () => {
		const r = await get('/promotions', { page: '2' }, { headers: { accept: 'application/json' } });
		expect(r.type).toBe('application/json; charset=utf-8');
		const body = JSON.parse(r.text) as {
			id: number;
			mimio: string;
			mailings: { subject: string; count: number; started_send: string | null }[];
		}[];
		expect(body.map((p) => p.id)).toEqual([5, 4, 3, 2, 1]);
		expect(body[0].mailings[0]).toMatchObject({
			subject: 'Summer launch',
			count: 0,
			started_send: null,
		});
		expect(body[2]).toMatchObject({ mimio: '293145', mailings: [{ count: 250 }] });
		expect(
			JSON.parse((await get('/promotions', {}, { headers: { accept: 'application/json' } })).text),
		).toHaveLength(20);
	});

	it('searches by query, api_mailings, id, name and date range', async () => {
		const q = await get('/promotions/search.xml', { query: 'SALE' });
		expect(occurrences(q.text, '<promotion ')).toBe(2); // Spring sale, Flash sale
		const api = await get('/promotions/search.xml', { query: 'receipt' });
		expect(api.text).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<promotions>\n</promotions>');
		const withApi = await get('/promotions/search.xml', { query: 'receipt', api_mailings: 'true' });
		expect(withApi.text).toContain('name="API: Receipt"');
		expect(
			occurrences((await get('/promotions/search.xml', { id: '3' })).text, '<promotion '),
		).toBe(1);
		expect((await get('/promotions/search.xml', { name: 'Spring sale' })).text).toContain('id="2"');
		expect(
			occurrences(
				(await get('/promotions/search.xml', { name: 'spring sale' })).text,
				'<promotion ',
			),
		).toBe(0);

		env.emulator.store.addPromotion('Dated', { updatedAt: Date.UTC(2020, 2, 1, 12, 0, 0) });
		env.emulator.store.addPromotion('API: dated', { updatedAt: Date.UTC(2020, 2, 1, 12, 0, 0) });
		const range = { date: '1', from_date: '2020-03-01 12:00:00', to_date: '2020-03-01 12:00:00' };
		const d = await get('/promotions/search.xml', range);
		expect(occurrences(d.text, '<promotion ')).toBe(1);
		expect(d.text).toContain('name="Dated"');
		expect(
			occurrences(
				(await get('/promotions/search.xml', { ...range, api_mailings: 'true' })).text,
				'<promotion ',
			),
		).toBe(2);
		expect(
			await get('/promotions/search.xml', { ...range, from_date: '2020-03-01' }),
		).toMatchObject({
			status: 400,
			text: 'Invalid date',
		});
	});

	it('saves (creates then updates) a promotion and refuses missing input', async () => {
		env.emulator.clock.set(Date.UTC(2024, 3, 1));
		const r = await send('/promotions/save', {
			promotion_name: 'Launch (v2) (beta)',
			raw_html: '<p>hi</p>',
		});
		expect(r).toEqual({
			status: 200,
			text: 'Saved Launch (v2) (beta) (26)',
			type: 'text/html; charset=utf-8',
		});
		env.emulator.clock.advance(60_000);
		const u = await send('/promotions/save', {
			promotion_name: 'Launch (v2) (beta)',
			raw_plain_text: 'hi',
		});
		expect(u.text).toBe('Saved Launch (v2) (beta) (26)');
		expect(env.emulator.store.promotions.get(26)).toMatchObject({
			rawHtml: '<p>hi</p>',
			rawPlainText: 'hi',
			updatedAt: Date.UTC(2024, 3, 1) + 60_000,
		});
		expect(
			(await send('/promotions/save', { promotion_name: 'By url', url: 'https://example.com/p' }))
				.text,
		).toBe('Saved By url (27)');
		expect(await send('/promotions/save', { raw_html: 'x' })).toMatchObject({
			status: 400,
			text: 'Promotion name is required',
		});
		expect(await send('/promotions/save', { promotion_name: 'X' })).toMatchObject({
			status: 400,
			text: 'Content is required (raw_html, raw_plain_text or url)',
		});
	});

	it('trashes with PUT or POST _method=put; unknown is 404', async () => {
		const r = await send('/promotions/2/trash', {}, 'PUT');
		expect(isBlank(r)).toBe(true);
		expect(env.emulator.store.promotions.get(2)?.trashed).toBe(true);
		expect(isBlank(await send('/promotions/3/trash', { _method: 'put' }))).toBe(true);
		expect(env.emulator.store.promotions.get(3)?.trashed).toBe(true);
		expect(occurrences((await get('/promotions.xml', { page: '2' })).text, '<promotion ')).toBe(3);
		expect(await send('/promotions/999/trash', {}, 'PUT')).toMatchObject({
			status: 404,
			text: ' ',
		});
	});

	it('counts transactional emails', async () => {
		const t = await get('/promotions/transactional_count', {
			promotion_name: 'API: Receipt',
			date: '2024-06-04',
		});
		expect(t).toEqual({ status: 200, text: '42', type: 'text/html; charset=utf-8' });
		expect(
			(
				await get('/promotions/transactional_count', {
					promotion_name: 'API: Receipt',
					date: '2024-06-05',
				})
			).text,
		).toBe('0');
		expect(
			await get('/promotions/transactional_count', {
				promotion_name: 'API: Receipt',
				date: '06/04/2024',
			}),
		).toMatchObject({
			status: 400,
			text: 'Invalid date',
		});
	});
});

describe('mailing statistics', () => {
	const p = DEMO_IDS.promotions.weeklyDigest;
	const m = DEMO_IDS.mailings.weeklyDigest;

	it('answers the counters with the extra one and the links (one per line, indented 4)', async () => {
		const r = await get(`/promotions/${p}/mailings/${m}.xml`);
		expect(r.text).toMatch(
			/^<\?xml[^>]+>\n<mailing all_audience="false">\n {2}<sent>250<\/sent>\n {2}<views>120<\/views>\n {2}<untraced>10<\/untraced>\n {2}<clicked>40<\/clicked>\n {2}<links>\n {4}<link><id>\d+<\/id><url>https:\/\/blog.example.com\/this-week<\/url><clicks>52<\/clicks><unique_clicks>31<\/unique_clicks><\/link>\n(?: {4}<link>.*<\/link>\n){2} {2}<\/links>\n {2}<forwarded>2<\/forwarded>\n {2}<bounced>5<\/bounced>\n {2}<unsubscribed>3<\/unsubscribed>\n {2}<abused>1<\/abused>\n<\/mailing>$/,
		);
		expect((await get(`/promotions/2/mailings/33.xml`)).text).toContain(
			'\n  <links>\n  </links>\n',
		);
	});

	it('pages recipients (default 30, at most 100) and ends with an empty page', async () => {
		const first = await get(`/promotions/${p}/mailings/${m}/sent.xml`);
		expect(first.text).toContain('<recipients page="1" per_page="30">');
		expect(occurrences(first.text, '<recipient>')).toBe(30);
		expect(first.text).toContain(
			'<recipient><email>ann.archer@example.com</email><first_name>Ann</first_name><last_name>Archer</last_name><created_at>',
		);
		const big = await get(`/promotions/${p}/mailings/${m}/sent.xml`, {
			page: '3',
			per_page: '500',
		});
		expect(big.text).toContain('<recipients page="3" per_page="100">');
		expect(occurrences(big.text, '<recipient>')).toBe(50);
		expect(
			occurrences(
				(await get(`/promotions/${p}/mailings/${m}/sent.xml`, { page: '9' })).text,
				'<recipient>',
			),
		).toBe(10);
		const past = await get(`/promotions/${p}/mailings/${m}/sent.xml`, { page: '10' });
		expect(past.text).toBe(
			'<?xml version="1.0" encoding="UTF-8"?>\n<recipients page="10" per_page="30"/>',
		);
		expect(
			occurrences(
				(await get(`/promotions/${p}/mailings/${m}/read.xml`, { per_page: '100', page: '2' })).text,
				'<recipient>',
			),
		).toBe(20);
		for (const outcome of [
			'clicked_thru',
			'unopened',
			'opt_out',
			'bounced',
			'forwarded',
			'abused',
		]) {
			const r = await get(`/promotions/${p}/mailings/${m}/${outcome}.xml`);
			expect(r.status).toBe(200);
			expect(occurrences(r.text, '<recipient>')).toBeGreaterThan(0);
		}
		expect((await get(`/promotions/${p}/mailings/${m}/bogus.xml`)).status).toBe(404);
	});

	it('renders a missing last name as <last_name/>', async () => {
		const r = await get(`/promotions/${p}/mailings/${m}/sent.xml`, { per_page: '100', page: '1' });
		expect(r.text).toContain('<last_name/>');
	});

	it('answers 404 with a single space for the recipients and links of an unknown promotion or mailing, as for its statistics (recorded)', async () => {
		expect(await get(`/promotions/2/mailings/${m}/sent.xml`)).toMatchObject({
			status: 404,
			text: ' ',
		});
		expect(await get(`/promotions/${p}/mailings/999/clicked.xml`)).toMatchObject({
			status: 404,
			text: ' ',
		});
	});

	it('serves 50,000 seeded recipients paged without slowing down', async () => {
		const promotion = env.emulator.store.addPromotion('Big send');
		const mailing = env.emulator.store.addMailing(promotion.id);
		const started = Date.now();
		env.emulator.store.seedRecipients(promotion.id, mailing.id, 'sent', 50_000);
		env.emulator.store.seedRecipients(promotion.id, mailing.id, 'read', 20_000);
		expect(mailing.stats.sent).toBe(50_000);
		const last = await get(`/promotions/${promotion.id}/mailings/${mailing.id}/sent.xml`, {
			page: '500',
			per_page: '100',
		});
		expect(occurrences(last.text, '<recipient>')).toBe(100);
		expect(last.text).toContain('<email>recipient50000.m');
		const read = await get(`/promotions/${promotion.id}/mailings/${mailing.id}/read.xml`, {
			page: '200',
			per_page: '100',
		});
		expect(occurrences(read.text, '<recipient>')).toBe(100);
		expect(Date.now() - started).toBeLessThan(2000);
	});
});
