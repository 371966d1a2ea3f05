/**
 * The Mailer: transactional emails (POST /mailer) with their state, status and placeholders read
 * under YAML 1.1, and sends to lists or to everyone (POST /mailer/to_list, /mailer/to_all) that
 * create mailings visible in the promotions document and the statistics. The recorded answers
 * themselves are proven in recorded.test.ts.
 */
import {
	DEMO_IDS,
	MAILER_STATUSES,
	mailerFlag,
	parseRecipient,
	readListNames,
	readPlaceholders,
} from '../../emulator';
import { TEXT_TYPE as TEXT } from '../../emulator/render';
import { useDemoEmulator } from '../support/emulatorClient';

const NOW = Date.UTC(2024, 5, 4, 15, 30, 0); // a day the demo has 42 transactional emails of API: Receipt
const HTML = '<html><body>Hi [[tracking_beacon]] [[unsubscribe]]</body></html>';

const env = useDemoEmulator(NOW);
const { get, post } = env;

const RECEIPT = 'API: Receipt';

async function receiptCount(date = '2024-06-04'): Promise<string> {
	return (await get('/promotions/transactional_count', { promotion_name: RECEIPT, date })).text;
}

// ====================================================================== POST /mailer

describe('POST /mailer', () => {
	it('answers a new 20-digit id each time, stored with the recipient, the parameters and the status sent', async () => {
		const a = await post('/mailer', {
			promotion_name: RECEIPT,
			recipient: 'Jane Doe <jane@example.com>',
			subject: 'Your receipt',
			from: 'shop@example.com',
		});
		const b = await post('/mailer', { promotion_name: RECEIPT, recipients: 'joe@example.com' });
		expect([a.status, a.type, b.status]).toEqual([200, TEXT, 200]);
		for (const id of [a.text, b.text]) expect(id).toMatch(/^\d{20}$/);
		expect(BigInt(b.text) > BigInt(a.text)).toBe(true);
		expect(env.emulator.store.transactions).toEqual([
			{
				id: a.text,
				promotionName: RECEIPT,
				recipient: { email: 'jane@example.com', name: 'Jane Doe' },
				params: {
					promotion_name: RECEIPT,
					recipient: 'Jane Doe <jane@example.com>',
					subject: 'Your receipt',
					from: 'shop@example.com',
				},
				status: 'sent',
				at: NOW,
			},
			{
				id: b.text,
				promotionName: RECEIPT,
				recipient: { email: 'joe@example.com' },
				params: { promotion_name: RECEIPT, recipients: 'joe@example.com' },
				status: 'sent',
				at: NOW,
			},
		]);
		// a transactional email is no mailing of the promotion (a guess); it imports the recipient
		// into the audience (Mad Mimi's Mailer documentation), on no list
		expect(env.emulator.store.promotions.get(DEMO_IDS.promotions.apiReceipt)?.mailings).toEqual([]);
		expect(env.emulator.store.getMember('jane@example.com')).toMatchObject({
			email: 'jane@example.com',
			createdAt: NOW,
			optedOut: false,
		});
		expect(env.emulator.store.listsOf('jane@example.com')).toEqual([]);
	});

	it('ids are deterministic, stay 20 digits and text above 2^64', async () => {
		env.emulator.store.nextTransactionId = '18446744073709551610';
		const id = (await post('/mailer', { promotion_name: RECEIPT, recipient: 'a@example.com' }))
			.text;
		const next = (await post('/mailer', { promotion_name: RECEIPT, recipient: 'a@example.com' }))
			.text;
		expect(id).toBe('18446744073709551610');
		expect(BigInt(next) > 2n ** 64n).toBe(true);
		expect(next).toMatch(/^\d{20}$/);
		expect((await get(`/mailers/status/${next}`)).text).toBe('sent');
		env.emulator.store.nextTransactionId = '99999999999999999999';
		expect(
			(await post('/mailer', { promotion_name: RECEIPT, recipient: 'a@example.com' })).text,
		).toBe('99999999999999999999');
		expect(env.emulator.store.nextTransactionId).toMatch(/^1\d{19}$/);
		env.emulator.reset();
		const first = (await post('/mailer', { promotion_name: RECEIPT, recipient: 'a@example.com' }))
			.text;
		env.emulator.reset();
		expect(
			(await post('/mailer', { promotion_name: RECEIPT, recipient: 'a@example.com' })).text,
		).toBe(first);
	});

	it('counts in transactional_count for its promotion and day', async () => {
		expect(await receiptCount()).toBe('42');
		await post('/mailer', { promotion_name: RECEIPT, recipient: 'a@example.com' });
		await post('/mailer', { promotion_name: RECEIPT, recipient: 'b@example.com' });
		expect(await receiptCount()).toBe('44');
		env.emulator.clock.set(Date.UTC(2024, 5, 5, 0, 0, 1));
		await post('/mailer', { promotion_name: RECEIPT, recipient: 'a@example.com' });
		expect([await receiptCount(), await receiptCount('2024-06-05')]).toEqual(['44', '1']);
	});

	it('check_suppressed=yes and an opted-out recipient: an id, nothing sent (status failed, not counted)', async () => {
		const skipped = await post('/mailer', {
			promotion_name: RECEIPT,
			recipient: 'dan.diaz@example.com',
			check_suppressed: 'yes',
		});
		expect(skipped.status).toBe(200);
		expect((await get(`/mailers/status/${skipped.text}`)).text).toBe('failed');
		expect(await receiptCount()).toBe('42');
		// without the check, a transactional email goes out
		const sent = await post('/mailer', {
			promotion_name: RECEIPT,
			recipient: 'dan.diaz@example.com',
			check_suppressed: 'no',
		});
		expect((await get(`/mailers/status/${sent.text}`)).text).toBe('sent');
		// the check and someone who did not opt out
		const fine = await post('/mailer', {
			promotion_name: RECEIPT,
			recipient: 'ann.archer@example.com',
			check_suppressed: 'true',
		});
		expect((await get(`/mailers/status/${fine.text}`)).text).toBe('sent');
		expect(await receiptCount()).toBe('44');
	});

	it('an unknown promotion: 409 without raw content, created with raw content (HTML with the beacon, or plain text)', async () => {
		expect(
			await post('/mailer', { promotion_name: 'Welcome', recipient: 'a@example.com' }),
		).toEqual({ status: 409, text: 'You do not have a promotion named Welcome.', type: TEXT });
		expect(env.emulator.store.transactions).toEqual([]);
		expect(
			(
				await post('/mailer', {
					promotion_name: 'Welcome',
					recipient: 'a@example.com',
					raw_html: '<p>Hi [[peek_image]]</p>',
				})
			).status,
		).toBe(200);
		const welcome = env.emulator.store.findPromotionByName('Welcome');
		expect(welcome).toMatchObject({
			id: 26,
			rawHtml: '<p>Hi [[peek_image]]</p>',
			updatedAt: NOW,
			hidden: false,
		});
		expect((await get('/promotions.xml')).text).toContain('<promotion name="Welcome" id="26"');
		expect(
			(
				await post('/mailer', {
					promotion_name: 'Plain',
					recipient: 'a@example.com',
					raw_plain_text: 'Hi',
					hidden: 'on',
				})
			).status,
		).toBe(200);
		expect(env.emulator.store.findPromotionByName('Plain')).toMatchObject({
			rawPlainText: 'Hi',
			hidden: true,
		});
		// an existing promotion with raw content: sent, and the promotion's content replaced by it
		// (the Mailer's documentation: "create or update the promotion")
		expect(
			(
				await post('/mailer', {
					promotion_name: 'Welcome',
					recipient: 'a@example.com',
					raw_html: '<p>Other [[tracking_beacon]]</p>',
				})
			).status,
		).toBe(200);
		expect(env.emulator.store.findPromotionByName('Welcome')).toMatchObject({
			rawHtml: '<p>Other [[tracking_beacon]]</p>',
			rawPlainText: undefined,
			updatedAt: NOW,
		});
	});

	it('refuses, before any change: raw HTML without the beacon, no promotion name, no or a bad recipient', async () => {
		expect(
			await post('/mailer', {
				promotion_name: 'Welcome',
				recipient: 'a@example.com',
				raw_html: '<p>Hi</p>',
			}),
		).toEqual({
			status: 400,
			text: 'Your HTML must contain [[tracking_beacon]] or [[peek_image]].',
			type: TEXT,
		});
		expect(env.emulator.store.findPromotionByName('Welcome')).toBeUndefined();
		expect(await post('/mailer', { recipient: 'a@example.com' })).toEqual({
			status: 400,
			text: 'Promotion name is required',
			type: TEXT,
		});
		expect(await post('/mailer', { promotion_name: RECEIPT })).toEqual({
			status: 400,
			text: 'Recipient is required',
			type: TEXT,
		});
		expect(
			await post('/mailer', { promotion_name: RECEIPT, recipient: 'Jane <not-an-address>' }),
		).toEqual({
			status: 400,
			text: 'Invalid recipient: Jane <not-an-address>',
			type: TEXT,
		});
		expect(
			(
				await post('/mailer', {
					promotion_name: RECEIPT,
					recipient: 'a@example.com, b@example.com',
				})
			).status,
		).toBe(400);
		expect(env.emulator.store.transactions).toEqual([]);
		expect(await receiptCount()).toBe('42');
	});

	it('list_names (one CSV row) puts the recipient, created when missing, on those lists; an unknown list: 400, nothing done', async () => {
		env.emulator.store.createList('Friends, family');
		const r = await post('/mailer', {
			promotion_name: RECEIPT,
			recipient: 'Nia New <nia@example.com>',
			list_names: 'Newsletter,"Friends, family"',
		});
		expect(r.status).toBe(200);
		expect(env.emulator.store.getMember('nia@example.com')?.createdAt).toBe(NOW);
		expect(env.emulator.store.listsOf('nia@example.com').map((l) => l.name)).toEqual([
			'Newsletter',
			'Friends, family',
		]);
		expect(
			env.emulator.store.lists.get('Friends, family')?.membershipCreatedAt.get('nia@example.com'),
		).toBe(NOW);
		expect(
			await post('/mailer', {
				promotion_name: RECEIPT,
				recipient: 'zed@example.com',
				list_names: 'Newsletter,Nope',
			}),
		).toEqual({
			status: 400,
			text: 'List Nope does not exist',
			type: TEXT,
		});
		expect(env.emulator.store.getMember('zed@example.com')).toBeUndefined();
		expect(env.emulator.store.transactions).toHaveLength(1);
	});
});

