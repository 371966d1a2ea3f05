/**
 * Retries: 429 and 5xx on reads follow n8n's "Retry On Fail" (the node itself never retries);
 * writes are sent exactly once by the node, whatever the answer.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Emulator, FaultResponse } from '../emulator';
import { runNode } from '../harness';
import { logs } from './capture';
import { hunt } from './checks';
import { figures } from './support';

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
		check: (items) => expect(items.map((i) => i.json.name)).toEqual(['Newsletter', 'VIP Customers', 'Beta testers (EU)']),
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
		parameters: { resource: 'audienceMember', operation: 'countNew', start: '={{ $now.minus(20, "days").toISO() }}', end: '={{ $now.toISO() }}' },
		check: (items) => expect(typeof items[0]?.json.count).toBe('number'),
	},
];

const TRANSIENT: Array<[string, FaultResponse]> = [
	['429', { status: 429, body: 'Rate limit exceeded' }],
	['500', { status: 500, body: '<html><body><h1>Internal Server Error</h1></body></html>', contentType: 'text/html' }],
	['502', { status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>', contentType: 'text/html' }],
	['503', { status: 503, body: 'Service Unavailable' }],
	['504', { status: 504, body: 'Gateway Timeout' }],
	['reset', 'reset'],
];

interface WriteCase {
	name: string;
	method: string;
	path: string | RegExp;
	parameters: INodeParameters;
	input?: INodeExecutionData[];
}

const WRITES: WriteCase[] = [
	{ name: 'audienceList.addMember', method: 'POST', path: '/audience_lists/Newsletter/add', parameters: { resource: 'audienceList', operation: 'addMember', list: { __rl: true, mode: 'name', value: 'Newsletter' }, email: 'leo.lopez@example.com' } },
	{ name: 'audienceList.delete', method: 'DELETE', path: '/audience_lists/Newsletter', parameters: { resource: 'audienceList', operation: 'delete', list: { __rl: true, mode: 'name', value: 'Newsletter' } } },
	{ name: 'promotion.save', method: 'POST', path: '/promotions/save', parameters: { resource: 'promotion', operation: 'save', promotionName: 'Once only', contentSource: 'plainText', rawPlainText: 'Hello' } },
	{ name: 'promotion.trash', method: 'PUT', path: '/promotions/2/trash', parameters: { resource: 'promotion', operation: 'trash', promotionId: { __rl: true, mode: 'id', value: '2' } } },
	{ name: 'addon.toggle', method: 'POST', path: '/addon/ab_testing/toggle', parameters: { resource: 'addon', operation: 'toggle', addon: { __rl: true, mode: 'key', value: 'ab_testing' } } },
	{ name: 'analyticsDomain.add', method: 'POST', path: '/google_analytics', parameters: { resource: 'analyticsDomain', operation: 'add', domain: 'news.example.org' } },
	{ name: 'socialLink.update', method: 'PUT', path: '/social_links/update', parameters: { resource: 'socialLink', operation: 'update', links: { link: [{ key: 'facebook', url: 'https://www.facebook.com/demo' }] } } },
	{ name: 'childAccount.create', method: 'POST', path: '/participants', parameters: { resource: 'childAccount', operation: 'create', email: 'once@example.com', password: 'pw-123456' } },
	{ name: 'audienceMember.import', method: 'POST', path: '/audience_members', parameters: { resource: 'audienceMember', operation: 'import', source: 'items' }, input: [{ json: { email: 'imp1@example.com' } }, { json: { email: 'imp2@example.com' } }] },
];

const WRITE_FAULTS: Array<[string, FaultResponse]> = [
	['500', { status: 500, body: 'Internal Server Error' }],
	['429', { status: 429, body: 'Rate limit exceeded' }],
	['401', { status: 401, body: 'Unable to authenticate' }],
	['reset', 'reset'],
	['reset mid-answer', 'resetMidAnswer'],
];

/**
 * "Wait Between Tries" of 1 ms: n8n-core 2.41 reads `waitBetweenTries || 1000`, so 0 in the
 * node's settings means one second, not none.
 */
