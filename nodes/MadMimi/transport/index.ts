/*
 * The transport's public surface: what api/ may import (.dependency-cruiser.cjs lets nothing else
 * import the transport), kept to the client and the words a request is written in. Behind it,
 * one subject a file:
 *
 * - client.ts: the client api/ holds, one method per kind of answer, and the paged reads;
 * - request.ts: what a request says (path, format, refusal, repeat class);
 * - tries.ts: which tries are sent, after what wait, and once-only writes never sent twice;
 * - verdict.ts: what one try came to; backoff.ts: which failures are tried again, and the waits;
 * - retryOnFail.ts: the memory that keeps n8n's Retry On Fail from repeating a once-only write;
 * - http.ts: one try, with the credentials and the size cap; paging.ts, window.ts: side by side;
 * - apiError.ts, refusals.ts, failures.ts, inDoubt.ts: the errors, the API key in none of them.
 */

export { MadMimiClient } from './client';
// scripts/record makes its own client, to read a recorded answer as the node reads it
export type { MadMimiContext } from './http';
export { mayHaveTakenEffect } from './inDoubt';
export { pageSizeFor } from './paging';
export type { Refusal } from './refusals';
export { serviceText } from './apiError';
export type { OnceOnly, WriteOnceOutcome } from './request';
export type { WindowOutcome } from './window';
