/**
 * Every failure the service and the network produce, on one representative operation of each
 * resource (operations.ts: XML, JSON, text and blank answers; reads and writes), with and without
 * "Continue On Fail": a clear message, the service's text where it helps, the failing item
 * paired to its input, the others untouched, and the api_key nowhere.
 */

import type { IDataObject } from 'n8n-workflow';

import type { Emulator, FaultResponse } from '../../emulator';
import { DEMO_CREDENTIALS } from '../../emulator';
import { runNode, setCredentials } from '../harness';
import { logs } from './capture';
import { byItem, hunt, inInputOrder, isErrorItem } from './checks';
import { OPS, UNREADABLE } from './operations';
import { NGINX_502 } from './writes';
import type { Answer, OpCase } from './operations';
import { closedPortUrl, DEMO_KEY, leaksIn, secretForms, serialize } from './support';
import { nodeParams } from '../node/setup';

const CONTENT_TYPE: Record<Answer, string> = {
	xml: 'application/xml; charset=utf-8',
	json: 'application/json; charset=utf-8',
	txt: 'text/html; charset=utf-8',
	blank: 'text/html; charset=utf-8',
};

interface Expectation {
	message: string;
	/** Texts the description must hold. */
	description: Array<string | RegExp>;
	httpCode?: string;
}

interface FaultCase {
	name: string;
	/** Applied to the 2nd request only (`after: 1, times: 1`). */
	respond?: FaultResponse | ((op: OpCase) => FaultResponse);
	/** The credentials point at a closed port: every request fails. */
	refused?: boolean;
	timeoutSeconds?: number;
	/** A fault the node tries again (transport/backoff.ts), and whether the service took the request. */
	transient?: 'notTaken' | 'inDoubt';
	/** What the node must make of it; 'success' where the operation legitimately accepts it. */
	expect(op: OpCase): Expectation | 'success';
}

const status = (
	code: number,
	body: string,
	contentType = 'text/html; charset=utf-8',
): FaultResponse => ({ status: code, body, contentType });

const refusedWith = (text: string) => (): Expectation => ({
	message: `Mad Mimi refused the request: ${text}`,
	description: ['Check the values given to the node', text],
});
/** A fault met once and tried again: the operation succeeds, unless it is once-only and the request may have been done. */
const triedAgain =
	(what: string | RegExp) =>
	(op: OpCase): Expectation | 'success' =>
		op.onceOnly === undefined
			? 'success'
			: {
					message: op.onceOnly,
					description: [what, 'so Mad Mimi may have done it', 'The node did not send it again'],
				};
/**
 * A 500, Mad Mimi's own error: not repeated, and a once-only write is reported in doubt (the error
 * can come after the work was done), never as not done.
 */
const serverError =
	(plain: Expectation) =>
	(op: OpCase): Expectation =>
		op.onceOnly === undefined
			? plain
			: {
					message: op.onceOnly,
					description: [
						'Mad Mimi responded 500',
						'so Mad Mimi may have done it',
						'The node did not send it again',
					],
				};
const notFound =
	(code: string) =>
	(op: OpCase): Expectation => ({
		message: op.notFound ?? 'Mad Mimi could not find the requested record',
		description: ['Check the IDs'],
		httpCode: code,
	});

const RAILS_500 =
	'<!DOCTYPE html>\n<html>\n<head>\n  <title>We\'re sorry, but something went wrong (500)</title>\n  <style>body { background-color: #EFEFEF; color: #2E2F30; }</style>\n</head>\n<body>\n  <div class="dialog"><h1>We\'re sorry, but something went wrong.</h1></div>\n  <script>window.report && report()</script>\n</body>\n</html>\n';
