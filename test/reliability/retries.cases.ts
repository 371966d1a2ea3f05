/**
 * Retries (operations.md, "Reliability"): a transient fault is tried again inside the request
 * path, as far as the operation's class allows, and n8n's Retry On Fail never repeats an effect.
 * Every write is checked on what the emulator stored: every change made, every once-only effect
 * at most once.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Emulator, FaultResponse } from '../../emulator';
import { runNode } from '../harness';
import { clearWaits, waits } from '../support/waits';
import { logs } from './capture';
import { byItem, hunt } from './checks';

const byName = (value: string) => ({ __rl: true, mode: 'name', value });
const byKey = (value: string) => ({ __rl: true, mode: 'key', value });
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

type Store = Emulator['store'];

interface ReadCase {
	name: string;
	path: string | RegExp;
	parameters: INodeParameters;
	/** What the successful output must hold. */
	check: (items: INodeExecutionData[]) => void;
}

const READS: ReadCase[] = [
	{
		name: 'audienceList.getAll (XML)',
		path: '/audience_lists/lists.xml',
		parameters: { resource: 'audienceList', operation: 'getAll', returnAll: true },
		check: (items) =>
			expect(items.map((i) => i.json.name)).toEqual([
				'Newsletter',
				'VIP Customers',
				'Beta testers (EU)',
			]),
	},
	{
		name: 'socialLink.getAll (JSON)',
		path: '/social_links.json',
		parameters: { resource: 'socialLink', operation: 'getAll' },
		check: (items) => expect(items.map((i) => i.json.key).sort()).toEqual(['twitter', 'wordpress']),
	},
	{
		name: 'audienceMember.countNew (text)',
		path: '/audience_members/count_new',
		parameters: {
			resource: 'audienceMember',
			operation: 'countNew',
			start: '={{ $now.minus(20, "days").toISO() }}',
			end: '={{ $now.toISO() }}',
		},
		check: (items) => expect(typeof items[0]?.json.count).toBe('number'),
	},
];

const NGINX_502 =
	'<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n';

/** The transient faults, and whether the service took the request before it came. */
const TRANSIENT: Array<{
	name: string;
	respond: FaultResponse;
	kind: 'notTaken' | 'inDoubt';
	workDone: boolean;
}> = [
	{
		name: '429 with Retry-After 3',
		respond: { status: 429, body: 'Rate limit exceeded', headers: { 'Retry-After': '3' } },
		kind: 'notTaken',
		workDone: false,
	},
	{
		name: '503 without Retry-After',
		respond: { status: 503, body: 'Service Unavailable' },
		kind: 'notTaken',
		workDone: false,
	},
	{
		name: '502 page',
		respond: { status: 502, body: NGINX_502, contentType: 'text/html' },
		kind: 'inDoubt',
		workDone: false,
	},
	{
		name: '504',
		respond: { status: 504, body: 'Gateway Timeout' },
		kind: 'inDoubt',
		workDone: false,
	},
	{ name: 'reset before the service saw it', respond: 'reset', kind: 'inDoubt', workDone: false },
	{
		name: 'reset after the service did the work',
		respond: 'resetAfterWork',
		kind: 'inDoubt',
		workDone: true,
	},
];

type WriteClass = 'safe' | 'delete' | 'once';

interface WriteCase {
	name: string;
	class: WriteClass;
	/** The effective method and decoded path of the write a fault is put on. */
	method: string;
	path: string;
	parameters: INodeParameters;
	input?: INodeExecutionData[];
	/** Whether the write's effect is in the store. */
	done: (store: Store) => boolean;
	/** Once-only writes: how many times the effect happened (never more than 1). */
	times?: (store: Store) => number;
	/** The write requests expected for a fault, when not the class's rule (Activate reads the status instead of repeating). */
	requests?: (fault: (typeof TRANSIENT)[number]) => number;
}

const listMembers = (store: Store, list: string) =>
	store.lists.get(list)?.members ?? new Set<string>();
