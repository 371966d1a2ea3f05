import type { NodeApiError } from 'n8n-workflow';

import type { RequestSettings } from '../settings';
import type { ErrorContext } from './apiError';
import { redactValues } from './apiError';
import type { TransientFault } from './backoff';
import { connectionFault, statusFault } from './backoff';
import { connectionError, findCode, tooLargeError, unreadableAnswerError } from './failures';
import type { HttpOutcome, MadMimiCredentials } from './http';
import { originOf } from './http';
import { statusError } from './refusals';

/*
 * What one try came to: the answer's body, or the error to give with the transient fault it is
 * (backoff.ts) and whether the service may have carried the request out. Apart from the loop
 * that acts on it (tries.ts) because this part only reads: one try's outcome in, one verdict out,
 * the same whatever the request's repeat class.
 */

/**
 * A try's verdict: the answer's body, or the error to give, with the transient fault it is (if
 * any), and whether it failed before any answer came (the request may have been carried out).
 */
type Verdict =
	| { body: string }
	| { error: NodeApiError; fault?: TransientFault; unanswered?: boolean; serverError?: number };

/** A try that failed: the error to give, and what it says of the request. */
type Failed = Exclude<Verdict, { body: string }>;

/** A failure before any answer whose cause is unknown: not tried again, but a once-only write may have been done. */
const UNKNOWN_FAILURE: TransientFault = {
	kind: 'inDoubt',
	reason: 'the request failed before a response came',
};

/**
 * A 5xx the service answered for itself (not the 503 that says it took nothing, nor a gateway's
 * 502 or 504): not tried again, since the same request fails the same way, but a once-only write
 * may have been done before the error (a Rails application can fail after queuing the mail).
 */
function serverErrorFault(status: number): TransientFault {
	return {
		kind: 'inDoubt',
		reason: `Mad Mimi responded ${status} (an error of its own, which can come after the work was done)`,
	};
}

/** A whole HTML page: never an answer of the API, whose answers are XML, JSON or plain text. */
const HTML_PAGE = /^\uFEFF?\s*(?:<!DOCTYPE\s+html|<html[\s>])/i;

/** What a try came to: the body, or an error with the transient fault it is, if any. */
export function judge(
	outcome: HttpOutcome,
	errorContext: ErrorContext,
	credentials: MadMimiCredentials,
	settings: RequestSettings,
): Verdict {
	if (!outcome.answered) {
		if (outcome.tooLarge) return { error: tooLargeError(errorContext, settings.maxBytes) };
		const code = findCode(outcome.error);
		const error = connectionError(
			errorContext,
			outcome.error,
			originOf(credentials.baseUrl),
			settings.timeoutMs,
		);
		return { error, fault: connectionFault(code), unanswered: code !== 'ENOTFOUND' };
	}
	const { status, headers, body } = outcome;
	if (status >= 400 || status < 200) {
		const fault = statusFault(status, headers['retry-after'], Date.now());
		return {
			error: statusError(errorContext, status, body, fault?.retryAfterMs),
			fault,
			serverError: status >= 500 && !fault ? status : undefined,
		};
	}
	if (HTML_PAGE.test(body)) {
		// a proxy's or a network's sign-in page, answered 200 in place of the service: a write that
		// reads no answer would otherwise pass as done
		return {
			error: unreadableAnswerError(
				errorContext,
				'The response is an HTML page, not a response of the Mad Mimi API (a proxy or a sign-in page of the network may have responded)',
				body,
			),
		};
	}
	// An answer that echoes the request (a proxy's page, an error page sent with 200) would carry
	// the key into items and into the messages operations build from the answer: it never does.
	return { body: redactValues(body, errorContext.secrets) };
}

/**
 * Why a once-only write may have been done after this failed try (the fault that leaves it in
 * doubt), or undefined when the try says it was not done: the service said it took nothing, or
 * the request never left.
 */
export function whyInDoubt(failed: Failed): TransientFault | undefined {
	const { fault, unanswered, serverError } = failed;
	if (fault) return fault.kind === 'inDoubt' ? fault : undefined;
	if (serverError) return serverErrorFault(serverError);
	return unanswered ? UNKNOWN_FAILURE : undefined;
}