/** An error page that repeats the request, credentials included, in every form. */
const ECHO_500 = `<html><body><h1>Internal error</h1><p>GET /audience_lists/lists.xml?username=demo%40example.com&amp;api_key=${DEMO_KEY}</p><pre>Parameters: {"api_key"=>"${DEMO_KEY}", "key"=>"${encodeURIComponent(DEMO_KEY)}"}</pre><p>key: ${DEMO_KEY}</p></body></html>`;
/** A proxy's or captive portal's sign-in page, answered 200 in place of the service, echoing the request. */
const PORTAL_200 = `<!DOCTYPE html><html><head><title>Sign in to the network</title></head><body><form action="/login?next=https%3A%2F%2Fapi.madmimi.com%2Faudience_lists%2Flists.xml%3Fusername%3Ddemo%2540example.com%26api_key%3D${encodeURIComponent(DEMO_KEY)}"><p>You asked for /audience_lists/lists.xml?api_key=${DEMO_KEY}</p><input name="password"></form></body></html>`;
const MALFORMED_XML =
	'<?xml version="1.0" encoding="UTF-8"?>\n<lists>\n  <list name="Newsletter" id="101">\n  <list name="VIP Customers" id="102"/>\n</lists>\n';
const BILLION_LAUGHS = [
	'<?xml version="1.0"?>',
	'<!DOCTYPE lolz [',
	' <!ENTITY lol "lol">',
	' <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">',
	...Array.from({ length: 8 }, (_, k) => ` <!ENTITY lol${k + 2} "${`&lol${k + 1};`.repeat(10)}">`),
	']>',
	'<lists><list name="&lol9;" id="1"/></lists>',
].join('\n');

/** The expectation for a 200 answer whose body the operation cannot use. */
function unreadable(
	op: OpCase,
	reason: string | RegExp,
	emptyBody = false,
): Expectation | 'success' {
	if (op.answer === 'blank' || op.unreadable === undefined) return 'success';
	if (emptyBody && op.emptyIsValid) return 'success';
	if (!op.unreadableFromTransport) return { message: op.unreadable, description: [] };
	return { message: op.unreadable, description: [reason, 'base URL'] };
}

const FAULTS: FaultCase[] = [
	{
		name: '401 Unable to authenticate',
		respond: status(401, 'Unable to authenticate'),
		expect: () => ({
			message: 'Mad Mimi rejected the credentials',
			description: [
				'Mad Mimi said: "Unable to authenticate"',
				'API key in the Mad Mimi credentials',
			],
			httpCode: '401',
		}),
	},
	{
		name: '401 no API rights',
		respond: status(401, 'You do not have the rights to use this API'),
		expect: () => ({
			message: 'This Mad Mimi account is not allowed to use the API',
			description: ['You do not have the rights to use this API', 'Mad Mimi support'],
			httpCode: '401',
		}),
	},
	{ name: '404 blank', respond: status(404, ' '), expect: notFound('404') },
	{
		name: '409 conflict',
		respond: status(409, 'Conflict: the record was changed by another request'),
		expect: refusedWith('Conflict: the record was changed by another request'),
	},
	{
		name: '429 rate limited (tried again: the service did not take it)',
		respond: status(429, 'Rate limit exceeded'),
		transient: 'notTaken',
		expect: () => 'success',
	},
	{
		name: '500 HTML page (a once-only write may have been done)',
		respond: status(500, RAILS_500),
		expect: serverError({
			message: 'Mad Mimi could not handle the request (500)',
			description: ["We're sorry, but something went wrong.", 'the node did not repeat it'],
			httpCode: '500',
		}),
	},
	{
		name: '502 HTML page (tried again unless once-only)',
		respond: status(502, NGINX_502),
		transient: 'inDoubt',
		expect: triedAgain("Mad Mimi's gateway responded 502"),
	},
	{
		name: '500 page echoing the api_key (a once-only write may have been done)',
		respond: status(500, ECHO_500),
		expect: serverError({
			message: 'Mad Mimi could not handle the request (500)',
			description: ['Internal error'],
			httpCode: '500',
		}),
	},
	{
		name: 'connection refused on every try',
		refused: true,
		expect: () => ({
			message: 'Could not connect to Mad Mimi: the connection was refused',
			description: [
				/^Tried 5 times over /,
				'Nothing responded at http://127.0.0.1:',
				'base URL in the Mad Mimi credentials',
			],
		}),
	},
	{
		name: 'connection reset (tried again unless once-only)',
		respond: 'reset',
		transient: 'inDoubt',
		expect: triedAgain('The connection was cut before the response came'),
	},
	{
		name: 'reset mid-answer (tried again unless once-only)',
		respond: 'resetMidAnswer',
		transient: 'inDoubt',
		expect: triedAgain(/^The (connection was cut|answer broke off)/),
	},
	{
		name: 'timeout (hang, 0.5 s; tried again unless once-only)',
		respond: 'hang',
		timeoutSeconds: 0.5,
		transient: 'inDoubt',
		expect: triedAgain('No response came in time'),
	},
	{
		name: 'empty 200 body',
		respond: (op) => status(200, '', CONTENT_TYPE[op.answer]),
		expect: (op) => unreadable(op, /empty/, true),
	},
	{
		name: 'malformed XML',
		respond: (op) => status(200, MALFORMED_XML, CONTENT_TYPE[op.answer]),
		expect: (op) =>
			unreadable(op, /not well-formed XML|not valid JSON|not a list of email addresses/),
	},
	{
		name: 'DOCTYPE with entity expansion (billion laughs)',
		respond: (op) => status(200, BILLION_LAUGHS, CONTENT_TYPE[op.answer]),
		expect: (op) =>
			unreadable(
				op,
				op.answer === 'xml' ? 'DOCTYPE' : /not valid JSON|not a list of email addresses/,
			),
	},
	{
		name: '200 sign-in page of a proxy, echoing the api_key',
		respond: status(200, PORTAL_200),
		// refused by the transport for every operation, writes that read no answer included
		expect: () => ({
			message: UNREADABLE,
			description: ['The response is an HTML page', 'base URL'],
		}),
	},
];

