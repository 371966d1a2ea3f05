/**
 * Promotion → Send, a mailing to chosen lists or to the whole audience: the request, the checks
 * of the content before any request, and the output that names the mailing and its promotion.
 * One transactional email: email.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';
import { runNode } from '../harness';
import { itemsOf, nodeParams, useEmulator } from './setup';
import { placeholders } from './sendSupport';

const env = useEmulator();

describe('promotion.send', () => {
	const listSend = (extra: IDataObject = {}): INodeParameters =>
		nodeParams('promotion', 'send', {
			promotionName: 'Weekly digest',
			audience: 'lists',
			lists: ['Newsletter'],
			...extra,
		}) as INodeParameters;
	const UNSUBSCRIBE_HTML =
		'<html><body>Hi {first_name} [[unsubscribe]] [[tracking_beacon]]</body></html>';

	test('to chosen lists, sent as one CSV row: a new mailing of the promotion, its ID a number, visible in Get Many', async () => {
		env.emulator.store.createList('Friends, family');
		env.emulator.store.addMember('fam@example.com', { lists: ['Friends, family'] });
		const items = await itemsOf({
			parameters: listSend({ lists: ['Newsletter', 'Friends, family'], subject: 'This week' }),
		});
		const [sendRecord] = env.emulator.store.sends;
		expect(items.map((i) => i.json)).toEqual([
			{
				mailingId: sendRecord.mailingId,
				promotionId: DEMO_IDS.promotions.weeklyDigest,
				promotionName: 'Weekly digest',
				audience: 'lists',
				lists: ['Newsletter', 'Friends, family'],
				// Mad Mimi's own count of the lists' members, added up: a member on both counts twice
				listMembers: ['Newsletter', 'Friends, family'].reduce(
					(sum, name) => sum + env.emulator.store.lists.get(name)!.members.size,
					0,
				),
				skipEarlierRecipients: true,
				skipped: false,
			},
		]);
		expect(typeof items[0].json.mailingId).toBe('number');
		// the lists checked before the send, the send, then the promotion's ID read by its name
		expect(env.emulator.requests.map((r) => [r.effectiveMethod, r.rawPath, r.params.name])).toEqual(
			[
				['GET', '/audience_lists/lists.xml', undefined],
				['POST', '/mailer/to_list', undefined],
				['GET', '/promotions/search.xml', 'Weekly digest'],
			],
		);
		// Skip Earlier Recipients is on unless turned off: running the step again mails nobody twice
		expect(env.emulator.requests[1].params).toEqual({
			promotion_name: 'Weekly digest',
			list_name: 'Newsletter,"Friends, family"',
			subject: 'This week',
			prevent_resend: 'yes',
		});
		expect(sendRecord.audience).toEqual(['Newsletter', 'Friends, family']);
		expect(sendRecord.recipients).toContain('fam@example.com');

		env.emulator.clearRequests();
		const all = await runNode({
			parameters: { resource: 'promotion', operation: 'getAll', returnAll: true },
		});
		const digest = all.items.find((i) => i.json.name === 'Weekly digest')!.json;
		expect((digest.mailings as IDataObject[]).map((m) => m.id)).toContain(sendRecord.mailingId);
	});

	test('to the whole audience: /mailer/to_all, no list', async () => {
		const items = await itemsOf({
			parameters: listSend({ audience: 'all', lists: [] }),
		});
		expect(items[0].json).toEqual({
			mailingId: env.emulator.store.sends[0].mailingId,
			promotionId: DEMO_IDS.promotions.weeklyDigest,
			promotionName: 'Weekly digest',
			audience: 'all',
			skipEarlierRecipients: true,
			skipped: false,
		});
		expect(env.emulator.requests.map((r) => r.rawPath)).toEqual([
			'/mailer/to_all',
			'/promotions/search.xml',
		]);
		expect(env.emulator.requests[0].params.list_name).toBeUndefined();
		expect(env.emulator.requests[0].params.prevent_resend).toBe('yes');
		expect(env.emulator.store.sends[0].audience).toBe('all');
	});

	test('raw content with placeholders and the options', async () => {
		await itemsOf({
			parameters: listSend({
				saveAsPromotion: 'June news',
				contentSource: 'html',
				rawHtml: UNSUBSCRIBE_HTML,
				placeholders: placeholders({ first_name: 'friend', code: '0042' }),
				options: { preventResend: true, hidden: false, trackLinks: true, trackViews: false },
			}),
		});
		expect(
			env.emulator.requests.find((r) => r.rawPath === '/mailer/to_list')?.params,
		).toMatchObject({
			raw_html: UNSUBSCRIBE_HTML,
			prevent_resend: 'yes',
			hidden: 'no',
			track_links: 'yes',
			track_views: 'no',
		});
		expect(env.emulator.store.sends[0].placeholders).toEqual({
			first_name: 'friend',
			code: '0042',
		});
	});

	test.each([
		[
			'no list chosen (mapped)',
			{ lists: '={{ [] }}' },
			'The field "List Names" is empty: no list to send to',
		],
		[
			'HTML without [[unsubscribe]]',
			{ contentSource: 'html', saveAsPromotion: 'Own', rawHtml: '<p>Hi</p>[[tracking_beacon]]' },
			'The field "HTML" has no [[unsubscribe]] link',
		],
		[
			'HTML without [[tracking_beacon]]',
			{ contentSource: 'html', saveAsPromotion: 'Own', rawHtml: '<p>Hi</p>[[unsubscribe]]' },
			'The field "HTML" has no [[tracking_beacon]]',
		],
		[
			'plain text without [[unsubscribe]]',
			{ contentSource: 'plainText', saveAsPromotion: 'Own', rawPlainText: 'Hi' },
			'The field "Plain Text" has no [[unsubscribe]] link',
		],
		[
			'plain text to all without [[unsubscribe]]',
			{ audience: 'all', contentSource: 'plainText', saveAsPromotion: 'Own', rawPlainText: 'Hi' },
			'The field "Plain Text" has no [[unsubscribe]] link',
		],
	])('%s is refused before any request', async (_name, extra, message) => {
		const { error } = await runNode({ parameters: listSend(extra as IDataObject) });
		expect(error?.message).toBe(message);
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('[[opt_out]] is accepted in place of [[unsubscribe]]', async () => {
		const { error } = await runNode({
			parameters: listSend({
				saveAsPromotion: 'Opt',
				contentSource: 'plainText',
				rawPlainText: 'Hi [[opt_out]]',
			}),
		});
		expect(error).toBeUndefined();
	});

	test('an unknown promotion without content (409)', async () => {
		const { error } = await runNode({
			parameters: listSend({ audience: 'all', promotionName: 'Unknown Promotion' }),
		});
		expect(error?.message).toBe('Mad Mimi has no promotion named "Unknown Promotion"');
		expect(error?.description).toContain('You do not have a promotion named Unknown Promotion.');
	});
});

describe('promotion.send: what the output says', () => {
	const listSend = (extra: IDataObject = {}) =>
		nodeParams('promotion', 'send', {
			promotionName: { __rl: true, mode: 'list', value: 'Weekly digest' },
			audience: 'lists',
			lists: ['Newsletter'],
			...extra,
		}) as INodeParameters;

	test('the promotion picked from the list is sent by its name, and the output has its ID for the next node', async () => {
		const items = await itemsOf({ parameters: listSend() });
		expect(
			env.emulator.requests.find((r) => r.rawPath === '/mailer/to_list')?.params.promotion_name,
		).toBe('Weekly digest');
		expect(items[0].json).toMatchObject({
			promotionId: DEMO_IDS.promotions.weeklyDigest,
			promotionName: 'Weekly digest',
		});
	});

	test('a promotion created by the send (content of its own) gets the new ID', async () => {
		const { items } = await runNode({
			parameters: listSend({
				saveAsPromotion: 'Brand new',
				contentSource: 'plainText',
				rawPlainText: 'Hi [[unsubscribe]]',
			}),
		});
		expect(items[0].json.promotionId).toBe(env.emulator.store.findPromotionByName('Brand new')?.id);
	});

	test('the ID cannot be read after the send: the item still reports the mailing, its promotionId null, and nothing is sent again', async () => {
		env.emulator.faults.add({
			path: '/promotions/search.xml',
			respond: { status: 500, body: 'Internal Server Error' },
		});
		const items = await itemsOf({ parameters: listSend() });
		expect(items[0].json).toMatchObject({
			mailingId: env.emulator.store.sends[0].mailingId,
			promotionId: null,
		});
		expect(env.emulator.store.sends).toHaveLength(1);
	});

	test('a list Mad Mimi does not have: the same words as everywhere a list is named', async () => {
		const { error } = await runNode({ parameters: listSend({ lists: ['Newsleter'] }) });
		expect(error?.message).toBe('Mad Mimi has no list named "Newsleter"');
		expect(error?.description).toMatch(
			/^Pick the list from the dropdown, or check its name \(upper and lower case count\)\./,
		);
	});
});
