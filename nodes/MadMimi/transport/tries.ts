import type { NodeApiError } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { ErrorContext } from './apiError';
import type { TransientFault } from './backoff';
import { backoffMs, readableDuration } from './backoff';
import { getMadMimiCredentials, sendOnce } from './http';
import type { InDoubtWording } from './inDoubt';
import { inDoubtError, inDoubtText } from './inDoubt';
import type { MadMimiRequest, OnceOnly, Sender, WriteOnceOutcome } from './request';
import { errorContextOf, httpCallOf, isOnceOnly } from './request';
import type { RetryOnFailKey, RetryOnFailOutcome } from './retryOnFail';
import { recallForRetryOnFail, rememberForRetryOnFail, retryOnFailKey } from './retryOnFail';
import { judge, whyInDoubt } from './verdict';

/*
 * The policy of one request: which failed tries are sent again and after what wait, when to give
 * up, and the rule of once-only writes, never sent again when they may have been done, and
 * answered from memory under n8n's Retry On Fail. Apart from the client (client.ts), which only
 * reads answers, because this is where a request's repeat class decides what happens; apart from
 * what one try came to (verdict.ts), which this acts on.
 */

/**
 * A request tried again and again until the retry policy's bound: the last try's error, saying
 * first what was tried. A 429 keeps its `rate-limited` failure with the last wait asked for.
 */
function afterTries(error: NodeApiError, summary: string): NodeApiError {
	error.description = `${summary}${error.description ? ` ${error.description}` : ''}`;
	return error;
}

/** A refusal that says the record is not there (a delete's repeat finds nothing left to delete). */
function isGone(error: NodeApiError): boolean {
	return ['400', '404', '410'].includes(String(error.httpCode));
}

/** Sends the request (tried again as its `repeat` and the retry policy allow) and returns the answer's body text. */
export async function sendWithTries(sender: Sender, req: MadMimiRequest): Promise<string> {
	const { ctx, settings, place } = sender;
	const credentials = await getMadMimiCredentials(ctx);
	const errorContext = errorContextOf(sender, req, credentials);
	const memoryKey =
		req.method !== 'GET' && isOnceOnly(req.repeat) && req.repeat.remembered !== false
			? retryOnFailKey(place, req.repeat)
			: undefined;
	const earlier = memoryKey && recallForRetryOnFail(memoryKey);
	if (earlier) return replay(sender, earlier, errorContext);

	const policy = settings.backoff;
	const started = Date.now();
	let inDoubtBefore = false;
	for (let attempt = 1; ; attempt++) {
		const verdict = judge(
			await sendOnce(ctx, credentials.baseUrl, httpCallOf(req, settings)),
			errorContext,
			credentials,
			settings,
		);
		if ('body' in verdict) {
			if (memoryKey) rememberForRetryOnFail(memoryKey, { done: true, body: verdict.body });
			return verdict.body;
		}
		const { error, fault } = verdict;
		const tried = `Tried ${attempt} time${attempt > 1 ? 's' : ''} over ${readableDuration(Date.now() - started)}.`;
		if (req.method !== 'GET' && req.repeat === 'delete' && inDoubtBefore && isGone(error)) {
			ctx.logger.debug(
				`Mad Mimi: nothing left to delete at ${errorContext.endpoint} on try ${attempt}: an earlier try did it`,
				{ node: errorContext.node.name },
			);
			return '';
		}
		const once = req.method !== 'GET' && isOnceOnly(req.repeat) ? req.repeat : undefined;
		const doubt = once && whyInDoubt(verdict);
		if (once && doubt) throw inDoubt(memoryKey, once, errorContext, doubt, error);
		if (!fault) throw attempt > 1 ? afterTries(error, tried) : error;
		inDoubtBefore ||= fault.kind === 'inDoubt';
		const wait = fault.retryAfterMs ?? backoffMs(attempt + 1, policy);
		if (fault.retryAfterMs !== undefined && fault.retryAfterMs > policy.maxWaitMs) {
			throw afterTries(
				error,
				`Mad Mimi asked to wait ${readableDuration(fault.retryAfterMs)} before another try, longer than the node waits (${readableDuration(policy.maxWaitMs)}). ${tried}`,
			);
		}
		if (
			attempt >= policy.maxTries ||
			Date.now() - started + wait > policy.maxTotalWaitMs ||
			place.cancelled?.()
		) {
			throw afterTries(error, tried);
		}
		ctx.logger.debug(
			`Mad Mimi: ${fault.reason} at ${errorContext.endpoint}; try ${attempt + 1} of ${policy.maxTries} in ${readableDuration(wait)}`,
			{
				node: errorContext.node.name,
				itemIndex: place.itemIndex,
			},
		);
		await sleep(wait);
	}
}

/**
 * A once-only write, sent by `send` (a request of this client with this `repeat`): first
 * `repeat.askFirst`, when there is one and no earlier try of this node in this execution sent
 * the write, then `send` only if that found nothing. An earlier try's outcome comes first, so
 * n8n's Retry On Fail repeats the first send's response rather than find it done before.
 */
export async function writeOnce<T>(
	sender: Sender,
	repeat: OnceOnly,
	send: () => Promise<T>,
): Promise<WriteOnceOutcome<T>> {
	const memoryKey = repeat.remembered === false ? undefined : retryOnFailKey(sender.place, repeat);
	if (repeat.askFirst && !(memoryKey && recallForRetryOnFail(memoryKey))) {
		const found = await repeat.askFirst();
		if (found) return { foundDone: found };
	}
	return { sent: await send() };
}

/** A once-only write that may have been done: the error saying so, remembered for Retry On Fail. */
function inDoubt(
	memoryKey: RetryOnFailKey | undefined,
	wording: InDoubtWording,
	errorContext: ErrorContext,
	fault: TransientFault,
	cause: NodeApiError,
): NodeApiError {
	const code = cause.httpCode ?? String(cause.context.errorCode ?? 'IN_DOUBT');
	const text = inDoubtText(wording, fault.reason);
	if (memoryKey) rememberForRetryOnFail(memoryKey, { done: false, ...text, code });
	return inDoubtError(errorContext, text, code);
}

/** An earlier try's outcome of the same once-only write, in this execution: its answer again, or its error again. */
function replay(sender: Sender, earlier: RetryOnFailOutcome, errorContext: ErrorContext): string {
	sender.ctx.logger.debug(
		`Mad Mimi: ${errorContext.endpoint} not sent again: an earlier try of this node in this execution sent it`,
		{ node: errorContext.node.name },
	);
	if (earlier.done) return earlier.body;
	throw inDoubtError(errorContext, earlier, earlier.code);
}
