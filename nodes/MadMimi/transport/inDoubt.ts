import { NodeApiError } from 'n8n-workflow';

import type { ErrorContext } from './apiError';
import { apiError } from './apiError';

/*
 * The words of a write that must happen at most once (an email, a mailing, a toggle, a new record)
 * when it may have happened: a try went out and no answer says what became of it. Apart from
 * refusals.ts and failures.ts because the outcome is not known: the message says what may have
 * happened and how to check, and the error is marked so that nothing sends the write again.
 */

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

/** Whether an error says that a once-only write may have been done (the service may have carried it out). */
export function mayHaveTakenEffect(error: unknown): boolean {
	return error instanceof NodeApiError && error.context.mayHaveTakenEffect === true;
}
