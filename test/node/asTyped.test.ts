/**
 * What a person typed comes back exactly as typed, through the whole node: list and promotion
 * names that look like numbers, custom fields, field names that are Object.prototype's, and
 * answers no reader should choke on (parsing/fieldTypes.ts, parsing/xml.ts).
 */
import { retryRun, runNode } from '../harness';
import { itemsOf, nodeParams, useEmulator } from './setup';
import { retryFaults } from './retriedSupport';

const env = useEmulator();
const { cutAfterWork } = retryFaults(env);

describe('names and fields as typed', () => {
	test('lists named 1.50, 2024 and 007 are listed by their names, and found by them', async () => {
		for (const name of ['1.50', '2024', '007']) env.emulator.store.createList(name);
		const lists = await runNode({
			parameters: { resource: 'audienceList', operation: 'getAll', returnAll: true },
		});
		const names = lists.items.map((i) => i.json.name);
		expect(names).toEqual(expect.arrayContaining(['1.50', '2024', '007']));
		expect(names.every((name) => typeof name === 'string')).toBe(true);
		const joined = await runNode(
			{
				parameters: nodeParams('audienceMember', 'upsert', {
					email: '={{ $json.email }}',
					list: { __rl: true, mode: 'name', value: '1.50' },
				}),
			},
			[{ json: { email: 'ann@example.com' } }],
		);
		expect(joined.error).toBeUndefined();
		expect(env.emulator.store.listsOf('ann@example.com').map((l) => l.name)).toEqual(['1.50']);
	});

	test('custom fields 1.10 and 19.90, and one called constructor, come back as typed', async () => {
		env.emulator.store.addMember('cf@example.com', {
			fields: { plan_version: '1.10', price: '19.90', constructor: 'Builder', zip: '007' },
		});
		const items = await itemsOf({
			parameters: { resource: 'audienceMember', operation: 'get', email: 'cf@example.com' },
		});
		const member = items[0].json;
		expect(member.planVersion).toBe('1.10');
		expect(member.price).toBe('19.90');
		expect(Object.getOwnPropertyDescriptor(member, 'constructor')?.value).toBe('Builder');
		expect(member.zip).toBe('007');
		expect(typeof member.suppressed).toBe('boolean');
		expect(member.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
	});

	test('a promotion named 2024 is text, and a retried Email → Send finds it was sent', async () => {
		env.emulator.store.addPromotion('2024');
		const promotions = await runNode({
			parameters: { resource: 'promotion', operation: 'getAll', returnAll: true },
		});
		expect(promotions.items.find((i) => i.json.name === '2024')).toBeDefined();

		cutAfterWork('POST', '/mailer', 2);
		const send = nodeParams('email', 'send', {
			promotionName: { __rl: true, mode: 'name', value: '2024' },
			recipient: '={{ $json.email }}',
			options: { checkSuppressed: false },
		});
		const people = ['a@example.com', 'b@example.com', 'c@example.com'].map((email) => ({
			json: { email },
		}));
		const failed = await runNode({ parameters: send }, people, 'webhook');
		expect(failed.error?.message).toBe('The email to b@example.com may have gone out');
		const retried = await retryRun(failed);
		expect(retried.error).toBeUndefined();
		expect(retried.items.map((i) => i.json.skipped)).toEqual([true, true, false]);
		expect(env.emulator.store.transactions.map((t) => t.recipient.email)).toEqual([
			'a@example.com',
			'b@example.com',
			'c@example.com',
		]);
	});
});

describe('any answer is read safely', () => {
	const lists = nodeParams('audienceList', 'getAll', { returnAll: true });

	test('an answer nested 20,000 levels deep: read, no engine error', async () => {
		const depth = 20_000;
		env.emulator.faults.add({
			path: '/audience_lists/lists.xml',
			times: 1,
			respond: {
				status: 200,
				contentType: 'application/xml',
				body: `<lists><list id="1" name="deep">${'<x>'.repeat(depth)}y${'</x>'.repeat(depth)}</list></lists>`,
			},
		});
		const items = await itemsOf({ parameters: lists });
		expect(items[0].json).toMatchObject({ id: 1, name: 'deep' });
	});

	test('an answer of 100,000 unclosed tags: a short message that quotes its beginning', async () => {
		env.emulator.faults.add({
			path: '/audience_lists/lists.xml',
			respond: { status: 200, contentType: 'application/xml', body: '<lists>'.repeat(100_000) },
		});
		const { error } = await runNode({ parameters: lists });
		const text = `${error?.message ?? ''} ${error?.description ?? ''}`;
		expect(text).toContain("Unclosed tag 'lists'");
		expect(text).toContain('The response begins: "<lists><lists>');
		expect(error?.message.length ?? 0).toBeLessThanOrEqual(1000);
		expect((error?.description ?? '').length).toBeLessThanOrEqual(1000);
	});
});