/** Generic qualities of a message a no-code user reads. */
function expectReadable(message: unknown, description: unknown): void {
	expect(typeof message).toBe('string');
	const m = String(message);
	expect(m.length).toBeGreaterThan(10);
	expect(m.length).toBeLessThan(200);
	expect(m).not.toMatch(/undefined|\[object Object\]|<\/?[a-z]+[\s>]/i);
	if (description !== undefined) {
		const d = String(description);
		expect(d.length).toBeLessThan(1200);
		expect(d).not.toMatch(
			/undefined|\[object Object\]|<\/?(html|body|div|h1|script|style|center)[\s>]/i,
		);
	}
}

/** Faults whose answer itself quotes the request (the node shows the service's text, path and all). */
function quotesThePath(fault: FaultCase): boolean {
	return fault.name.includes('echoing the api_key');
}

/** The API path of an operation (`/audience_lists/lists.xml`): never shown to a user, whose words the messages speak. */
function apiPath(op: OpCase): string {
	return op.endpoint.replace(/^[A-Z]+ /, '');
}

function expectDescription(
	description: unknown,
	wanted: Array<string | RegExp>,
	op?: OpCase,
): void {
	const d = String(description ?? '');
	if (op) expect(d).not.toContain(apiPath(op));
	for (const w of wanted) {
		if (typeof w === 'string') expect(d).toContain(w);
		else expect(d).toMatch(w);
	}
}

function pathMatches(op: OpCase, path: string): boolean {
	return typeof op.path === 'string' ? op.path === path : op.path.test(path);
}

