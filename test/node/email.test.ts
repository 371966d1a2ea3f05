/**
 * Email → Send (one transactional email: the recipient, placeholders as YAML, content, options,
 * what is refused before any request) and Email → Get Status of the email sent. Promotion → Send
 * to lists or to everyone: promotionSend.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runNode } from '../harness';
import {
	answerOnce,
	each,
	itemsOf,
	nodeParams,
	refusedBeforeAnyRequest,
	useEmulator,
} from './setup';
import { placeholders } from './sendSupport';

const env = useEmulator();

const send = (extra: IDataObject = {}): INodeParameters =>
	nodeParams('email', 'send', {
		promotionName: 'Weekly digest',
		recipient: 'jane@example.com',
		...extra,
	}) as INodeParameters;
const TRACKED_HTML = '<html><body><p>Hello {first_name}</p>[[tracking_beacon]]</body></html>';
/** The first email the emulator was asked to send (POST /mailer). */
const mailerRequest = () => {
	const found = env.emulator.requests.find((r) => r.rawPath === '/mailer');
	if (!found) throw new Error('no POST /mailer was received');
	return found;
};

describe('email.send', () => {
	test('one email to one recipient with a display name, from a saved promotion: the 20-digit transaction ID stays text', async () => {
		const items = await itemsOf({
			parameters: send({
				recipient: 'Jane Doe <jane@example.com>',
				subject: 'Welcome!',
				from: 'Shop <shop@example.com>',
			}),
		});
		const [transaction] = env.emulator.store.transactions;
		expect(transaction.id).toMatch(/^\d{20}$/);
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			transactionId: transaction.id,
			recipient: 'Jane Doe <jane@example.com>',
			promotionName: 'Weekly digest',
			addedToLists: [],
			skipped: false,
			reason: null,
			promotionAttempt: null,
		});
		expect(typeof items[0].json.transactionId).toBe('string');
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(transaction.recipient).toEqual({ email: 'jane@example.com', name: 'Jane Doe' });
		// Skip If Opted Out is on unless turned off: the node asks first, then Mad Mimi checks too
		expect(env.emulator.requests.map((r) => [r.effectiveMethod, r.rawPath])).toEqual([
			['GET', '/audience_members/jane%40example.com/is_suppressed'],
			['POST', '/mailer'],
		]);
		expect(mailerRequest().params).toEqual({
			promotion_name: 'Weekly digest',
			recipient: 'Jane Doe <jane@example.com>',
			subject: 'Welcome!',
			from: 'Shop <shop@example.com>',
			check_suppressed: 'yes',
		});
	});

	test('Recipient Name: a mapped first name is shown with the address; one with a comma is quoted; empty leaves the address alone', async () => {
		const input = [
			{ json: { email: 'sam@example.com', first: 'Sam' } },
			{ json: { email: 'jo@example.com', first: 'Doe, Jo' } },
			{ json: { email: 'al@example.com', first: '' } },
		];
		const items = await itemsOf(
			{
				parameters: send({
					recipient: '={{ $json.email }}',
					options: { recipientName: '={{ $json.first }}' },
				}),
			},
			input,
		);
		expect(items.map((i) => i.json.recipient)).toEqual([
			'Sam <sam@example.com>',
			'"Doe, Jo" <jo@example.com>',
			'al@example.com',
		]);
		expect(env.emulator.store.transactions.map((t) => t.recipient)).toEqual([
			{ email: 'sam@example.com', name: 'Sam' },
			{ email: 'jo@example.com', name: 'Doe, Jo' },
			{ email: 'al@example.com' },
		]);
	});

	test('placeholders arrive as the text typed, under YAML 1.1: yes, 10:30, 0777, dates, colons, quotes, #, new lines, non-ASCII', async () => {
		const values = {
			first_name: 'Zoë',
			answer: 'yes',
			switch: 'on',
			time: '10:30',
			mode: '0777',
			big: '1_000',
			day: '2014-09-05',
			note: 'a: b # not a comment',
			quote: 'She said "hi" and \'bye\'',
			lines: 'line one\nline two',
			empty: '',
			yes: 'a key that YAML 1.1 reads as true',
			emoji: '日本 ✓ 🎉',
		};
		const items = await itemsOf({
			parameters: send({ placeholders: placeholders(values) }),
		});
		expect(items).toHaveLength(1);
		const [transaction] = env.emulator.store.transactions;
		expect(transaction.placeholders).toEqual(values);
		expect(mailerRequest().params.body).toContain('"answer": "yes"');
	});

	test('mapped placeholder values (numbers, booleans) are sent as their text', async () => {
		await itemsOf(
			{
				parameters: send({
					placeholders: {
						placeholder: [
							{ name: 'count', value: '={{ $json.count }}' },
							{ name: 'vip', value: '={{ $json.vip }}' },
						],
					},
				}),
			},
			[{ json: { count: 3, vip: true } }],
		);
		expect(env.emulator.store.transactions[0].placeholders).toEqual({ count: '3', vip: 'true' });
	});

	test('raw HTML and plain text: a new promotion is created by the send', async () => {
		const items = await itemsOf({
			parameters: send({
				saveAsPromotion: 'Welcome (n8n)',
				contentSource: 'htmlAndPlainText',
				rawHtml: TRACKED_HTML,
				rawPlainText: 'Hello {first_name}',
			}),
		});
		expect(items[0].json.promotionName).toBe('Welcome (n8n)');
		expect(mailerRequest().params).toMatchObject({
			raw_html: TRACKED_HTML,
			raw_plain_text: 'Hello {first_name}',
		});
		expect(env.emulator.store.findPromotionByName('Welcome (n8n)')).toBeDefined();
	});

	test('options: CC, BCC, Reply To, flags as yes/no, and lists sent as one CSV row (a name with a comma stays one name)', async () => {
		env.emulator.store.createList('Friends, family');
		const items = await itemsOf({
			parameters: send({
				options: {
					cc: 'boss@example.com',
					bcc: 'Archive <archive@example.com>',
					replyTo: 'help@example.com',
					checkSuppressed: true,
					trackLinks: false,
					trackViews: true,
					hidden: true,
					skipPlaceholders: false,
					addToLists: ['Newsletter', 'Friends, family'],
				},
			}),
		});
		expect(mailerRequest().params).toMatchObject({
			cc: 'boss@example.com',
			bcc: 'Archive <archive@example.com>',
			reply_to: 'help@example.com',
			check_suppressed: 'yes',
			track_links: 'no',
			track_views: 'yes',
			hidden: 'yes',
			skip_placeholders: 'no',
			list_names: 'Newsletter,"Friends, family"',
		});
		expect(items[0].json.addedToLists).toEqual(['Newsletter', 'Friends, family']);
		expect(
			env.emulator.store
				.listsOf('jane@example.com')
				.map((l) => l.name)
				.sort(),
		).toEqual(['Friends, family', 'Newsletter']);
	});

	refusedBeforeAnyRequest(env, [
		...(
			[
				[
					'a recipient that is not an address',
					{ recipient: 'jane at example.com' },
					'The field "Recipient" is not a valid email address: "jane at example.com"',
				],
				['an empty recipient', { recipient: '  ' }, 'The field "Recipient" is empty'],
				[
					'a name without an address',
					{ recipient: 'Jane Doe <>' },
					'The field "Recipient" is not a valid email address: "Jane Doe <>"',
				],
				[
					'an empty promotion name (mapped)',
					{ promotionName: "={{ '' }}" },
					'The field "Promotion" is empty',
				],
				[
					'HTML without [[tracking_beacon]]',
					{ contentSource: 'html', saveAsPromotion: 'Own', rawHtml: '<p>Hi</p>' },
					'The field "HTML" has no [[tracking_beacon]]',
				],
				[
					'an empty HTML (mapped)',
					{ contentSource: 'html', saveAsPromotion: 'Own', rawHtml: '={{ $json.nothing }}' },
					'The field "HTML" is empty',
				],
				[
					'a sender that is not an address',
					{ from: 'shop' },
					'The field "From" is not a valid email address: "shop"',
				],
				[
					'a BCC that is not an address',
					{ options: { bcc: 'x@' } },
					'The field "BCC" is not a valid email address: "x@"',
				],
				[
					'a placeholder without a name',
					{ placeholders: { placeholder: [{ name: ' ', value: 'x' }] } },
					'Placeholder 1: the field "Name" is empty',
				],
				[
					'a placeholder given twice',
					{
						placeholders: {
							placeholder: [
								{ name: 'a', value: '1' },
								{ name: 'a', value: '2' },
							],
						},
					},
					'The placeholder "a" is given twice',
				],
				[
					'half of an emoji',
					{ placeholders: placeholders({ first_name: 'Jane \ud83d' }) },
					'The placeholder "first_name" holds a broken character (half of an emoji or symbol)',
				],
			] as const
		).map(([name, extra, message]) => ({ name, parameters: send(extra), message })),
	]);

	test('[[peek_image]] is accepted in place of [[tracking_beacon]]', async () => {
		const { error } = await runNode({
			parameters: send({
				saveAsPromotion: 'Peek',
				contentSource: 'html',
				rawHtml: '<p>Hi</p>[[peek_image]]',
			}),
		});
		expect(error).toBeUndefined();
	});

	test('an unknown promotion with no content of its own (409): a message that says what to do, no key anywhere', async () => {
		const { error } = await runNode({ parameters: send({ promotionName: 'Nope' }) });
		expect(error?.message).toBe('Mad Mimi has no promotion named "Nope"');
		expect(error?.description).toContain('Content Source');
		expect(error?.description).toContain('You do not have a promotion named Nope.');
		expect((error as { httpCode?: string }).httpCode).toBe('409');
		expect(
			JSON.stringify({ message: error?.message, description: error?.description }),
		).not.toContain('demo-key');
	});

	test('continueOnFail: three sends, the second with a bad recipient gives its error item, the others are sent', async () => {
		const { items, error } = await runNode(
			{ parameters: send({ recipient: '={{ $json.to }}' }), continueOnFail: true },
			each('to', 'a@example.com', 'not-an-address', 'c@example.com'),
		);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.transactionId).toBe(env.emulator.store.transactions[0].id);
		expect(items[1].json.error).toBe(
			'The field "Recipient" is not a valid email address: "not-an-address"',
		);
		expect(items[2].json.transactionId).toBe(env.emulator.store.transactions[1].id);
		expect(env.emulator.store.transactions.map((t) => t.recipient.email)).toEqual([
			'a@example.com',
			'c@example.com',
		]);
	});

	test('without continueOnFail a bad item fails the run before anyone is emailed, naming the item', async () => {
		const { error } = await runNode(
			{ parameters: send({ recipient: '={{ $json.to }}' }) },
			each('to', 'a@example.com', 'b@example.com', 'x', 'c@example.com'),
		);
		expect(error?.message).toBe('The field "Recipient" is not a valid email address: "x"');
		expect(error?.context?.itemIndex).toBe(2);
		expect(env.emulator.store.transactions).toHaveLength(0);
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('a run stopped part-way by Mad Mimi says how many went out, and that a Retry finishes it', async () => {
		answerOnce(env.emulator, 'POST', '/mailer', 2, 400, 'Something is wrong');
		const { error } = await runNode(
			{ parameters: send({ recipient: '={{ $json.to }}' }) },
			each('to', 'a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'),
		);
		expect(error?.context?.itemIndex).toBe(2);
		expect(env.emulator.store.transactions).toHaveLength(2);
		expect(error?.description).toContain('2 of 4 emails went out before it');
		expect(error?.description).toContain("retry this execution from n8n's Executions list");
		expect(error?.description).toContain('Execute workflow');
	});

	test('an unknown list in Add Recipient to Lists: the message every list error gives, before anyone is emailed', async () => {
		const { error } = await runNode({
			parameters: send({ options: { addToLists: ['Newsleter'] } }),
		});
		expect(error?.message).toBe('Mad Mimi has no list named "Newsleter"');
		expect(error?.description).toContain('Pick the list from the dropdown');
		expect(env.emulator.store.transactions).toHaveLength(0);
	});

	test('an opted-out recipient is not emailed, and the item says why; with Skip If Opted Out off, the email goes', async () => {
		env.emulator.store.optOut('gone@example.com', Date.now());
		const skipped = await runNode({ parameters: send({ recipient: 'gone@example.com' }) });
		expect(skipped.error).toBeUndefined();
		expect(skipped.items[0].json).toMatchObject({
			transactionId: null,
			skipped: true,
			addedToLists: [],
			promotionAttempt: null,
		});
		expect(skipped.items[0].json.reason).toContain('gone@example.com has opted out');
		expect(env.emulator.store.transactions).toHaveLength(0);
		const sent = await runNode({
			parameters: send({ recipient: 'gone@example.com', options: { checkSuppressed: false } }),
		});
		expect(sent.items[0].json).toMatchObject({ skipped: false, reason: null });
		expect(env.emulator.store.transactions).toHaveLength(1);
	});
});

