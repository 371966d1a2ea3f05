import type { BackoffPolicy } from '../settings';

/*
 * Backoff between the tries of one request: which failures are worth another try, and how long to
 * wait before it. Pure functions: the loop that tries, waits and gives up is sendWithTries
 * (tries.ts). Not n8n's Retry On Fail (retryOnFail.ts), nor the user's Retry of a
 * failed execution (actions/).
 */

/**
 * A failure that may pass if the request is sent again:
 * - `notTaken`: the service said it did not take the request (429, 503), or the request never
 *   left (the connection was refused, the name did not resolve for now, no route to the host).
 *   Any request may be sent again: nothing was done.
 * - `inDoubt`: the request went out and no answer says what became of it (the connection cut,
 *   no answer in time, a gateway's 502 or 504). The service may have done the work: only a
 *   request that is safe to repeat is sent again.
 */
export interface TransientFault {
	kind: 'notTaken' | 'inDoubt';
	/** What happened, in the words of a message ("Mad Mimi responded 503"). */
	reason: string;
	/** The wait the service asked for (Retry-After), when it named one. */
	retryAfterMs?: number;
}

/** Statuses that say the service is busy, and whether it took the request. */
const STATUS_FAULTS: Record<number, { kind: TransientFault['kind']; reason: string }> = {
	429: { kind: 'notTaken', reason: 'Mad Mimi responded 429 (too many requests)' },
	503: { kind: 'notTaken', reason: 'Mad Mimi responded 503 (service unavailable)' },
	502: { kind: 'inDoubt', reason: "Mad Mimi's gateway responded 502 (bad gateway)" },
	504: {
		kind: 'inDoubt',
		reason:
			"Mad Mimi's gateway responded 504 (gateway timeout): the request went out, and no response came back",
	},
};

/** The transient fault of an answer's status, or undefined: a 500 is the service's own error, the same again on a repeat. */
export function statusFault(
	status: number,
	retryAfter: unknown,
	nowMs: number,
): TransientFault | undefined {
	const fault = STATUS_FAULTS[status];
	if (!fault) return undefined;
	return { ...fault, retryAfterMs: parseRetryAfter(retryAfter, nowMs) };
}

/** Connection failures by system code (failures.ts finds the code along the error's causes). */
const CONNECTION_FAULTS: Record<string, TransientFault> = {
	ECONNREFUSED: { kind: 'notTaken', reason: 'the connection was refused' },
	EAI_AGAIN: { kind: 'notTaken', reason: 'the host name could not be resolved for now' },
	EHOSTUNREACH: { kind: 'notTaken', reason: 'the host could not be reached' },
	ENETUNREACH: { kind: 'notTaken', reason: 'the network could not be reached' },
	ECONNRESET: { kind: 'inDoubt', reason: 'the connection was cut before the response came' },
	EPIPE: { kind: 'inDoubt', reason: 'the connection was cut while the request was being sent' },
	ERR_BAD_RESPONSE: { kind: 'inDoubt', reason: 'the response broke off' },
	ETIMEDOUT: { kind: 'inDoubt', reason: 'no response came in time' },
	// axios's code for a request it gave up on (its timeout)
	ECONNABORTED: { kind: 'inDoubt', reason: 'no response came in time' },
};

/** The transient fault of a connection failure with this code, or undefined (a host name that does not exist, say). */
export function connectionFault(code: string | undefined): TransientFault | undefined {
	return code === undefined ? undefined : CONNECTION_FAULTS[code];
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110, 10.2.3); undefined when absent or unreadable. */
function parseRetryAfter(value: unknown, nowMs: number): number | undefined {
	const text = (Array.isArray(value) ? value[0] : value)?.toString().trim() ?? '';
	if (text === '') return undefined;
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	// an HTTP date names its weekday or month ("Wed, 25 Nov 2026 12:00:45 GMT"): nothing else is read as one
	if (!/[A-Za-z]{3}/.test(text)) return undefined;
	const at = Date.parse(text);
	return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * The wait before try `nextTry` (2 for the first repeat) when the service named none: exponential
 * (base, 2 × base, 4 × base…) with "equal jitter", between half and all of it, so that requests
 * that failed together do not all come back together.
 */
export function backoffMs(
	nextTry: number,
	policy: BackoffPolicy,
	random: () => number = Math.random,
): number {
	const ceiling = policy.baseDelayMs * 2 ** Math.max(0, nextTry - 2);
	return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** A duration as a person reads it: "800 ms", "12 s", "2 min 5 s". */
export function readableDuration(ms: number): string {
	if (ms < 1000) return `${Math.round(ms)} ms`;
	const seconds = Math.round(ms / 1000);
	if (seconds < 60) return `${seconds} s`;
	const rest = seconds % 60;
	return `${Math.floor(seconds / 60)} min${rest ? ` ${rest} s` : ''}`;
}