describe('the placeholders (body) read under YAML 1.1', () => {
	const BODY = [
		'yes_plain: yes',
		'yes_quoted: "yes"',
		'on_plain: on',
		"on_quoted: 'on'",
		'time_plain: 10:30',
		'time_quoted: "10:30"',
		'octal_plain: 0777',
		'octal_quoted: "0777"',
		'date_plain: 2014-09-05',
		'date_quoted: "2014-09-05"',
		'thousand_plain: 1_000',
		'name: Jane',
		'',
	].join('\n');

	it('unquoted values arrive as YAML 1.1 reads them, quoted ones as the text typed', async () => {
		const id = (
			await post('/mailer', { promotion_name: RECEIPT, recipient: 'a@example.com', body: BODY })
		).text;
		const t = env.emulator.store.transactions.find((x) => x.id === id);
		expect(t?.placeholders).toEqual({
			yes_plain: true,
			yes_quoted: 'yes',
			on_plain: true,
			on_quoted: 'on',
			time_plain: 630,
			time_quoted: '10:30',
			octal_plain: 511,
			octal_quoted: '0777',
			date_plain: new Date(Date.UTC(2014, 8, 5)),
			date_quoted: '2014-09-05',
			thousand_plain: 1000,
			name: 'Jane',
		});
		expect(t?.params.body).toBe(BODY);
	});

	it('the same for sends to lists; --- {} and an empty body: no placeholder; no body: none stored', async () => {
		await post('/mailer/to_list', {
			promotion_name: 'Spring sale',
			list_name: 'Newsletter',
			body: 'code: "0777"\nwhen: 10:30\n',
		});
		expect(env.emulator.store.sends[0].placeholders).toEqual({ code: '0777', when: 630 });
		expect(readPlaceholders('--- {}\n')).toEqual({});
		expect(readPlaceholders('')).toEqual({});
		expect(readPlaceholders(undefined)).toBeUndefined();
		await post('/mailer', { promotion_name: RECEIPT, recipient: 'a@example.com' });
		expect('placeholders' in env.emulator.store.transactions[0]).toBe(false);
		expect(readPlaceholders('a: 1\na: 2\n')).toEqual({ a: 2 });
	});

	it('a body that is not YAML, or not a mapping: 400, nothing sent', async () => {
		const bad = await post('/mailer', {
			promotion_name: RECEIPT,
			recipient: 'a@example.com',
			body: 'name: [unclosed',
		});
		expect(bad.status).toBe(400);
		expect(bad.text).toMatch(/^The body is not valid YAML: /);
		expect(
			await post('/mailer', {
				promotion_name: RECEIPT,
				recipient: 'a@example.com',
				body: '- a\n- b\n',
			}),
		).toEqual({
			status: 400,
			text: 'The body must be a YAML hash of placeholders',
			type: TEXT,
		});
		expect(
			(await post('/mailer/to_all', { promotion_name: 'Spring sale', body: 'just text' })).status,
		).toBe(400);
		expect(env.emulator.store.transactions).toEqual([]);
		expect(env.emulator.store.sends).toEqual([]);
	});
});

