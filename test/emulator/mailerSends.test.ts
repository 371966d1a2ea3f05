/**
 * The Mailer's sends to lists or to everyone (POST /mailer/to_list, /mailer/to_all): the mailings
 * they create, visible in the promotions document and the statistics, and who they leave out;
 * the state they leave, and how the Mailer reads flags, recipients and list names. Transactional
 * emails: mailer.test.ts.
 */
import { DEMO_IDS, mailerFlag, parseRecipient, readListNames } from '../../emulator';
import { TEXT_TYPE as TEXT } from '../../emulator/render';
import { useDemoEmulator } from '../support/emulatorClient';

const NOW = Date.UTC(2024, 5, 4, 15, 30, 0);
const HTML = '<html><body>Hi [[tracking_beacon]] [[unsubscribe]]</body></html>';
const RECEIPT = 'API: Receipt';

const env = useDemoEmulator(NOW);
const { get, post } = env;

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
