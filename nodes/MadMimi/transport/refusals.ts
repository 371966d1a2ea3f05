import type { NodeApiError } from 'n8n-workflow';

import type { ErrorContext, Failure } from './apiError';
import { apiError, redactAll, serviceText } from './apiError';

/*
 * Mad Mimi answered and refused: an HTTP error status, or a JSON answer of 200 that says
 * `"success": false`. What the refusal means for a no-code user and what to do, the operation's
 * own reading (its `refusal`) first. Apart from failures.ts, where no usable answer came, because
 * here the service said something, and its words are quoted.
 */

/** A refusal of Mad Mimi's, as an operation reads it. */
interface Refused {
	/** The HTTP status of the refusal; undefined for an answer of 200 that says `"success": false`. */
	status?: number;
	/** The service's text, readable (tags stripped) and redacted. */
	text: string;
}

/** A message and what to do, in the user's words. */
interface Wording {
	message: string;
	description: string;
}

/** An operation's reading of a refusal: its own wording, or undefined for the usual one. */
export type Refusal = (refused: Refused) => Wording | undefined;

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