// ====================================================================== GET /mailers/status

describe('GET /mailers/status/{id}', () => {
	it('a new transaction is sent; the store sets any recorded status; unknown: 410 Not Found', async () => {
		const id = (await post('/mailer', { promotion_name: RECEIPT, recipient: 'a@example.com' }))
			.text;
		expect(await get(`/mailers/status/${id}`)).toEqual({ status: 200, text: 'sent', type: TEXT });
		for (const status of MAILER_STATUSES) {
			env.emulator.store.setTransactionStatus(id, status);
			expect((await get(`/mailers/status/${id}`)).text).toBe(status);
		}
		expect(MAILER_STATUSES).toEqual([
			'ignorant',
			'sending',
			'failed',
			'sent',
			'received',
			'clicked_through',
			'bounced',
			'retried',
			'retry_failed',
			'forwarded',
			'opted_out',
			'abused',
		]);
		expect(() => env.emulator.store.setTransactionStatus(id, 'delivered' as never)).toThrow(
			/Unknown mailer status/,
		);
		expect(() => env.emulator.store.setTransactionStatus('123', 'sent')).toThrow(/No transaction/);
		expect(await get('/mailers/status/12345678901234567890')).toEqual({
			status: 410,
			text: 'Not Found',
			type: TEXT,
		});
		expect(await get(`/mailer/status/${id}`)).toEqual({ status: 404, text: ' ', type: TEXT });
	});

	it('a control endpoint sets the status too', async () => {
		const id = (await post('/mailer', { promotion_name: RECEIPT, recipient: 'a@example.com' }))
			.text;
		const control = await fetch(`${env.emulator.baseUrl}/__emulator/transaction-status`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ id, status: 'bounced' }),
		});
		expect(await control.json()).toEqual({ ok: true, id, status: 'bounced' });
		expect((await get(`/mailers/status/${id}`)).text).toBe('bounced');
		const bad = await fetch(`${env.emulator.baseUrl}/__emulator/transaction-status`, {
			method: 'POST',
			body: JSON.stringify({ id, status: 'lost' }),
		});
		expect(bad.status).toBe(400);
	});
});