describe('email.getStatus', () => {
	const status = (transactionId: unknown): INodeParameters =>
		({ resource: 'email', operation: 'getStatus', transactionId }) as INodeParameters;

	test('the status of a sent email, its ID mapped from the send as text', async () => {
		const sent = await runNode({ parameters: send() });
		const transactionId = sent.items[0].json.transactionId as string;
		env.emulator.clearRequests();
		const items = await itemsOf({ parameters: status('={{ $json.transactionId }}') }, [
			{ json: { transactionId } },
		]);
		expect(items.map((i) => i.json)).toEqual([{ transactionId, status: 'sent' }]);
		expect(env.emulator.requests.map((r) => r.rawPath)).toEqual([
			`/mailers/status/${transactionId}`,
		]);

		env.emulator.store.setTransactionStatus(transactionId, 'bounced');
		const later = await runNode({ parameters: status(transactionId) });
		expect(later.items[0].json.status).toBe('bounced');
	});

	test('an unknown transaction (410): a message naming it', async () => {
		const { error } = await runNode({ parameters: status('12345678901234567890') });
		expect(error?.message).toBe(
			'Mad Mimi has no email with the transaction ID 12345678901234567890',
		);
		expect((error as { httpCode?: string }).httpCode).toBe('410');
	});

	refusedBeforeAnyRequest(env, [
		{
			name: 'an empty ID (mapped)',
			parameters: status('={{ $json.missing }}'),
			message: 'The field "Transaction ID" is empty',
		},
		{
			name: 'an ID not of digits',
			parameters: status('abc-123'),
			message: 'The field "Transaction ID" is not a transaction ID: "abc-123"',
		},
		{
			name: 'an ID mapped as a number (it has lost its last digits)',
			parameters: status('={{ Number($json.id) }}'),
			input: [{ json: { id: '10199230844895592240' } }],
			message: 'The field "Transaction ID" was given as a number and has lost its last digits',
		},
	]);
});

