import { FORGET_ONCE_ONLY_AFTER_MS, MAX_ONCE_ONLY_OUTCOMES } from '../settings';
import type { InDoubtWording } from './inDoubt';
import type { RequestPlace } from './request';

/*
 * n8n's Retry On Fail (a node setting): the outcomes of the writes that must happen at most once
 * (an email, a mailing, a toggle, a new record), kept so that it never does them a second time.
 * One of three retries, each in its own place: the tries of one request are backoff.ts; the
 * user's Retry of a failed execution is asked about by the operations (actions/).
 *
 * Retry On Fail runs the whole node again over all its input items, within the same execution
 * and with the same run index (n8n-core's WorkflowExecute, `for (let tryIndex…)` around
 * `runNode`). Items whose email went out on the first try would get it again. So each
 * once-only write records its outcome under (execution, node, run, item, effect): a later try of
 * the same node in the same execution returns the recorded answer, or the same "may have gone
 * out" error, instead of sending.
 *
 * Held in this process, which is enough: n8n runs every try of a node in the process that runs
 * the execution. In queue mode that is the worker that took the job; a retry never moves to
 * another worker or to the main process. A new execution (a rerun by the user, the next
 * schedule) starts with nothing remembered, as it should: it is asked to send again.
 */

/** What an earlier try of the same write came to. */
export type RetryOnFailOutcome =
	| { done: true; body: string }
	| { done: false; message: string; description: string; code: string };

interface ExecutionMemory {
	lastUsed: number;
	outcomes: Map<string, RetryOnFailOutcome>;
}

/** By execution, least recently used first (an execution used again moves to the end). */
const executions = new Map<string, ExecutionMemory>();
let outcomeCount = 0;

/** The execution's memory, moved to the most recently used end. */
function touch(execution: string, now: number): ExecutionMemory | undefined {
	const memory = executions.get(execution);
	if (!memory) return undefined;
	executions.delete(execution);
	executions.set(execution, memory);
	memory.lastUsed = now;
	return memory;
}

/** Forgets the least recently used executions that are too old, or beyond the bound; never the current one. */
function prune(current: string, now: number): void {
	for (const [execution, memory] of executions) {
		if (execution === current) break;
		if (
			now - memory.lastUsed <= FORGET_ONCE_ONLY_AFTER_MS &&
			outcomeCount <= MAX_ONCE_ONLY_OUTCOMES
		)
			break;
		outcomeCount -= memory.outcomes.size;
		executions.delete(execution);
	}
}

/** Where a once-only write happens: its execution, and the rest of its key (node, run, item, effect). */
export interface RetryOnFailKey {
	execution: string;
	write: string;
}

/**
 * The key of a once-only write: this execution, the node's run and item, and the effect; undefined
 * where the requests have no such scope (the trigger, the editor's searches): nothing is remembered.
 */
export function retryOnFailKey(
	place: RequestPlace,
	wording: InDoubtWording,
): RetryOnFailKey | undefined {
	const scope = place.onceScope?.();
	return scope
		? { execution: scope.execution, write: `${scope.runAndItem}\u0000${wording.mayHave}` }
		: undefined;
}

/** The outcome of an earlier try of this write in this execution, if there was one. */
export function recallForRetryOnFail(key: RetryOnFailKey): RetryOnFailOutcome | undefined {
	return touch(key.execution, Date.now())?.outcomes.get(key.write);
}

/** Records the outcome of a once-only write: done, or in doubt. A failure that says it was not done is not recorded: that write may be sent again. */
export function rememberForRetryOnFail(key: RetryOnFailKey, outcome: RetryOnFailOutcome): void {
	const now = Date.now();
	let memory = touch(key.execution, now);
	if (!memory) {
		memory = { lastUsed: now, outcomes: new Map() };
		executions.set(key.execution, memory);
	}
	if (!memory.outcomes.has(key.write)) outcomeCount++;
	memory.outcomes.set(key.write, outcome);
	prune(key.execution, now);
}
