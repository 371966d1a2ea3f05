/**
 * The Mailer's transactional emails (POST /mailer): their state, their placeholders read under
 * YAML 1.1, their status (GET /mailers/status/{id}). Sends to lists or to everyone:
 * mailerSends.test.ts. The recorded answers themselves are proven in recordedText.test.ts.
 */
import { DEMO_IDS, MAILER_STATUSES, readPlaceholders } from '../../emulator';
import { TEXT_TYPE as TEXT } from '../../emulator/render';
import { useDemoEmulator } from '../support/emulatorClient';

const NOW = Date.UTC(2024, 5, 4, 15, 30, 0); // a day the demo has 42 transactional emails of API: Receipt

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