// ====================================================================== POST /mailer/to_list and /mailer/to_all

describe('POST /mailer/to_list', () => {
	it('a new mailing of the promotion to the lists (CSV row, commas quoted): each member once, opted-out members left out', async () => {
		env.emulator.store.createList('Friends, family');
		env.emulator.store.addMember('ann.archer@example.com', { lists: ['Friends, family'] });
		env.emulator.store.addMember('zoe@example.com', {
			lists: ['Friends, family'],
			fields: { first_name: 'Zoe' },
		});
		env.emulator.store.nextMailingId = 122048588;
		const r = await post('/mailer/to_list', {
			promotion_name: 'Spring sale',
			list_name: 'VIP Customers,"Friends, family"',
			subject: 'Spring, again',
			from: 'shop@example.com',
		});
		expect(r).toEqual({ status: 200, text: '122048588', type: TEXT });
		const send = env.emulator.store.sends[0];
		expect(send).toEqual({
			mailingId: 122048588,
			promotionName: 'Spring sale',
			audience: ['VIP Customers', 'Friends, family'],
			params: {
				promotion_name: 'Spring sale',
				list_name: 'VIP Customers,"Friends, family"',
				subject: 'Spring, again',
				from: 'shop@example.com',
			},
			recipients: [
				'ann.archer@example.com',
				'eve.evans@example.com',
				'hugo.hill@example.com',
				'zoe@example.com',
			],
			at: NOW,
		});

		env.emulator.dateStyle = 'UTC';
		const promotions = (await get('/promotions.xml', { page: '2' })).text;
		expect(promotions).toContain(
			'  <mailing id="122048588" subject="Spring, again" count="4">\n' +
				'    <started_send>2024-06-04 15:30:00 UTC</started_send>\n' +
				'    <finished_send>2024-06-04 15:30:00 UTC</finished_send>\n' +
				'  </mailing>\n' +
				'</promotion>',
		);
		const stats = (
			await get(`/promotions/${DEMO_IDS.promotions.springSale}/mailings/122048588.xml`)
		).text;
		expect(stats).toContain('<mailing all_audience="false">\n  <sent>4</sent>\n  <views>0</views>');
		const sent = (
			await get(`/promotions/${DEMO_IDS.promotions.springSale}/mailings/122048588/sent.xml`)
		).text;
		expect(sent.match(/<email>[^<]+<\/email>/g)).toEqual(
			send.recipients.map((e) => `<email>${e}</email>`),
		);
		expect(sent).toContain('<first_name>Zoe</first_name>');
	});

	it('list_names is the same; members of an opted-out list member are left out; an empty list gives a mailing of 0', async () => {
		const r = await post('/mailer/to_list', {
			promotion_name: 'Spring sale',
			list_names: 'Newsletter',
		});
		expect(env.emulator.store.sends[0].recipients).toEqual([
			'ann.archer@example.com',
			'ben.baker@example.com',
			'cara.cole@example.com',
			'finn.fox@example.com',
			'gia.grant@example.com',
			'kim.kato@example.com',
		]);
		expect(
			env.emulator.store.getMailing(DEMO_IDS.promotions.springSale, Number(r.text))?.stats.sent,
		).toBe(6);
		env.emulator.store.createList('Empty');
		const none = await post('/mailer/to_list', {
			promotion_name: 'Spring sale',
			list_name: 'Empty',
		});
		expect(none.status).toBe(200);
		expect(
			env.emulator.store.getMailing(DEMO_IDS.promotions.springSale, Number(none.text))?.stats.sent,
		).toBe(0);
	});

	it('prevent_resend=yes leaves out whoever received the promotion before', async () => {
		await post('/mailer/to_list', { promotion_name: 'Spring sale', list_name: 'VIP Customers' });
		env.emulator.store.addMember('new@example.com', {
			lists: ['VIP Customers', 'Beta testers (EU)'],
		});
		const again = await post('/mailer/to_list', {
			promotion_name: 'Spring sale',
			list_name: 'VIP Customers,Beta testers (EU)',
			prevent_resend: 'yes',
		});
		// ann, eve, hugo got the first send; cara and finn (with ann, ben, dan, eve) the seeded mailings 32 and 33
		expect(env.emulator.store.sends[1].recipients).toEqual([
			'new@example.com',
			'jon.jones@example.com',
		]);
		expect(
			env.emulator.store.getMailing(DEMO_IDS.promotions.springSale, Number(again.text))?.stats.sent,
		).toBe(2);
		await post('/mailer/to_list', {
			promotion_name: 'Spring sale',
			list_name: 'Newsletter',
			prevent_resend: 'true',
		});
		expect(env.emulator.store.sends[2].recipients).toEqual([
			'gia.grant@example.com',
			'kim.kato@example.com',
		]);
		// without it, everyone again
		await post('/mailer/to_list', {
			promotion_name: 'Spring sale',
			list_name: 'VIP Customers',
			prevent_resend: 'no',
		});
		expect(env.emulator.store.sends[3].recipients).toHaveLength(4);
	});

	it('refuses, before any change: no list, an unknown list, raw content without an unsubscribe link or HTML without the beacon, an unknown promotion', async () => {
		const mailings = (): number =>
			[...env.emulator.store.promotions.values()].reduce((n, p) => n + p.mailings.length, 0);
		const before = mailings();
		expect(await post('/mailer/to_list', { promotion_name: 'Spring sale' })).toEqual({
			status: 400,
			text: 'List name is required',
			type: TEXT,
		});
		expect(
			await post('/mailer/to_list', { promotion_name: 'Spring sale', list_name: ' , ' }),
		).toEqual({ status: 400, text: 'List name is required', type: TEXT });
		expect(
			await post('/mailer/to_list', {
				promotion_name: 'Spring sale',
				list_name: 'Newsletter,"No, such"',
			}),
		).toEqual({
			status: 400,
			text: 'List No, such does not exist',
			type: TEXT,
		});
		expect(
			await post('/mailer/to_list', {
				promotion_name: 'New one',
				list_name: 'Newsletter',
				raw_plain_text: 'Hello',
			}),
		).toEqual({
			status: 400,
			text: 'Your promotion must contain an [[unsubscribe]] or [[opt_out]] link.',
			type: TEXT,
		});
		expect(
			(
				await post('/mailer/to_list', {
					promotion_name: 'New one',
					list_name: 'Newsletter',
					raw_html: '<p>[[tracking_beacon]]</p>',
					raw_plain_text: 'x [[opt_out]]',
				})
			).status,
		).toBe(400);
		expect(
			(
				await post('/mailer/to_list', {
					promotion_name: 'New one',
					list_name: 'Newsletter',
					raw_html: '<p>[[unsubscribe]]</p>',
				})
			).text,
		).toBe('Your HTML must contain [[tracking_beacon]] or [[peek_image]].');
		expect(
			await post('/mailer/to_list', { promotion_name: 'New one', list_name: 'Newsletter' }),
		).toEqual({
			status: 409,
			text: 'You do not have a promotion named New one.',
			type: TEXT,
		});
		expect(await post('/mailer/to_list', { list_name: 'Newsletter' })).toEqual({
			status: 400,
			text: 'Promotion name is required',
			type: TEXT,
		});
		expect([
			mailings(),
			env.emulator.store.sends.length,
			env.emulator.store.findPromotionByName('New one'),
		]).toEqual([before, 0, undefined]);
	});

	it('with raw content an unknown promotion is created and sent', async () => {
		const r = await post('/mailer/to_list', {
			promotion_name: 'New one',
			list_name: 'Beta testers (EU)',
			raw_html: HTML,
			subject: 'Hello',
		});
		const promotion = env.emulator.store.findPromotionByName('New one');
		expect(promotion?.rawHtml).toBe(HTML);
		expect(promotion?.mailings.map((m) => [m.id, m.subject, m.stats.sent])).toEqual([
			[Number(r.text), 'Hello', 4],
		]);
	});
});