const addonStatus = (store: Store, key: string) => store.addons.find((a) => a.key === key)?.status;
/** Activate and Deactivate read the status after a cut toggle: toggled by then, it is not sent again. */
const toggledOnceIfDone = (fault: (typeof TRANSIENT)[number]) =>
	fault.kind === 'inDoubt' && fault.workDone ? 1 : 2;

/** Every write of the node, by its class in operations.md's "Reliability" table. */
const WRITES: WriteCase[] = [
	// ---- safe to repeat
	{
		name: 'audienceList.addMember',
		class: 'safe',
		method: 'POST',
		path: '/audience_lists/Newsletter/add',
		parameters: {
			resource: 'audienceList',
			operation: 'addMember',
			list: byName('Newsletter'),
			email: 'leo.lopez@example.com',
		},
		done: (s) => listMembers(s, 'Newsletter').has('leo.lopez@example.com'),
	},
	{
		name: 'audienceList.removeMember',
		class: 'safe',
		method: 'POST',
		path: '/audience_lists/Newsletter/remove',
		parameters: {
			resource: 'audienceList',
			operation: 'removeMember',
			list: byName('Newsletter'),
			email: 'ann.archer@example.com',
		},
		done: (s) => !listMembers(s, 'Newsletter').has('ann.archer@example.com'),
	},
	{
		name: 'audienceList.clear',
		class: 'safe',
		method: 'PUT',
		path: '/audience_lists/Newsletter/clear',
		parameters: { resource: 'audienceList', operation: 'clear', list: byName('Newsletter') },
		done: (s) => s.lists.has('Newsletter') && listMembers(s, 'Newsletter').size === 0,
	},
	{
		name: 'audienceMember.update',
		class: 'safe',
		method: 'PUT',
		path: '/audience_members/ben.baker@example.com',
		parameters: {
			resource: 'audienceMember',
			operation: 'update',
			email: 'ben.baker@example.com',
			updateFields: { firstName: 'Benjamin' },
		},
		done: (s) => s.getMember('ben.baker@example.com')?.fields.first_name === 'Benjamin',
	},
	{
		name: 'audienceMember.createOrUpdate',
		class: 'safe',
		method: 'POST',
		path: '/audience_members',
		parameters: {
			resource: 'audienceMember',
			operation: 'createOrUpdate',
			email: 'new.person@example.com',
			list: byName('Newsletter'),
		},
		done: (s) => listMembers(s, 'Newsletter').has('new.person@example.com'),
	},
	{
		name: 'audienceMember.import',
		class: 'safe',
		method: 'POST',
		path: '/audience_members',
		parameters: { resource: 'audienceMember', operation: 'import', source: 'items' },
		input: [{ json: { email: 'imp1@example.com' } }, { json: { email: 'imp2@example.com' } }],
		done: (s) => Boolean(s.getMember('imp1@example.com') && s.getMember('imp2@example.com')),
	},
	{
		name: 'audienceMember.suppress',
		class: 'safe',
		method: 'POST',
		path: '/audience_members',
		parameters: {
			resource: 'audienceMember',
			operation: 'suppress',
			email: 'ann.archer@example.com',
		},
		done: (s) => s.getMember('ann.archer@example.com')?.optedOut === true,
	},
	{
		name: 'addon.activate',
		class: 'safe',
		method: 'POST',
		path: '/addon/social_sharing/toggle',
		parameters: { resource: 'addon', operation: 'activate', addon: byKey('social_sharing') },
		done: (s) => addonStatus(s, 'social_sharing') === 'activated',
		requests: toggledOnceIfDone,
	},
	{
		name: 'addon.deactivate',
		class: 'safe',
		method: 'POST',
		path: '/addon/rss_campaigns/toggle',
		parameters: { resource: 'addon', operation: 'deactivate', addon: byKey('rss_campaigns') },
		done: (s) => addonStatus(s, 'rss_campaigns') === 'deactivated',
		requests: toggledOnceIfDone,
	},
	{
		name: 'analyticsDomain.add',
		class: 'safe',
		method: 'POST',
		path: '/google_analytics',
		parameters: { resource: 'analyticsDomain', operation: 'add', domain: 'news.example.org' },
		done: (s) => s.analyticsDomains.filter((d) => d === 'news.example.org').length === 1,
	},
	{
		name: 'socialLink.update',
		class: 'safe',
		method: 'PUT',
		path: '/social_links/update',
		parameters: {
			resource: 'socialLink',
			operation: 'update',
			links: { link: [{ key: 'facebook', url: 'https://www.facebook.com/demo' }] },
		},
		done: (s) => s.socialLinks.facebook === 'https://www.facebook.com/demo',
	},
	{
		name: 'childAccount.update',
		class: 'safe',
		method: 'PUT',
		path: '/participants/update',
		parameters: {
			resource: 'childAccount',
			operation: 'update',
			email: 'child.one@example.com',
			updateFields: { lastName: 'Kid' },
		},
		done: (s) => s.participants.get('child.one@example.com')?.lastName === 'Kid',
	},
	{
		name: 'childAccount.setPermissions',
		class: 'safe',
		method: 'POST',
		path: '/participants/update_permissions_for',
		parameters: {
			resource: 'childAccount',
			operation: 'setPermissions',
			email: 'child.two@example.com',
			full: ['Newsletter'],
			read: [],
			none: [],
		},
		done: (s) =>
			s.participants.get('child.two@example.com')?.permissions.full.includes('Newsletter') === true,
	},
	{
		name: 'promotion.save',
		class: 'safe',
		method: 'POST',
		path: '/promotions/save',
		parameters: {
			resource: 'promotion',
			operation: 'save',
			promotionName: 'Saved once',
			contentSource: 'plainText',
			rawPlainText: 'Hello [[unsubscribe]]',
		},
		done: (s) => [...s.promotions.values()].filter((p) => p.name === 'Saved once').length === 1,
	},
	// ---- safe to repeat: a repeat that finds nothing left to delete is done
	{
		name: 'audienceList.delete',
		class: 'delete',
		method: 'DELETE',
		path: '/audience_lists/Newsletter',
		parameters: { resource: 'audienceList', operation: 'delete', list: byName('Newsletter') },
		done: (s) => !s.lists.has('Newsletter'),
	},
	{
		name: 'promotion.trash',
		class: 'delete',
		method: 'PUT',
		path: '/promotions/2/trash',
		parameters: { resource: 'promotion', operation: 'trash', promotionId: byId('2') },
		done: (s) => s.promotions.get(2)?.trashed === true,
	},
	{
		name: 'childAccount.delete',
		class: 'delete',
		method: 'DELETE',
		path: '/participants',
		parameters: { resource: 'childAccount', operation: 'delete', email: 'child.one@example.com' },
		done: (s) => !s.participants.has('child.one@example.com'),
	},
	{
		name: 'analyticsDomain.delete',
		class: 'delete',
		method: 'DELETE',
		path: '/google_analytics',
		parameters: { resource: 'analyticsDomain', operation: 'delete', domain: 'example.com' },
		done: (s) => !s.analyticsDomains.includes('example.com'),
	},
	// ---- not safe to repeat
	{
		name: 'email.send',
		class: 'once',
		method: 'POST',
		path: '/mailer',
		parameters: {
			resource: 'email',
			operation: 'send',
			promotionName: 'Weekly digest',
			recipient: 'jane@example.com',
		},
		done: (s) => s.transactions.length > 0,
		times: (s) => s.transactions.filter((t) => t.recipient.email === 'jane@example.com').length,
	},
	{
		name: 'promotion.send',
		class: 'once',
		method: 'POST',
		path: '/mailer/to_list',
		parameters: {
			resource: 'promotion',
			operation: 'send',
			promotionName: 'Weekly digest',
			audience: 'lists',
			lists: ['Newsletter'],
		},
		done: (s) => s.sends.length > 0,
		times: (s) => s.sends.length,
	},
	{
		name: 'addon.toggle',
		class: 'once',
		method: 'POST',
		path: '/addon/ab_testing/toggle',
		parameters: { resource: 'addon', operation: 'toggle', addon: byKey('ab_testing') },
		done: (s) => addonStatus(s, 'ab_testing') === 'deactivated',
		times: (s) => (addonStatus(s, 'ab_testing') === 'deactivated' ? 1 : 0),
	},
	{
		name: 'childAccount.create',
		class: 'once',
		method: 'POST',
		path: '/participants',
		parameters: {
			resource: 'childAccount',
			operation: 'create',
			email: 'once@example.com',
			password: 'pw-123456',
		},
		done: (s) => s.participants.has('once@example.com'),
		times: (s) => (s.participants.has('once@example.com') ? 1 : 0),
	},
	{
		name: 'audienceList.create',
		class: 'once',
		method: 'POST',
		path: '/audience_lists.json',
		parameters: { resource: 'audienceList', operation: 'create', name: 'Spring leads' },
		done: (s) => s.lists.has('Spring leads'),
		times: (s) => (s.lists.has('Spring leads') ? 1 : 0),
	},
	{
		name: 'audienceList.rename',
		class: 'once',
		method: 'POST',
		path: '/audience_lists/Newsletter/rename',
		parameters: {
			resource: 'audienceList',
			operation: 'rename',
			list: byName('Newsletter'),
			newName: 'Newsletter (weekly)',
		},
		done: (s) => s.lists.has('Newsletter (weekly)'),
		times: (s) => (s.lists.has('Newsletter (weekly)') ? 1 : 0),
	},
	{
		name: 'audienceMember.updateEmail',
		class: 'once',
		method: 'POST',
		path: '/audience_members/ann.archer@example.com/update_email',
		parameters: {
			resource: 'audienceMember',
			operation: 'updateEmail',
			email: 'ann.archer@example.com',
			newEmail: 'ann@archer.example',
		},
		done: (s) => s.getMember('ann@archer.example') !== undefined,
		times: (s) => (s.getMember('ann@archer.example') ? 1 : 0),
	},
	{
		name: 'audienceMember.unsuppress',
		class: 'once',
		method: 'DELETE',
		path: '/suppressed_audience_members/dan.diaz@example.com',
		parameters: {
			resource: 'audienceMember',
			operation: 'unsuppress',
			email: 'dan.diaz@example.com',
		},
		done: (s) => s.getMember('dan.diaz@example.com')?.optedOut === false,
		times: (s) => (s.getMember('dan.diaz@example.com')?.optedOut === false ? 1 : 0),
	},
];