export function faultMatrix(env: { readonly emulator: Emulator }): void {
	const ran = new Set<string>();

	async function arm(op: OpCase, fault: FaultCase): Promise<void> {
		if (fault.refused) {
			await setCredentials({ ...DEMO_CREDENTIALS, baseUrl: await closedPortUrl() });
			return;
		}
		const respond = typeof fault.respond === 'function' ? fault.respond(op) : fault.respond!;
		env.emulator.faults.add({ method: op.method, path: op.path, after: 1, times: 1, respond });
	}

	const cases = OPS.flatMap((op) =>
		FAULTS.map((fault) => [op.name, fault.name, op, fault] as const),
	);

	test.each(cases)('%s: %s', async (_opName, _faultName, op, fault) => {
		ran.add(fault.name);
		const expectation = fault.expect(op);
		const failing = fault.refused ? [0, 1, 2] : [1];
		const parameters = fault.timeoutSeconds
			? {
					...op.parameters,
					options: {
						...((op.parameters.options as IDataObject | undefined) ?? {}),
						timeout: fault.timeoutSeconds,
					},
				}
			: op.parameters;
		const problems: string[] = [];

		const t0 = Date.now();

		// --- with Continue On Fail: one error item paired to the failing input, the others go on
		await arm(op, fault);
		let mark = logs.mark();
		const cof = await runNode({ parameters, continueOnFail: true }, op.input());
		problems.push(...hunt(`${op.name} / ${fault.name} (continue)`, cof, mark));
		expect(cof.error).toBeUndefined();
		expect(inInputOrder(cof.items)).toBe(true);
		const groups = byItem(cof.items, 3);
		expect(groups.flat()).toHaveLength(cof.items.length);
		for (let i = 0; i < 3; i++) {
			const own = groups[i];
			if (expectation === 'success' || !failing.includes(i)) {
				expect(own.filter(isErrorItem)).toEqual([]);
				const mayBeEmpty = expectation === 'success' && i === 1 && op.emptyIsValid;
				if (!mayBeEmpty) expect(own.length).toBeGreaterThan(0);
				continue;
			}
			expect(own).toHaveLength(1);
			const json = own[0].json;
			expect(json.error).toBe(expectation.message);
			expectReadable(json.error, json.description);
			expectDescription(
				json.description,
				expectation.description,
				quotesThePath(fault) ? undefined : op,
			);
			if (expectation.httpCode) expect(json.httpCode).toBe(expectation.httpCode);
		}
		// one request per item, and one more for the fault the node tried again
		const triedTwice =
			fault.transient !== undefined &&
			!(op.onceOnly !== undefined && fault.transient === 'inDoubt');
		const sent = env.emulator.requests.filter((r) => pathMatches(op, r.path));
		const wanted = fault.refused ? 0 : triedTwice ? 4 : 3;
		expect(sent).toHaveLength(wanted);

		// --- without: the run stops at the failing item, with an error naming it
		env.emulator.reset('demo');
		if (!fault.refused)
			await setCredentials({ ...DEMO_CREDENTIALS, baseUrl: env.emulator.baseUrl });
		await arm(op, fault);
		mark = logs.mark();
		const stop = await runNode({ parameters }, op.input());
		problems.push(...hunt(`${op.name} / ${fault.name} (stop)`, stop, mark));
		if (expectation === 'success') {
			expect(stop.error).toBeUndefined();
		} else {
			expect(stop.error?.message).toBe(expectation.message);
			expectReadable(stop.error?.message, stop.error?.description);
			expectDescription(
				stop.error?.description,
				expectation.description,
				quotesThePath(fault) ? undefined : op,
			);
			expect(stop.error?.context?.itemIndex).toBe(failing[0]);
			if (expectation.httpCode) expect(stop.error?.httpCode).toBe(expectation.httpCode);
			// the items after the failing one are never sent
			const stopSent = env.emulator.requests.filter((r) => pathMatches(op, r.path));
			expect(stopSent).toHaveLength(fault.refused ? 0 : 2);
		}
		expect(problems).toEqual([]);
		// nothing expands, nothing waits beyond the timeout: both runs take a few seconds at most
		expect(Date.now() - t0).toBeLessThan(5_000);
	});

	test('every fault kind was tried on every operation', () => {
		expect(ran.size).toBe(FAULTS.length);
	});
}