describe('POST /mailer/to_all', () => {
	it('a mailing to every member who did not opt out (all_audience true), the subject defaulting to the promotion name', async () => {
		const r = await post('/mailer/to_all', {
			promotion_name: 'Weekly digest',
			raw_plain_text: 'News [[opt_out]]',
		});
		expect(r.status).toBe(200);
		const send = env.emulator.store.sends[0];
		expect(send.audience).toBe('all');
		expect([...send.recipients].sort()).toEqual(
			[...env.emulator.store.members.values()]
				.filter((m) => !m.optedOut)
				.map((m) => m.email)
				.sort(),
		);
		expect(send.recipients).toHaveLength(10);
		const mailing = env.emulator.store.getMailing(DEMO_IDS.promotions.weeklyDigest, Number(r.text));
		expect([
			mailing?.subject,
			mailing?.allAudience,
			mailing?.stats.sent,
			mailing?.startedSend,
			mailing?.finishedSend,
		]).toEqual(['Weekly digest', true, 10, NOW, NOW]);
		expect(
			(await get(`/promotions/${DEMO_IDS.promotions.weeklyDigest}/mailings/${r.text}.xml`)).text,
		).toContain('<mailing all_audience="true">\n  <sent>10</sent>');
		// the existing promotion's content is replaced by the raw content sent (the Mailer's documentation)
		expect(env.emulator.store.promotions.get(DEMO_IDS.promotions.weeklyDigest)?.rawPlainText).toBe(
			'News [[opt_out]]',
		);
	});

	it('prevent_resend: the 12 demo members got Weekly digest mailing 34, so nobody; unknown promotion without raw content: 409', async () => {
		const r = await post('/mailer/to_all', {
			promotion_name: 'Weekly digest',
			prevent_resend: '1',
		});
		expect(
			env.emulator.store.getMailing(DEMO_IDS.promotions.weeklyDigest, Number(r.text))?.stats.sent,
		).toBe(0);
		expect(await post('/mailer/to_all', { promotion_name: 'Nope' })).toEqual({
			status: 409,
			text: 'You do not have a promotion named Nope.',
			type: TEXT,
		});
		const hidden = await post('/mailer/to_all', {
			promotion_name: 'Nope',
			raw_plain_text: '[[unsubscribe]]',
			hidden: 'yes',
		});
		expect(hidden.status).toBe(200);
		expect(env.emulator.store.findPromotionByName('Nope')?.hidden).toBe(true);
	});
});

