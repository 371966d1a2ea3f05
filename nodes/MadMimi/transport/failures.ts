import type { NodeApiError } from 'n8n-workflow';

import { ANSWER_QUOTED_CHARS, ANSWER_SCANNED_CHARS, ERROR_CAUSES_FOLLOWED } from '../settings';
import type { ErrorContext } from './apiError';
import { apiError, redactAll, serviceText } from './apiError';

/*
 * No usable answer came: the connection failed (refused, reset, timed out, a name not found), the
 * answer was larger than the size cap, or it came with a success status and cannot be read. Apart
 * from refusals.ts, where Mad Mimi answered and said no, because here the node says what it saw
 * itself: a system code found along the error's causes, a size, the beginning of the answer.
 */

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
