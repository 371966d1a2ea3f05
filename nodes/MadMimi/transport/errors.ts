import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import {
	ANSWER_QUOTED_CHARS,
	ANSWER_SCANNED_CHARS,
	ERROR_CAUSES_FOLLOWED,
	MIN_REDACTED_SECRET_CHARS,
	SERVICE_TEXT_MAX_CHARS,
} from '../settings';

/** Why a request failed, as n8n-workflow's NodeApiError declares it (its `failure` option), for n8n's engine and poll backoff. */
type Failure = NonNullable<ConstructorParameters<typeof NodeApiError>[2]>['failure'];

/**
 * Replaces every secret (and its URI-encoded forms) in a text by `***`, and cuts any `api_key=`
 * query value whatever it is: for what the user reads (messages, descriptions, the service's text).
 */
export function redactAll(text: string, secrets: string[]): string {
	return redactValues(text, secrets).replace(/(api_key=)[^&\s"'<>]*/gi, '$1***');
}

/** Replaces every secret and its URI-encoded forms by `***`, and nothing else: for answers whose other text must stay as it is. */
export function redactValues(text: string, secrets: string[]): string {
	let out = text;
	for (const secret of secrets) {
		if (!secret || secret.length < MIN_REDACTED_SECRET_CHARS) continue;
		const encoded = encodeURIComponent(secret);
		const forms = new Set([
			secret,
			encoded,
			encoded.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
			encodeURI(secret),
			new URLSearchParams({ k: secret }).toString().slice(2),
		]);
		for (const form of forms) if (out.includes(form)) out = out.split(form).join('***');
	}
	return out;
}

/** The service's text of an error answer, readable: HTML tags stripped, white space folded, cut. */
export function serviceText(body: string, max = SERVICE_TEXT_MAX_CHARS): string {
	const text = body
		.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
		.replace(/<[^>]+>/g, ' ')
		.replace(/&nbsp;/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	return text.length > max ? `${text.slice(0, max)}…` : text;
}

export interface ErrorContext {
	node: INode;
	secrets: string[];
	/** Where the request went, without credentials (`GET /audience_lists/lists.xml`): kept on the error's context for debugging, never in its message or description, which speak the user's words. */
	endpoint: string;
	/** What a 404 means for this operation, in the user's words. */
	notFound?: string;
	/** What a refusal means for this operation (the status and the service's text), in the user's words. */
	refusal?: Refusal;
	itemIndex?: number;
}

/** A refusal of Mad Mimi's, as an operation reads it. */
export interface Refused {
	/** The HTTP status of the refusal; undefined for an answer of 200 that says `"success": false`. */
	status?: number;
	/** The service's text, readable (tags stripped) and redacted. */
	text: string;
}

/** A message and what to do, in the user's words. */
export interface Wording {
	message: string;
	description: string;
}

/** An operation's reading of a refusal: its own wording, or undefined for the usual one. */
export type Refusal = (refused: Refused) => Wording | undefined;

function apiError(
	request: ErrorContext,
	code: string,
	message: string,
	description: string,
	failure?: Failure,
): NodeApiError {
	const safeMessage = redactAll(message, request.secrets);
	const safeDescription = redactAll(description, request.secrets);
	const isHttpStatus = /^\d{3}$/.test(code);
	// A plain, already-redacted object: the original error (whose config holds the request
	// URL with the api_key in its query string) is never attached to what n8n shows or stores.
	const response: JsonObject = { message: safeMessage, description: safeDescription, code };
	const error = new NodeApiError(request.node, response, {
		message: safeMessage,
		description: safeDescription,
		httpCode: isHttpStatus ? code : undefined,
		itemIndex: request.itemIndex,
		failure,
	});
	// NodeApiError swaps a message that mentions a system error code (ECONNREFUSED, EPERM…)
	// for a generic sentence of its own; ours says what to do, so it is put back.
	error.message = safeMessage;
	error.description = safeDescription;
	if (!isHttpStatus) error.context.errorCode = code;
	error.context.request = request.endpoint;
	return error;
}

/** What an HTTP error answer means for a no-code user, and what to do: the operation's own reading first. */
function statusWording(
	request: ErrorContext,
	status: number,
	text: string,
	retryAfterMs?: number,
): Wording & { failure?: Failure } {
	const said = text ? `Mad Mimi said: "${text}". ` : '';
	const operationsOwn =
		status !== 401 && status < 500 ? request.refusal?.({ status, text }) : undefined;
	if (operationsOwn)
		return {
			message: operationsOwn.message,
			description: `${operationsOwn.description} ${said}`.trim(),
		};
	const askedWait = retryAfterMs !== undefined ? { retryAfterMs } : {};
	if (status === 401 && /rights/i.test(text)) {
		return {
			message: 'This Mad Mimi account is not allowed to use the API',
			description: `${said}Ask Mad Mimi support to enable API access for the account, or use the credentials of an account that has it.`,
		};
	}
	if (status === 401) {
		return {
			message: 'Mad Mimi rejected the credentials',
			description: `${said}Check the username (the account's sign-in email) and the API key in the Mad Mimi credentials. The API key is on the Account page of Mad Mimi, under API.`,
		};
	}
	if (status === 400 || status === 409 || status === 422) {
		return {
			message: text ? `Mad Mimi refused the request: ${text}` : 'Mad Mimi refused the request',
			description: `Check the values given to the node. ${said}`.trim(),
		};
	}
	if (status === 404 || status === 410) {
		return {
			message: request.notFound ?? 'Mad Mimi could not find the requested record',
			description:
				`Check the IDs and names given to the node, and that the base URL in the credentials is right. ${said}`.trim(),
		};
	}
	if (status === 429) {
		return {
			message: 'Mad Mimi is limiting the rate of requests',
			description:
				`Run the workflow again later, or send fewer requests at once: lower "Items per Batch" or "Parallel Page Reads" in the node's options. ${said}`.trim(),
			failure: { cause: 'rate-limited', ...askedWait },
		};
	}
	if (status === 502 || status === 503 || status === 504) {
		return {
			message: `Mad Mimi is unavailable at the moment (${status})`,
			description: `This is usually temporary: run the workflow again later. ${said}`.trim(),
			failure: { cause: 'temporarily-unavailable', ...askedWait },
		};
	}
	if (status >= 500) {
		return {
			message: `Mad Mimi could not handle the request (${status})`,
			description:
				`Mad Mimi could not handle this request, and sending it again as it is fails the same way: the node did not repeat it. Check the values given to the node; if it goes on, contact Mad Mimi support. ${said}`.trim(),
		};
	}
	return {
		message: `Mad Mimi responded with an unexpected status ${status}`,
		description:
			`Check that the base URL in the credentials points at the Mad Mimi API. ${said}`.trim(),
	};
}

/**
 * Turns an HTTP error answer into an error a no-code user can act on. A 429 declares n8n's
 * `rate-limited` failure (with the wait Mad Mimi asked for), a 502, 503 or 504
 * `temporarily-unavailable`: n8n's engine and its poll backoff read them.
 */
export function statusError(
	request: ErrorContext,
	status: number,
	body: string,
	retryAfterMs?: number,
): NodeApiError {
	// redacted before it is cut, so no part of a key survives the cut
	const text = serviceText(redactAll(body, request.secrets));
	const { message, description, failure } = statusWording(request, status, text, retryAfterMs);
	return apiError(request, String(status), message, description, failure);
}

const NETWORK_CODES = [
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EPIPE',
	'ERR_CANCELED',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ERR_BAD_RESPONSE',
	'ERR_FR_MAX_BODY_LENGTH_EXCEEDED',
] as const;

/** One error of a failure's chain, as far as it tells the failure's system code. */
interface ErrorLink {
	code?: unknown;
	/** n8n's NodeApiError keeps the system code here (n8n 2.8: `ECONNRESET`), having replaced the message with its own. */
	httpCode?: unknown;
	message?: unknown;
	/** n8n's NodeApiError keeps the original messages here (n8n 2.8: `read ECONNRESET`, no `cause`). */
	messages?: unknown;
}

const isNetworkCode = (value: unknown): value is string =>
	typeof value === 'string' && (NETWORK_CODES as readonly string[]).includes(value);

/**
 * The system error code of a failure, looked up along its chain of causes: where n8n's wrapper
 * keeps it differs between n8n versions (the cause in 2.41, `httpCode` and `messages` in 2.8).
 */
export function findCode(error: unknown): string | undefined {
	const chain: ErrorLink[] = [];
	let current: unknown = error;
	for (
		let depth = 0;
		depth < ERROR_CAUSES_FOLLOWED && current && typeof current === 'object';
		depth++
	) {
		chain.push(current as ErrorLink);
		current = (current as { cause?: unknown }).cause;
	}
	const messages = [...chain]
		.reverse()
		.flatMap((link) => [...(Array.isArray(link.messages) ? link.messages : []), link.message]);
	// an explicit code anywhere in the chain wins (n8n's wrapper has a generic message of its own),
	// the error's own code before the one n8n's wrapper copied
	const explicit =
		chain.map((link) => link.code).find(isNetworkCode) ??
		chain.map((link) => link.httpCode).find(isNetworkCode);
	if (
		explicit === 'ECONNABORTED' &&
		messages.some((m) => typeof m === 'string' && /timeout/i.test(m))
	)
		return 'ETIMEDOUT';
	if (explicit !== undefined) return explicit;
	for (const message of messages) {
		if (typeof message !== 'string') continue;
		const hit = NETWORK_CODES.find((c) => message.includes(c));
		if (hit) return hit;
		if (/timeout|timed out/i.test(message)) return 'ETIMEDOUT';
		if (/socket hang up|aborted|reset/i.test(message)) return 'ECONNRESET';
	}
	return undefined;
}

/** Turns a failure to get any answer (refused, reset, timeout, DNS) into a clear error. */
export function connectionError(
	request: ErrorContext,
	error: unknown,
	origin: string,
	timeoutMs: number,
): NodeApiError {
	const code = findCode(error);
	switch (code) {
		case 'ECONNREFUSED':
			return apiError(
				request,
				code,
				`Could not connect to Mad Mimi: the connection was refused`,
				`Nothing responded at ${origin}. Check the base URL in the Mad Mimi credentials, and that the service is reachable from n8n.`,
			);
		case 'ENOTFOUND':
		case 'EAI_AGAIN':
			return apiError(
				request,
				code,
				'Could not connect to Mad Mimi: the host name was not found',
				`The host of ${origin} could not be resolved. Check the base URL in the Mad Mimi credentials.`,
			);
		case 'ETIMEDOUT':
		case 'ECONNABORTED':
		case 'ERR_CANCELED':
			return apiError(
				request,
				'ETIMEDOUT',
				`Mad Mimi did not respond within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`}`,
				`No response came from ${origin}. Run the workflow again later.`,
			);
		case 'ECONNRESET':
		case 'EPIPE':
		case 'ERR_BAD_RESPONSE':
			return apiError(
				request,
				code,
				'The connection to Mad Mimi was cut before the response was complete',
				`The connection to ${origin} was reset. Run the workflow again later.`,
			);
		default: {
			const raw = error instanceof Error ? error.message : String(error);
			return apiError(
				request,
				code ?? 'UNKNOWN',
				'The request did not reach Mad Mimi',
				`Check the base URL in the Mad Mimi credentials (${origin}), and that the service is reachable from n8n. Node.js said: ${raw}`,
			);
		}
	}
}

/**
 * A JSON answer of 200 that says `"success": false`: a refusal, with the service's `error` text.
 */
export function refusedAnswerError(request: ErrorContext, text: string): NodeApiError {
	const said = serviceText(redactAll(text, request.secrets));
	const operationsOwn = request.refusal?.({ text: said });
	if (operationsOwn)
		return apiError(
			request,
			'REFUSED',
			operationsOwn.message,
			`${operationsOwn.description}${said ? ` Mad Mimi said: "${said}".` : ''}`,
		);
	return apiError(
		request,
		'REFUSED',
		said ? `Mad Mimi refused the request: ${said}` : 'Mad Mimi refused the request',
		'Mad Mimi responded that the request did not succeed. Check the values given to the node.',
	);
}

/** An answer larger than the "Max Response Size" option: refused before it was held whole. */
export function tooLargeError(request: ErrorContext, maxBytes: number): NodeApiError {
	const megabytes = Math.round(maxBytes / 100_000) / 10;
	return apiError(
		request,
		'TOO_LARGE',
		`Mad Mimi's response is larger than ${megabytes} MB`,
		`The node stopped reading it at ${megabytes} MB and kept none of it. Mad Mimi's pages and lists are far smaller: check that the base URL in the credentials points at the Mad Mimi API. If a response this large is expected, raise the option "Max Response Size".`,
	);
}

/**
 * The NodeApiError of an answer that came back with a success status but cannot be read: a
 * reader's ParseError (parsing/), or an HTML page in place of the API's answer.
 */
export function unreadableAnswerError(
	request: ErrorContext,
	reason: string,
	body: string,
): NodeApiError {
	const sample = serviceText(
		redactAll(body.slice(0, ANSWER_SCANNED_CHARS), request.secrets),
		ANSWER_QUOTED_CHARS,
	);
	return apiError(
		request,
		'BAD_ANSWER',
		'Mad Mimi sent a response the node cannot read',
		`${reason}.${sample ? ` The response began: "${sample}".` : ''} Check that the base URL in the credentials points at the Mad Mimi API.`,
	);
}

/**
 * A request tried again and again until the retry policy's bound: the last try's error, saying
 * first what was tried. A 429 keeps its `rate-limited` failure with the last wait asked for.
 */
export function afterTries(error: NodeApiError, summary: string): NodeApiError {
	error.description = `${summary}${error.description ? ` ${error.description}` : ''}`;
	return error;
}

/** What the node knows of a write that must happen at most once, for the message when it may have happened. */
export interface InDoubtWording {
	/** The sentence a user reads first: "The email to jane@example.com may have gone out". */
	mayHave: string;
	/** How to find out whether it did, in the user's words. */
	check: string;
	/**
	 * False for a write a retried execution cannot check with Mad Mimi (a toggle): the message then
	 * does not call a Retry safe. Every other once-only write is asked about first in a retry.
	 */
	checkedOnRetry?: false;
}

/** What a Retry of the failed execution does with a once-only write that is checked on retry. */
const RETRY_IS_SAFE =
	"Retrying this execution from n8n's Executions list is safe: the node then asks Mad Mimi first and does only what was not done.";

/** The message and description of a once-only write that may have been done, and why it may have. */
export function inDoubtText(
	wording: InDoubtWording,
	reason: string,
): { message: string; description: string } {
	const what = `${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;
	const retry = wording.checkedOnRetry === false ? '' : ` ${RETRY_IS_SAFE}`;
	return {
		message: wording.mayHave,
		description: `${what}, so Mad Mimi may have done it. The node did not send it again, so that it cannot happen twice. ${wording.check}${retry}`,
	};
}

/**
 * A write that must happen at most once went out and no answer says what became of it: the
 * service may have done it. It is not sent again; the user is told so, and how to check.
 */
export function inDoubtError(
	request: ErrorContext,
	text: { message: string; description: string },
	code: string,
): NodeApiError {
	const error = apiError(request, code, text.message, text.description);
	error.context.mayHaveTakenEffect = true;
	return error;
}