/** The 50 MB answer: once per format, a clear error, in bounded time and memory. */
export function hugeAnswers(env: { readonly emulator: Emulator }): void {
	const SIZE = 50 * 1024 * 1024;
	const byFormat = [
		['xml', OPS.find((o) => o.name === 'audienceList.getAll')!],
		['json', OPS.find((o) => o.name === 'socialLink.getAll')!],
		['text', OPS.find((o) => o.name === 'audienceMember.getOptedOut')!],
	] as const;

	test.each(byFormat)(
		'a 50 MB answer where %s was expected fails clearly, without garbage items',
		async (_format, op) => {
			env.emulator.faults.add({
				method: op.method,
				path: op.path,
				times: 1,
				respond: { hugeBytes: SIZE },
			});
			const mark = logs.mark();
			const started = Date.now();
			const result = await runNode({ parameters: op.parameters }, op.input().slice(0, 1));
			expect(Date.now() - started).toBeLessThan(20_000);
			// refused as too large while it streams in, before it is held whole (default cap 20 MB)
			expect(result.error?.message).toBe("Mad Mimi's response is larger than 20 MB");
			expectReadable(result.error?.message, result.error?.description);
			expect(String(result.error?.description)).toContain('Max Response Size');
			expect(String(result.error?.description)).not.toContain(apiPath(op));
			expect(result.items).toEqual([]);
			// the stored run stays small: no part of the 50 MB is kept
			const run = serialize(result.run);
			expect(run.length).toBeLessThan(100_000);
			expect(hunt(`${op.name} / 50 MB`, result, mark)).toEqual([]);
			expect(env.emulator.requests).toHaveLength(1);
		},
	);
}

/** Pairing holds when the items of a batch run at the same time. */
export function parallelPairing(env: { readonly emulator: Emulator }): void {
	test("with batching (3 items at once), a fault on the 2nd item's request is paired to the 2nd item", async () => {
		const emails = ['ann.archer@example.com', 'ben.baker@example.com', 'cara.cole@example.com'];
		env.emulator.faults.add({
			path: `/audience_members/${emails[1]}/lists.xml`,
			respond: status(500, RAILS_500),
		});
		// answers take a moment, so the three requests are in flight together
		env.emulator.latencyMs = 40;
		const mark = logs.mark();
		const result = await runNode(
			{
				parameters: nodeParams('audienceMember', 'getLists', {
					email: '={{ $json.email }}',
					options: { itemsPerBatch: 3 },
				}),
				continueOnFail: true,
			},
			emails.map((email) => ({ json: { email } })),
		);
		env.emulator.latencyMs = 0;
		expect(env.emulator.maxInFlight).toBe(3);
		const groups = byItem(result.items, 3);
		expect(groups[0].every((i) => i.json.email === emails[0] && !isErrorItem(i))).toBe(true);
		expect(groups[0].length).toBeGreaterThan(0);
		expect(groups[1].map((i) => i.json.error)).toEqual([
			'Mad Mimi could not handle the request (500)',
		]);
		expect(groups[2].every((i) => i.json.email === emails[2] && !isErrorItem(i))).toBe(true);
		expect(groups[2].length).toBeGreaterThan(0);
		expect(inInputOrder(result.items)).toBe(true);
		expect(hunt('parallel pairing', result, mark)).toEqual([]);
	});
}

/** A key with URL-special characters: absent in every form, whatever the failure. */
export function specialKey(env: { readonly emulator: Emulator }): void {
	const KEY = 'Pa55+w/rd=?&#%20ünï "q" ~!*()\'x';
	const forms = secretForms(KEY);
	test.each(
		OPS.filter((o) => ['audienceList.getAll', 'promotion.save', 'signupForm.get'].includes(o.name)),
	)(
		'a key with / ? # % & = + and unicode is in no message, item, run or log ($name)',
		async (op) => {
			await setCredentials({
				username: DEMO_CREDENTIALS.username,
				apiKey: KEY,
				baseUrl: env.emulator.baseUrl,
			});
			const mark = logs.mark();
			const result = await runNode(
				{ parameters: op.parameters, continueOnFail: true },
				op.input().slice(0, 1),
			);
			const stop = await runNode({ parameters: op.parameters }, op.input().slice(0, 1));
			// the key travelled (URL-encoded in the query or the form) and was refused
			const [request] = env.emulator.requests;
			expect(request.query.api_key ?? request.form.api_key).toBe(KEY);
			expect(result.items.map((i) => i.json.error)).toEqual(['Mad Mimi rejected the credentials']);
			expect(stop.error?.message).toBe('Mad Mimi rejected the credentials');
			const texts = [
				serialize(result.items),
				serialize(result.run),
				serialize(stop.error),
				serialize(stop.run),
				logs.since(mark),
			];
			const found = texts.flatMap((t) => leaksIn(t, forms));
			expect(found).toEqual([]);
		},
	);
}
