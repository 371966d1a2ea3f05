/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code: runs in jest, never inside n8n */
import { inspect } from 'node:util';

import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { type ErrorContext, redactAll, serviceText } from '../../nodes/MadMimi/transport/apiError';
import {
	connectionError,
	findCode,
	unreadableAnswerError,
} from '../../nodes/MadMimi/transport/failures';
import { statusError } from '../../nodes/MadMimi/transport/refusals';

const node: INode = {
	id: '1',
	name: 'Mad Mimi',
	type: 'n8n-nodes-madmimi.madMimi',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** The API key given to the error helpers as a secret (fake). */
const HIDDEN = 'sekret-key-12345';
/** A key with characters that URI encoding changes, to check the encoded forms too. */
const ODD_HIDDEN = 'sek/ret+key=12 345&x';
const ENDPOINT = 'GET /audience_lists/lists.xml';
const ORIGIN = 'https://api.madmimi.com';

function context(extra: Partial<ErrorContext> = {}): ErrorContext {
	return { node, secrets: [HIDDEN, ODD_HIDDEN], endpoint: ENDPOINT, ...extra };
}

/** Every form of every secret that must never be shown. */
const FORBIDDEN = [HIDDEN, ODD_HIDDEN].flatMap((s) => [s, encodeURIComponent(s), encodeURI(s)]);

function expectNoSecret(error: NodeApiError): void {
	const texts = [
		error.message,
		error.description ?? '',
		inspect(error, { depth: 6 }),
		JSON.stringify(error.messages),
	];
	for (const text of texts) {
		for (const form of FORBIDDEN) expect(text).not.toContain(form);
	}
}

/** Text that echoes the secrets the ways a server or a library might. */
const ECHO =
	`api_key=${HIDDEN} key ${HIDDEN} encoded ${encodeURIComponent(HIDDEN)} ` +
	`odd ${ODD_HIDDEN} ${encodeURIComponent(ODD_HIDDEN)} ${encodeURI(ODD_HIDDEN)} ` +
	`url ${ORIGIN}/audience_lists/lists.xml?username=a&api_key=${encodeURIComponent(ODD_HIDDEN)}`;

describe('redactAll', () => {
	test('replaces a secret and its URI-encoded forms', () => {
		const out = redactAll(
			`a ${ODD_HIDDEN} b ${encodeURIComponent(ODD_HIDDEN)} c ${encodeURI(ODD_HIDDEN)} d`,
			[ODD_HIDDEN],
		);
		expect(out).toBe('a *** b *** c *** d');
	});

	test('replaces every occurrence of every secret', () => {
		expect(redactAll(`${HIDDEN}/${HIDDEN} other-secret-999`, [HIDDEN, 'other-secret-999'])).toBe(
			'***/*** ***',
		);
	});

	test('cuts any api_key query value, whatever the secrets list holds', () => {
		expect(redactAll('GET /x?username=a&api_key=abcdef&promotion=1', [])).toBe(
			'GET /x?username=a&api_key=***&promotion=1',
		);
		expect(redactAll('API_KEY=zzz "api_key=yyy"', [])).toBe('API_KEY=*** "api_key=***"');
	});

	test('ignores empty and very short secrets (they would blank out ordinary text)', () => {
		expect(redactAll('a b c', ['', 'a'])).toBe('a b c');
	});

	test('leaves text without secrets unchanged', () => {
		expect(redactAll('Mad Mimi said: Unable to authenticate', [HIDDEN])).toBe(
			'Mad Mimi said: Unable to authenticate',
		);
	});
});

describe('serviceText', () => {
	test('strips HTML tags, scripts and styles; folds white space; decodes &nbsp;', () => {
		const html =
			'<!DOCTYPE html><html><head><title>Oops</title><style>body { color: red }</style>' +
			'<script>var x = "<b>";</script></head><body>\n<h1>Internal&nbsp;Server   Error</h1>\n<p>Try later.</p></body></html>';
		expect(serviceText(html)).toBe('Oops Internal Server Error Try later.');
	});

	test('plain text is only trimmed and folded', () => {
		expect(serviceText('  Unable to\n\tauthenticate  ')).toBe('Unable to authenticate');
	});

	test('white space only gives an empty text', () => {
		expect(serviceText(' ')).toBe('');
		expect(serviceText('')).toBe('');
	});

	test('long text is cut with an ellipsis', () => {
		expect(serviceText('x'.repeat(500))).toBe(`${'x'.repeat(400)}…`);
		expect(serviceText('y'.repeat(50), 10)).toBe(`${'y'.repeat(10)}…`);
		expect(serviceText('z'.repeat(400))).toBe('z'.repeat(400));
	});
});

describe('statusError', () => {
	// 401 (both texts), 404 blank, 409 with a text and 500 pages (one echoing the key) through the
	// node on every operation family: test/reliability/faults.cases.ts
	test.each<[string, Partial<ErrorContext>, number, string, string, string]>([
		[
			'400 without a body',
			{},
			400,
			'',
			'Mad Mimi refused the request',
			'Check the values given to the node.',
		],
		[
			'422 of white space',
			{},
			422,
			'  ',
			'Mad Mimi refused the request',
			'Check the values given to the node.',
		],
		// n8n's NodeApiError rewrites a message holding a Node error code (EPERM, ENOENT…, any case)
		[
			'a 400 whose text holds an error-code-like word ("deepermind" holds EPERM)',
			{},
			400,
			'deepermind@example.com does not exist',
			'Mad Mimi refused the request: deepermind@example.com does not exist',
			'Check the values given to the node. Mad Mimi said: "deepermind@example.com does not exist".',
		],
		[
			'404 of one space: no "Mad Mimi said"',
			{},
			404,
			' ',
			'Mad Mimi could not find the requested record',
			'Check the IDs and names given to the node, and that the base URL in the credentials is right.',
		],
		[
			"404 in the operation's own words",
			{ notFound: 'The list "Newsletter" does not exist in Mad Mimi' },
			404,
			'Not found',
			'The list "Newsletter" does not exist in Mad Mimi',
			'Check the IDs and names given to the node, and that the base URL in the credentials is right. Mad Mimi said: "Not found".',
		],
		[
			'429',
			{},
			429,
			'Rate limit exceeded',
			'Mad Mimi is limiting the rate of requests',
			'Run the workflow again later, or send fewer requests at once: lower "Items per Batch" or "Parallel Page Reads" in the node\'s options. Mad Mimi said: "Rate limit exceeded".',
		],
		[
			'503',
			{},
			503,
			'',
			'Mad Mimi is unavailable at the moment (503)',
			'This is usually temporary: run the workflow again later.',
		],
		[
			'an unexpected status',
			{},
			418,
			"I'm a teapot",
			'Mad Mimi responded with an unexpected status 418',
			'Check that the base URL in the credentials points at the Mad Mimi API. Mad Mimi said: "I\'m a teapot".',
		],
	])('%s', (_name, extra, status, body, message, description) => {
		const error = statusError(context(extra), status, body);
		expect(error).toBeInstanceOf(NodeApiError);
		expect([error.message, error.description, error.httpCode]).toEqual([
			message,
			description,
			String(status),
		]);
		// the user's words, never the API path (kept on the context for debugging)
		expect(error.context.request).toBe(ENDPOINT);
	});

	test("a 429's failure for n8n: rate-limited, with the wait Mad Mimi asked for", () => {
		expect(statusError(context(), 429, '').failure).toEqual({ cause: 'rate-limited' });
		expect(statusError(context(), 429, '', 2500).failure).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 2500,
		});
	});

	test('the item index is kept in the error context', () => {
		expect(statusError(context({ itemIndex: 3 }), 400, 'bad').context.itemIndex).toBe(3);
	});

	// redacting after the cut would miss a secret that straddles it
	test('a secret cut by the 400-character limit does not partly show', () => {
		const error = statusError(context(), 500, `${'x'.repeat(390)} ${HIDDEN} more text`);
		expect(error.description).not.toContain(HIDDEN.slice(0, 8));
	});

	test.each([400, 401, 404, 409, 410, 422, 429, 500, 502, 503, 418])(
		'status %d: secrets in the body never show',
		(status) => {
			const error = statusError(
				context({ notFound: `Nothing at ${HIDDEN}` }),
				status,
				`<p>${ECHO}</p>`,
			);
			expectNoSecret(error);
		},
	);
});