describe('placeholders the YAML writer must not trip on', () => {
	const send = (placeholder: IDataObject[]) =>
		nodeParams('email', 'send', {
			promotionName: 'Weekly digest',
			recipient: 'jane@example.com',
			placeholders: { placeholder },
		}) as INodeParameters;

	test('names such as constructor and __proto__ are placeholders like any other', async () => {
		await itemsOf({
			parameters: send([
				{ name: 'constructor', value: 'yes' },
				{ name: '__proto__', value: '10:30' },
			]),
		});
		expect(env.emulator.store.transactions[0].placeholders).toEqual({
			constructor: 'yes',
			['__proto__']: '10:30',
		});
	});
});

describe('email.send with its own content: Save As Promotion', () => {
	const own = (extra: IDataObject = {}): INodeParameters =>
		nodeParams('email', 'send', {
			contentSource: 'html',
			saveAsPromotion: 'Weekly digest',
			rawHtml: TRACKED_HTML,
			recipient: '={{ $json.email }}',
			...extra,
		}) as INodeParameters;
	const designOf = (name: string) => env.emulator.store.findPromotionByName(name)?.rawHtml;

	test('a promotion picked before switching to HTML is not carried over: Save As Promotion is a field of its own', async () => {
		// the saved promotion stays in promotionName, which own content never reads
		await itemsOf(
			{
				parameters: own({
					saveAsPromotion: 'Order confirmation (n8n)',
					promotionName: { __rl: true, mode: 'list', value: 'Weekly digest' },
				}),
			},
			[{ json: { email: 'jane@example.com' } }],
		);
		expect(designOf('Weekly digest')).toBeUndefined();
		expect(designOf('Order confirmation (n8n)')).toBe(TRACKED_HTML);
	});

	test('the name of an existing promotion is refused before anyone is emailed, naming the option; its design is kept', async () => {
		const before = designOf('Weekly digest');
		const { error } = await runNode(
			{ parameters: own() },
			each('email', 'a@example.com', 'b@example.com'),
		);
		expect(error?.message).toBe('A promotion named "Weekly digest" already exists in Mad Mimi');
		expect(error?.description).toContain('Replace Existing Promotion');
		expect(error?.context?.itemIndex).toBe(0);
		expect(env.emulator.store.transactions).toHaveLength(0);
		expect(designOf('Weekly digest')).toBe(before);
	});

	test('with Replace Existing Promotion on, the send goes and the design is replaced', async () => {
		await itemsOf({ parameters: own({ options: { replaceExistingPromotion: true } }) }, [
			{ json: { email: 'a@example.com' } },
		]);
		expect(designOf('Weekly digest')).toBe(TRACKED_HTML);
	});

	test("a new name: the run's first email creates it, and every item of the run (and a second try of Retry On Fail) may use it", async () => {
		answerOnce(env.emulator, 'POST', '/mailer', 2, 400, 'Try again');
		const items = await itemsOf(
			{
				parameters: own({ saveAsPromotion: 'Receipt (n8n)', options: { checkSuppressed: false } }),
				retryOnFail: true,
				maxTries: 2,
			},
			each('email', 'a@example.com', 'b@example.com', 'c@example.com'),
		);
		expect(items.map((i) => i.json.skipped)).toEqual([false, false, false]);
		expect(env.emulator.store.transactions.map((t) => t.recipient.email)).toEqual([
			'a@example.com',
			'b@example.com',
			'c@example.com',
		]);
		// the existence of the name was asked once for the run, before the first email
		expect(
			env.emulator.requests.filter((r) => r.rawPath === '/promotions/search.xml'),
		).toHaveLength(1);
	});

	test('a second run under the name the first run created is refused unless the option is on', async () => {
		const params = own({ saveAsPromotion: 'Receipt (n8n)' });
		expect(
			(await runNode({ parameters: params }, [{ json: { email: 'a@example.com' } }])).error,
		).toBeUndefined();
		const again = await runNode({ parameters: params }, [{ json: { email: 'b@example.com' } }]);
		expect(again.error?.message).toBe(
			'A promotion named "Receipt (n8n)" already exists in Mad Mimi',
		);
		const replacing = await runNode(
			{
				parameters: own({
					saveAsPromotion: 'Receipt (n8n)',
					options: { replaceExistingPromotion: true },
				}),
			},
			[{ json: { email: 'b@example.com' } }],
		);
		expect(replacing.error).toBeUndefined();
		expect(env.emulator.store.transactions).toHaveLength(2);
	});
});