describe('the state and the helpers', () => {
	it('GET /__emulator/state holds the transactions (ids as text) and the sends; the summary counts them', async () => {
		const id = (
			await post('/mailer', {
				promotion_name: RECEIPT,
				recipient: 'a@example.com',
				body: 'when: 2014-09-05',
			})
		).text;
		await post('/mailer/to_list', { promotion_name: 'Spring sale', list_name: 'VIP Customers' });
		const state = (await (await fetch(`${env.emulator.baseUrl}/__emulator/state`)).json()) as {
			transactions: { id: string; placeholders: unknown }[];
			sends: { recipients: string[] }[];
			nextIds: { transaction: string };
		};
		expect(state.transactions.map((t) => [t.id, t.placeholders])).toEqual([
			[id, { when: '2014-09-05T00:00:00.000Z' }],
		]);
		expect(state.sends[0].recipients).toHaveLength(3);
		expect(state.nextIds.transaction).toMatch(/^\d{20}$/);
		const summary = (await (
			await fetch(`${env.emulator.baseUrl}/__emulator/summary`)
		).json()) as Record<string, unknown>;
		expect([summary.transactions, summary.sends]).toEqual([1, 1]);
	});

	it('flags, recipients and list names as the Mailer reads them', () => {
		for (const yes of ['yes', 'YES', 'true', 'on', '1', ' True '])
			expect(mailerFlag(yes, false)).toBe(true);
		for (const no of ['no', 'false', 'off', '0', 'maybe']) expect(mailerFlag(no, true)).toBe(false);
		expect([mailerFlag(undefined, true), mailerFlag('', false)]).toEqual([true, false]);
		expect(parseRecipient('Jane Doe <jane@example.com>')).toEqual({
			email: 'jane@example.com',
			name: 'Jane Doe',
		});
		expect(parseRecipient('"Doe, Jane" <jane@example.com>')).toEqual({
			email: 'jane@example.com',
			name: 'Doe, Jane',
		});
		expect(parseRecipient(' <jane@example.com> ')).toEqual({ email: 'jane@example.com' });
		expect(parseRecipient('jane@example.com')).toEqual({ email: 'jane@example.com' });
		expect(parseRecipient('jane')).toBeUndefined();
		expect(readListNames('list 1,"Friends, family", list 1 ,')).toEqual([
			'list 1',
			'Friends, family',
		]);
		expect(readListNames('"say ""hi"""')).toEqual(['say "hi"']);
		expect(readListNames(undefined)).toEqual([]);
	});
});