describe('connectionError', () => {
	const refused = { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' };
	const timeout = { message: 'timeout of 100ms exceeded', code: 'ECONNABORTED' };
	const resetAsCause = { message: 'Request failed', cause: { code: 'ECONNRESET' } };
	const RESET = [
		'ECONNRESET',
		'The connection to Mad Mimi was cut before the response was complete',
		`The connection to ${ORIGIN} was reset. Run the workflow again later.`,
	];
	const TIMEOUT = `No response came from ${ORIGIN}. Run the workflow again later.`;

	// with the network code as httpCode, n8n's NodeApiError would put its generic text for the
	// code in place of the message connectionError wrote
	test.each<[string, unknown, number, string[]]>([
		[
			'ECONNREFUSED',
			refused,
			60_000,
			[
				'ECONNREFUSED',
				'Could not connect to Mad Mimi: the connection was refused',
				`Nothing responded at ${ORIGIN}. Check the base URL in the Mad Mimi credentials, and that the service is reachable from n8n.`,
			],
		],
		[
			'a timeout (ECONNABORTED)',
			timeout,
			100,
			['ETIMEDOUT', 'Mad Mimi did not respond within 100 ms', TIMEOUT],
		],
		[
			'a timeout of 60 s',
			timeout,
			60_000,
			['ETIMEDOUT', 'Mad Mimi did not respond within 60 seconds', TIMEOUT],
		],
		[
			'a timeout named in the message only',
			new Error('timeout of 60000ms exceeded'),
			1,
			['ETIMEDOUT', 'Mad Mimi did not respond within 1 ms', TIMEOUT],
		],
		[
			'ETIMEDOUT',
			{ code: 'ETIMEDOUT' },
			1,
			['ETIMEDOUT', 'Mad Mimi did not respond within 1 ms', TIMEOUT],
		],
		[
			'ERR_CANCELED',
			{ code: 'ERR_CANCELED' },
			1,
			['ETIMEDOUT', 'Mad Mimi did not respond within 1 ms', TIMEOUT],
		],
		['ECONNRESET at the top', { code: 'ECONNRESET' }, 1, RESET],
		['ECONNRESET as .cause', resetAsCause, 1, RESET],
		[
			'ECONNRESET as .cause.cause',
			{ message: 'outer', cause: { message: 'inner', cause: { code: 'ECONNRESET' } } },
			1,
			RESET,
		],
		['ECONNRESET as "socket hang up"', new Error('socket hang up'), 1, RESET],
		[
			'ENOTFOUND',
			{ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND api.madmimi.invalid' },
			1,
			[
				'ENOTFOUND',
				'Could not connect to Mad Mimi: the host name was not found',
				`The host of ${ORIGIN} could not be resolved. Check the base URL in the Mad Mimi credentials.`,
			],
		],
		[
			'an unknown failure: its text, redacted',
			new Error(`Invalid URL ${ORIGIN}/x?username=a&api_key=${HIDDEN}`),
			1,
			[
				'UNKNOWN',
				'The request did not reach Mad Mimi',
				`Check the base URL in the Mad Mimi credentials (${ORIGIN}), and that the service is reachable from n8n. Node.js said: Invalid URL ${ORIGIN}/x?username=a&api_key=***`,
			],
		],
	])('%s', (_name, input, timeoutMs, [code, message, description]) => {
		const error = connectionError(context(), input, ORIGIN, timeoutMs);
		expect(error).toBeInstanceOf(NodeApiError);
		expect([error.httpCode, error.message, error.description]).toEqual([
			code,
			message,
			description,
		]);
		expectNoSecret(error);
	});

	test("n8n 2.8's wrapper, which keeps the code in httpCode and the original message in messages, with no cause", () => {
		// as n8n-core 2.8.4's httpRequestWithAuthentication throws a cut connection (seen in the e2e suite)
		const wrapped = Object.assign(
			new Error('The connection to the server was closed unexpectedly, perhaps it is offline.'),
			{ httpCode: 'ECONNRESET', messages: ['read ECONNRESET'] },
		);
		expect(findCode(wrapped)).toBe('ECONNRESET');
		expect(
			findCode(
				Object.assign(new Error('The connection was aborted'), { messages: ['socket hang up'] }),
			),
		).toBe('ECONNRESET');
		expect(
			findCode(
				Object.assign(new Error('Something else'), { httpCode: '500', messages: ['Internal'] }),
			),
		).toBeUndefined();
	});

	test('the item index is kept in the error context', () => {
		expect(
			connectionError(context({ itemIndex: 2 }), refused, ORIGIN, 60_000).context.itemIndex,
		).toBe(2);
	});

	// the other failures say nothing of what Node.js said: their whole texts are in the table above
	test.each([
		['unknown Error', new Error(ECHO)],
		['unknown string', ECHO],
	])('%s: secrets in the failure never show', (_name, input) => {
		expectNoSecret(connectionError(context(), input, ORIGIN, 100));
	});
});

describe('unreadableAnswerError', () => {
	test('says what is wrong and quotes the start of the answer, redacted; the endpoint only on the context', () => {
		const error = unreadableAnswerError(
			context(),
			'The response is an HTML page, not an XML document',
			`<html><body>Login ${HIDDEN}</body></html>`,
		);
		expect(error.message).toBe('Mad Mimi sent a response the node cannot read');
		expect(error.description).toContain('The response is an HTML page, not an XML document.');
		expect(error.description).not.toContain(ENDPOINT);
		expect(error.context.request).toBe(ENDPOINT);
		expect(error.description).toContain('The response began: "Login ***".');
		expect(error.httpCode).toBe('BAD_ANSWER');
		expectNoSecret(error);
	});

	test('an empty answer is not quoted', () => {
		const error = unreadableAnswerError(context(), 'The response was empty', '');
		expect(error.description).not.toContain('The response began');
	});
});
