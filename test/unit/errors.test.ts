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
	test('401 Unable to authenticate → credentials rejected', () => {
		const error = statusError(context(), 401, 'Unable to authenticate');
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('Mad Mimi rejected the credentials');
		expect(error.description).toContain('Mad Mimi said: "Unable to authenticate".');
		expect(error.description).toContain('API key');
		expect(error.httpCode).toBe('401');
		expectNoSecret(error);
	});

	test('401 without API rights → account not allowed', () => {
		const error = statusError(context(), 401, 'You do not have the rights to use this API');
		expect(error.message).toBe('This Mad Mimi account is not allowed to use the API');
		expect(error.description).toContain(
			'Mad Mimi said: "You do not have the rights to use this API".',
		);
		expect(error.description).toContain('enable API access');
		expect(error.httpCode).toBe('401');
		expectNoSecret(error);
	});

	test('400 with the service text', () => {
		const error = statusError(context(), 400, 'jane@example.com does not exist');
		expect(error.message).toBe('Mad Mimi refused the request: jane@example.com does not exist');
		// the user's words, never the API path (kept on the context for debugging)
		expect(error.description).not.toContain('/audience_lists');
		expect(error.context.request).toBe(ENDPOINT);
		expect(error.description).toContain('Mad Mimi said: "jane@example.com does not exist".');
		expect(error.httpCode).toBe('400');
		expectNoSecret(error);
	});

	test('400 and 422 without a body', () => {
		expect(statusError(context(), 400, '').message).toBe('Mad Mimi refused the request');
		const error = statusError(context(), 422, '  ');
		expect(error.message).toBe('Mad Mimi refused the request');
		expect(error.description).toBe('Check the values given to the node.');
		expect(error.httpCode).toBe('422');
	});

	// n8n's NodeApiError rewrites a message holding a Node error code (EPERM, ENOENT…, any case)
	test('a 400 whose text contains an error-code-like substring ("deepermind" holds EPERM) keeps its message', () => {
		const error = statusError(context(), 400, 'deepermind@example.com does not exist');
		expect(error.message).toBe(
			'Mad Mimi refused the request: deepermind@example.com does not exist',
		);
	});

	test('404 with a single-space body → not found, no "Mad Mimi said"', () => {
		const error = statusError(context(), 404, ' ');
		expect(error.message).toBe('Mad Mimi could not find the requested record');
		expect(error.description).toBe(
			'Check the IDs and names given to the node, and that the base URL in the credentials is right.',
		);
		expect(error.description).not.toContain('Mad Mimi said');
		expect(error.httpCode).toBe('404');
		expectNoSecret(error);
	});

	test("404 uses the operation's own not-found text", () => {
		const error = statusError(
			context({ notFound: 'The list "Newsletter" does not exist in Mad Mimi' }),
			404,
			'Not found',
		);
		expect(error.message).toBe('The list "Newsletter" does not exist in Mad Mimi');
		expect(error.description).toContain('Mad Mimi said: "Not found".');
	});

	test('429 → rate limited', () => {
		const error = statusError(context(), 429, 'Rate limit exceeded');
		expect(error.message).toBe('Mad Mimi is limiting the rate of requests');
		expect(error.description).toContain('send fewer requests at once');
		expect(error.description).toContain('Mad Mimi said: "Rate limit exceeded".');
		expect(error.httpCode).toBe('429');
		expect(error.failure).toEqual({ cause: 'rate-limited' });
		expect(statusError(context(), 429, '', 2500).failure).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 2500,
		});
		expectNoSecret(error);
	});

	test('500 with an HTML page echoing the api_key → readable, redacted', () => {
		const page =
			"<!DOCTYPE html>\n<html><head><title>We're sorry, but something went wrong (500)</title>" +
			'<style>body{font-family:arial}</style></head><body>\n' +
			`<h1>Something went wrong</h1><p>GET /audience_lists/lists.xml?username=a&api_key=${HIDDEN}</p>` +
			`<p>key: ${HIDDEN} / ${encodeURIComponent(ODD_HIDDEN)} / ${ODD_HIDDEN}</p></body></html>`;
		const error = statusError(context(), 500, page);
		expect(error.message).toBe('Mad Mimi could not handle the request (500)');
		expect(error.description).toContain('Something went wrong');
		expect(error.description).toContain('api_key=***');
		expect(error.description).not.toMatch(/<[a-z]/i);
		expect(error.httpCode).toBe('500');
		expectNoSecret(error);
	});

	test('503 and other 5xx', () => {
		const error = statusError(context(), 503, '');
		expect(error.message).toBe('Mad Mimi is unavailable at the moment (503)');
		expect(error.httpCode).toBe('503');
	});

	test('an unexpected status', () => {
		const error = statusError(context(), 418, "I'm a teapot");
		expect(error.message).toBe('Mad Mimi responded with an unexpected status 418');
		expect(error.description).toBe(
			'Check that the base URL in the credentials points at the Mad Mimi API. Mad Mimi said: "I\'m a teapot".',
		);
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
	const reset = { code: 'ECONNRESET' };
	const resetAsCause = { message: 'Request failed', cause: { code: 'ECONNRESET' } };

	test('ECONNREFUSED', () => {
		const error = connectionError(context(), refused, ORIGIN, 60_000);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('ECONNREFUSED');
		expect(error.message).toMatch(/refused/i);
		expect(error.description).toBe(
			`Nothing responded at ${ORIGIN}. Check the base URL in the Mad Mimi credentials, and that the service is reachable from n8n.`,
		);
		expectNoSecret(error);
	});

	test('timeout (ECONNABORTED) → ETIMEDOUT', () => {
		const error = connectionError(context(), timeout, ORIGIN, 100);
		expect(error.context.errorCode).toBe('ETIMEDOUT');
		expect(error.message).toBe('Mad Mimi did not respond within 100 ms');
		expect(error.description).toBe(
			`No response came from ${ORIGIN}. Run the workflow again later.`,
		);
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

	test('a timeout recognised from the message only', () => {
		expect(
			connectionError(context(), new Error('timeout of 60000ms exceeded'), ORIGIN, 60_000).httpCode,
		).toBe('ETIMEDOUT');
		expect(connectionError(context(), { code: 'ETIMEDOUT' }, ORIGIN, 60_000).httpCode).toBe(
			'ETIMEDOUT',
		);
		expect(connectionError(context(), { code: 'ERR_CANCELED' }, ORIGIN, 60_000).httpCode).toBe(
			'ETIMEDOUT',
		);
	});

	test.each([
		['at the top', reset],
		['as .cause', resetAsCause],
		[
			'as .cause.cause',
			{ message: 'outer', cause: { message: 'inner', cause: { code: 'ECONNRESET' } } },
		],
		['as "socket hang up"', new Error('socket hang up')],
	])('ECONNRESET %s', (_where, input) => {
		const error = connectionError(context(), input, ORIGIN, 60_000);
		expect(error.httpCode).toBe('ECONNRESET');
		expect(error.description).toBe(
			`The connection to ${ORIGIN} was reset. Run the workflow again later.`,
		);
		expectNoSecret(error);
	});

	test('ENOTFOUND', () => {
		const error = connectionError(
			context(),
			{ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND api.madmimi.invalid' },
			ORIGIN,
			60_000,
		);
		expect(error.httpCode).toBe('ENOTFOUND');
		expect(error.description).toBe(
			`The host of ${ORIGIN} could not be resolved. Check the base URL in the Mad Mimi credentials.`,
		);
		expectNoSecret(error);
	});

	test('an unknown failure keeps its (redacted) text', () => {
		const error = connectionError(
			context(),
			new Error(`Invalid URL ${ORIGIN}/x?username=a&api_key=${HIDDEN}`),
			ORIGIN,
			60_000,
		);
		expect(error.httpCode).toBe('UNKNOWN');
		expect(error.message).toBe('The request did not reach Mad Mimi');
		expect(error.description).toBe(
			`Check the base URL in the Mad Mimi credentials (${ORIGIN}), and that the service is reachable from n8n. Node.js said: Invalid URL ${ORIGIN}/x?username=a&api_key=***`,
		);
		expectNoSecret(error);
	});

	test('the item index is kept in the error context', () => {
		expect(
			connectionError(context({ itemIndex: 2 }), refused, ORIGIN, 60_000).context.itemIndex,
		).toBe(2);
	});

	test.each([
		[
			'refused',
			{
				...refused,
				message: `connect ECONNREFUSED ${ECHO}`,
				config: { url: `${ORIGIN}/x?api_key=${HIDDEN}` },
			},
		],
		['timeout', { ...timeout, message: `timeout of 100ms exceeded ${ECHO}` }],
		['reset', { ...resetAsCause, message: ECHO }],
		['reset nested', { message: 'failed', cause: { code: 'ECONNRESET', message: ECHO } }],
		['not found', { code: 'ENOTFOUND', message: ECHO }],
		['unknown Error', new Error(ECHO)],
		['unknown string', ECHO],
	])('%s: secrets in the failure never show', (_name, input) => {
		expectNoSecret(connectionError(context(), input, ORIGIN, 100));
	});

	// with the network code as httpCode, n8n's NodeApiError would put its generic text for the code instead
	test.each([
		['ECONNREFUSED', refused, 'Could not connect to Mad Mimi: the connection was refused'],
		['ETIMEDOUT', timeout, 'Mad Mimi did not respond within 60 seconds'],
		[
			'ECONNRESET',
			resetAsCause,
			'The connection to Mad Mimi was cut before the response was complete',
		],
		[
			'ENOTFOUND',
			{ code: 'ENOTFOUND' },
			'Could not connect to Mad Mimi: the host name was not found',
		],
	])(
		"%s keeps the message connectionError wrote, not n8n's generic text for the code",
		(_code, input, expected) => {
			expect(connectionError(context(), input, ORIGIN, 60_000).message).toBe(expected);
		},
	);
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