export function retries(env: { readonly emulator: Emulator }): void {
	const readCases = READS.flatMap((read) => TRANSIENT.map(([fault, respond]) => [read.name, fault, read, respond] as const));

	test.each(readCases)('%s, %s once: with Retry On Fail the data comes on the 2nd request', async (_n, _f, read, respond) => {
		env.emulator.faults.add({ method: 'GET', path: read.path, times: 1, respond });
		const mark = logs.mark();
		const result = await runNode({ parameters: read.parameters, retryOnFail: true, maxTries: 3, waitBetweenTries: 1 });
		figures.casesTried++;
		figures.retries.readCases++;
		expect(result.error).toBeUndefined();
		read.check(result.items);
		expect(env.emulator.requests.map((r) => r.status)).toEqual([respond === 'reset' ? 0 : (respond as { status: number }).status, 200]);
		figures.retries.requestsCounted += env.emulator.requests.length;
		expect(hunt(`${read.name} retried`, result, mark)).toEqual([]);
	});

	test.each(readCases)('%s, %s once: without Retry On Fail it fails after 1 request', async (_n, _f, read, respond) => {
		env.emulator.faults.add({ method: 'GET', path: read.path, times: 1, respond });
		const mark = logs.mark();
		const result = await runNode({ parameters: read.parameters });
		figures.casesTried++;
		figures.retries.readCases++;
		expect(result.error?.message).toMatch(/^(Mad Mimi is limiting the rate of requests|Mad Mimi had a problem on its side \(50\d\)|The connection to Mad Mimi was cut before the answer was complete)$/);
		expect(result.items).toEqual([]);
		expect(env.emulator.requests).toHaveLength(1);
		figures.retries.requestsCounted += 1;
		figures.failureOutputsChecked++;
		expect(hunt(`${read.name} not retried`, result, mark)).toEqual([]);
	});

	test('a read failing on every try gives up after Max Tries, with the last error', async () => {
		env.emulator.faults.add({ path: '/audience_lists/lists.xml', respond: { status: 503, body: 'Service Unavailable' } });
		const result = await runNode({ parameters: READS[0].parameters, retryOnFail: true, maxTries: 3, waitBetweenTries: 1 });
		figures.casesTried++;
		expect(result.error?.message).toBe('Mad Mimi had a problem on its side (503)');
		expect(env.emulator.requests).toHaveLength(3);
		figures.failureOutputsChecked++;
	});

	const writeCases = WRITES.flatMap((write) => WRITE_FAULTS.map(([fault, respond]) => [write.name, fault, write, respond] as const));

	test.each(writeCases)('%s answered %s: sent exactly once, never repeated by the node', async (_n, _f, write, respond) => {
		env.emulator.faults.add({ method: write.method, path: write.path, times: 1, respond });
		const mark = logs.mark();
		const result = await runNode({ parameters: write.parameters }, write.input);
		figures.casesTried++;
		figures.retries.writeCases++;
		const sent = env.emulator.requests.filter((r) => r.effectiveMethod === write.method && (typeof write.path === 'string' ? r.path === write.path : write.path.test(r.path)));
		if (sent.length > 1) figures.duplicated += sent.length - 1;
		expect(sent).toHaveLength(1);
		// and nothing else was written behind its back
		expect(env.emulator.requests.filter((r) => r.effectiveMethod !== 'GET')).toHaveLength(1);
		figures.retries.requestsCounted += sent.length;
		if (!result.error) figures.escapes++;
		expect(result.error?.message).toMatch(/Mad Mimi/);
		if (respond === 'reset' || respond === 'resetMidAnswer') {
			// the write may have been applied: the user is told to check before running again
			expect(result.error?.description).toContain('may or may not have been applied');
		}
		figures.failureOutputsChecked++;
		expect(hunt(`${write.name} once`, result, mark)).toEqual([]);
	});
}