/** What the node must do with a transient fault on a write of this class. */
function expected(
	write: WriteCase,
	fault: (typeof TRANSIENT)[number],
): { outcome: 'done' | 'inDoubt'; requests: number } {
	if (write.class === 'once' && fault.kind === 'inDoubt')
		return { outcome: 'inDoubt', requests: 1 };
	return { outcome: 'done', requests: write.requests?.(fault) ?? 2 };
}

export function retries(env: { readonly emulator: Emulator }): void {
	const sentTo = (method: string, path: string) =>
		env.emulator.requests.filter((r) => r.effectiveMethod === method && r.path === path);

	describe('reads: a transient fault is tried again in the request path, without Retry On Fail', () => {
		const cases = READS.flatMap((read) =>
			TRANSIENT.map((fault) => [read.name, fault.name, read, fault] as const),
		);
		test.each(cases)(
			'%s, %s once: the data comes on the 2nd request',
			async (_n, _f, read, fault) => {
				env.emulator.faults.add({
					method: 'GET',
					path: read.path,
					times: 1,
					respond: fault.respond,
				});
				clearWaits();
				const mark = logs.mark();
				const result = await runNode({ parameters: read.parameters });
				expect(result.error).toBeUndefined();
				read.check(result.items);
				expect(env.emulator.requests).toHaveLength(2);
				// the wait Mad Mimi named, else a backoff between half and all of the first step (1 s)
				if (fault.name.startsWith('429')) expect(waits).toEqual([3000]);
				else expect(waits[0]).toBeGreaterThanOrEqual(500);
				expect(waits[0]).toBeLessThanOrEqual(3000);
				// each retry is in n8n's log at debug level, and the key in no form anywhere
				expect(logs.since(mark)).toMatch(/"level":"debug".*Mad Mimi: .* try 2 of 5 in /);
				expect(hunt(`${read.name} retried`, result, mark)).toEqual([]);
			},
		);
	});

	test("a read failing on every try gives up after 5 tries, saying what was tried; a 429 declares n8n's rate-limited failure", async () => {
		env.emulator.faults.add({
			path: '/audience_lists/lists.xml',
			respond: { status: 429, body: 'Rate limit exceeded', headers: { 'Retry-After': '2' } },
		});
		clearWaits();
		const result = await runNode({ parameters: READS[0].parameters });
		expect(result.error?.message).toBe('Mad Mimi is limiting the rate of requests');
		expect(result.error?.description).toMatch(
			/^Tried 5 times over \d+ (ms|s)\. Run the workflow again later, or send fewer requests at once/,
		);
		expect((result.error as unknown as { failure?: unknown }).failure).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 2000,
		});
		expect(env.emulator.requests).toHaveLength(5);
		expect(waits).toEqual([2000, 2000, 2000, 2000]);
	});

	test('a 503 on every try, no wait named: backoff doubling from 1 s, each between half and all of its step', async () => {
		env.emulator.faults.add({
			path: '/audience_lists/lists.xml',
			respond: { status: 503, body: 'Service Unavailable' },
		});
		clearWaits();
		const result = await runNode({ parameters: READS[0].parameters });
		expect(result.error?.message).toBe('Mad Mimi is unavailable at the moment (503)');
		expect((result.error as unknown as { failure?: unknown }).failure).toEqual({
			cause: 'temporarily-unavailable',
		});
		expect(waits).toHaveLength(4);
		waits.forEach((ms, k) => {
			expect(ms).toBeGreaterThanOrEqual(500 * 2 ** k);
			expect(ms).toBeLessThanOrEqual(1000 * 2 ** k);
		});
	});

	test('a Retry-After longer than the node waits (60 s) ends the tries at once, saying so', async () => {
		env.emulator.faults.add({
			path: '/audience_lists/lists.xml',
			respond: { status: 429, body: 'Slow down', headers: { 'Retry-After': '600' } },
		});
		clearWaits();
		const result = await runNode({ parameters: READS[0].parameters });
		expect(result.error?.message).toBe('Mad Mimi is limiting the rate of requests');
		expect(result.error?.description).toMatch(
			/^Mad Mimi asked to wait 10 min before another try, longer than the node waits \(1 min\)\. Tried 1 time /,
		);
		expect((result.error as unknown as { failure?: unknown }).failure).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 600_000,
		});
		expect(env.emulator.requests).toHaveLength(1);
		expect(waits).toEqual([]);
	});

	test('waits add up to at most 2 minutes: a Retry-After of 50 s stops after the 3rd try', async () => {
		env.emulator.faults.add({
			path: '/audience_lists/lists.xml',
			respond: { status: 503, body: 'Busy', headers: { 'Retry-After': '50' } },
		});
		clearWaits();
		// the clock moves with each wait, as it would
		const started = Date.now();
		const now = jest
			.spyOn(Date, 'now')
			.mockImplementation(() => started + waits.reduce((a, b) => a + b, 0));
		try {
			const result = await runNode({ parameters: READS[0].parameters });
			expect(result.error?.message).toBe('Mad Mimi is unavailable at the moment (503)');
			expect(result.error?.description).toMatch(/^Tried 3 times over 1 min 40 s\./);
		} finally {
			now.mockRestore();
		}
		expect(waits).toEqual([50_000, 50_000]);
		expect(env.emulator.requests).toHaveLength(3);
	});

	test("a 500 is the service's own error: not repeated", async () => {
		env.emulator.faults.add({
			path: '/audience_lists/lists.xml',
			times: 1,
			respond: { status: 500, body: 'Internal Server Error' },
		});
		const result = await runNode({ parameters: READS[0].parameters });
		expect(result.error?.message).toBe('Mad Mimi could not handle the request (500)');
		expect(result.error?.description).toContain('the node did not repeat it');
		expect(env.emulator.requests).toHaveLength(1);
	});

	describe('writes, by class: safe ones are repeated, once-only ones only when the service did not take them', () => {
		const cases = WRITES.flatMap((write) =>
			TRANSIENT.map((fault) => [write.name, write.class, fault.name, write, fault] as const),
		);
		test.each(cases)('%s (%s), %s', async (_n, _c, _f, write, fault) => {
			env.emulator.faults.add({
				method: write.method,
				path: write.path,
				times: 1,
				respond: fault.respond,
			});
			const mark = logs.mark();
			const result = await runNode({ parameters: write.parameters }, write.input);
			const want = expected(write, fault);
			const sent = sentTo(write.method, write.path);
			expect(sent).toHaveLength(want.requests);
			if (want.outcome === 'done') {
				expect(result.error).toBeUndefined();
				expect(write.done(env.emulator.store)).toBe(true);
			} else {
				// the item fails saying it may have happened, and how to check; the store says whether it did
				expect(result.error?.message).toMatch(/ may have /);
				expect(result.error?.description).toMatch(
					/so Mad Mimi may have done it\. The node did not send it again, so that it cannot happen twice\. \S/,
				);
				expect(result.error?.context?.mayHaveTakenEffect).toBe(true);
				expect(write.done(env.emulator.store)).toBe(fault.workDone);
			}
			if (write.times)
				expect(write.times(env.emulator.store)).toBe(
					want.outcome === 'done' || fault.workDone ? 1 : 0,
				);
			expect(hunt(`${write.name} ${fault.name}`, result, mark)).toEqual([]);
		});
	});

	describe("n8n's Retry On Fail never repeats an effect", () => {
		const recipients = [
			'r0@example.com',
			'r1@example.com',
			'r2@example.com',
			'r3@example.com',
			'r4@example.com',
		];
		const input = recipients.map((email) => ({ json: { email } }));
		const send = {
			resource: 'email',
			operation: 'send',
			promotionName: 'Weekly digest',
			recipient: '={{ $json.email }}',
		} as INodeParameters;
		const emailsTo = (email: string) =>
			env.emulator.store.transactions.filter((t) => t.recipient.email === email).length;
		const mailerRequests = () => sentTo('POST', '/mailer');

		test('a send in doubt on item 2, without Continue On Fail: every try of the node fails on it, items 0-1 are not sent again, 3-4 never', async () => {
			env.emulator.faults.add({
				method: 'POST',
				path: '/mailer',
				after: 2,
				times: 1,
				respond: 'resetAfterWork',
			});
			const result = await runNode(
				{ parameters: send, retryOnFail: true, maxTries: 3, waitBetweenTries: 1 },
				input,
			);
			expect(result.error?.message).toBe('The email to r2@example.com may have gone out');
			expect(result.error?.context?.itemIndex).toBe(2);
			expect(recipients.map(emailsTo)).toEqual([1, 1, 1, 0, 0]);
			// 3 tries of the node, 3 requests in all: the 2nd and 3rd tries sent nothing
			expect(mailerRequests()).toHaveLength(3);
		});

		test('a send in doubt on item 0, with Continue On Fail (n8n retries when the first item is an error): nothing is sent twice', async () => {
			env.emulator.faults.add({ method: 'POST', path: '/mailer', times: 1, respond: 'reset' });
			const result = await runNode(
				{
					parameters: send,
					retryOnFail: true,
					maxTries: 3,
					waitBetweenTries: 1,
					continueOnFail: true,
				},
				input,
			);
			expect(result.error).toBeUndefined();
			const groups = byItem(result.items, 5);
			expect(groups.map((g) => g.length)).toEqual([1, 1, 1, 1, 1]);
			expect(groups[0][0].json).toMatchObject({
				error: 'The email to r0@example.com may have gone out',
			});
			expect(String(groups[0][0].json.description)).toContain(
				'Audience Member → Get Promotion Attempts',
			);
			// the reset came before the service saw it: nobody got item 0's email; the others once each
			expect(recipients.map(emailsTo)).toEqual([0, 1, 1, 1, 1]);
			expect(mailerRequests()).toHaveLength(5);
			// the transaction ids in the output are those the service gave, each once
			const ids = groups.slice(1).map((g) => g[0].json.transactionId);
			expect(ids).toEqual(env.emulator.store.transactions.map((t) => t.id));
		});

		test('a 503 past the retries on item 2 (not taken): the next try of the node sends item 2 and goes on, items 0-1 not again', async () => {
			env.emulator.faults.add({
				method: 'POST',
				path: '/mailer',
				after: 2,
				times: 5,
				respond: { status: 503, body: 'Service Unavailable', headers: { 'Retry-After': '1' } },
			});
			const result = await runNode(
				{ parameters: send, retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
				input,
			);
			expect(result.error).toBeUndefined();
			expect(recipients.map(emailsTo)).toEqual([1, 1, 1, 1, 1]);
			// try 1: items 0, 1, then 5 refused requests for item 2; try 2: item 2 (and 3, 4) only
			expect(mailerRequests()).toHaveLength(2 + 5 + 3);
			expect(result.items.map((i) => i.json.transactionId)).toEqual(
				env.emulator.store.transactions.map((t) => t.id),
			);
		});

		test('Promotion → Send cut after the mailing started, Retry On Fail on: one mailing, reported in doubt, never a second', async () => {
			env.emulator.faults.add({
				method: 'POST',
				path: '/mailer/to_list',
				times: 1,
				respond: 'resetAfterWork',
			});
			const parameters = {
				resource: 'promotion',
				operation: 'send',
				promotionName: 'Weekly digest',
				audience: 'lists',
				lists: ['Newsletter'],
			} as INodeParameters;
			const result = await runNode({
				parameters,
				retryOnFail: true,
				maxTries: 3,
				waitBetweenTries: 1,
			});
			expect(result.error?.message).toBe(
				'A mailing of "Weekly digest" to the list "Newsletter" may have started',
			);
			expect(result.error?.description).toContain('Mailing → Get Many');
			expect(env.emulator.store.sends).toHaveLength(1);
			expect(sentTo('POST', '/mailer/to_list')).toHaveLength(1);
		});

		test('Continue On Fail: the item in doubt is an error item between the others, which went out once each', async () => {
			env.emulator.faults.add({
				method: 'POST',
				path: '/mailer',
				after: 1,
				times: 1,
				respond: { status: 502, body: NGINX_502, contentType: 'text/html' },
			});
			const result = await runNode({ parameters: send, continueOnFail: true }, input.slice(0, 3));
			expect(result.items.map((i) => [i.pairedItem, i.json.error ?? 'sent'])).toEqual([
				[{ item: 0 }, 'sent'],
				[{ item: 1 }, 'The email to r1@example.com may have gone out'],
				[{ item: 2 }, 'sent'],
			]);
			expect(String(result.items[1].json.description)).toMatch(
				/^Mad Mimi's gateway responded 502 \(bad gateway\), so Mad Mimi may have done it\./,
			);
			expect(recipients.slice(0, 3).map(emailsTo)).toEqual([1, 0, 1]);
		});
	});
}
