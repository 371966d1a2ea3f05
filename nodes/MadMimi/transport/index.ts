import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { addressLines, jsonList, parseJson, textInteger, xmlDocument, xmlList } from '../parsing';
import type { XmlList, XmlReadOptions } from '../parsing';
import type { RequestSettings } from '../settings';
import type { ErrorContext } from './apiError';
import { redactValues } from './apiError';
import { connectionError, findCode, tooLargeError, unreadableAnswerError } from './failures';
import type { InDoubtWording } from './inDoubt';
import { inDoubtError, inDoubtText } from './inDoubt';
import type { Refusal } from './refusals';
import { refusedAnswerError, statusError } from './refusals';
import type { Format, HttpOutcome, MadMimiContext, MadMimiCredentials } from './http';
import { buildPath, getMadMimiCredentials, originOf, sendOnce } from './http';
import type { RetryOnFailKey, RetryOnFailOutcome } from './retryOnFail';
import { recallForRetryOnFail, rememberForRetryOnFail } from './retryOnFail';
import type { Page } from './paging';
import { collectPages } from './paging';
import type { TransientFault } from './backoff';
import type { WindowOutcome } from './window';
import { eachInWindow } from './window';
import { backoffMs, connectionFault, readableDuration, statusFault } from './backoff';

export { buildPath, CREDENTIALS_TYPE, getMadMimiCredentials } from './http';
export type { Format, MadMimiContext } from './http';
export type { InDoubtWording } from './inDoubt';
export type { Refusal } from './refusals';
export { serviceText } from './apiError';
export type { Page } from './paging';
export type { WindowOutcome } from './window';
export { pageSizeFor } from './paging';

/**
 * What sending a write again does, the class every write of the node belongs to:
 * - `'safe'`: the same outcome (an import merges members, an update sets the same fields):
 *   sent again after any transient failure;
 * - `'delete'`: safe, and a repeat that finds nothing left to delete, after a try that may
 *   have done it, is done;
 * - the words of a write that must happen at most once (an email, a mailing, a toggle, a new
 *   record): sent again only when the service said it did not take it (429, 503) or it never
 *   left; when it may have been done, the item fails saying so, and n8n's Retry On Fail gets
 *   the same outcome instead of a second send (transport/retryOnFail.ts).
 */
export type Repeat = 'safe' | 'delete' | OnceOnly;

/** A write that must happen at most once: the words of what may have happened, and how to check. */
export interface OnceOnly extends InDoubtWording {
	/**
	 * False when the operation reads the state itself before it writes (Addon → Activate reads the
	 * status first): a later try of the node reads it again, so this outcome is not recalled.
	 */
	remembered?: false;
	/**
	 * Asked before the write is sent, unless an earlier try of this node in this execution sent it:
	 * what Mad Mimi shows of the write done already (it is then not sent), or undefined to send it.
	 * The operation sets it in a retried execution (the run being retried may have done it) and
	 * where an option asks for it (Skip If Already Sent). Only `writeOnce` asks it.
	 */
	askFirst?: () => Promise<IDataObject | undefined>;
}

/** A once-only write's outcome: sent now (the response as read), or found done already (what Mad Mimi shows of it). */
export type WriteOnceOutcome<T> = { sent: T } | { foundDone: IDataObject };

interface RequestBase {
	/** Path segments, each URI-encoded on its own (a list named `a/b` stays one segment). */
	path: Array<string | number>;
	/** The answer's format, appended to the last segment as its extension (unless `extension` is false). */
	format?: Format;
	/** False for an answer in `format` whose path has no extension (the Accept header still asks for it). */
	extension?: boolean;
	qs?: Record<string, string | number | undefined>;
	/** Form body (application/x-www-form-urlencoded), for POST and PUT. */
	form?: Record<string, string | undefined>;
	/** What a 404 means for this request, in the user's words. */
	notFound?: string;
	/** What a refusal (4xx, or JSON `"success": false`) means for this request, in the user's words. */
	refusal?: Refusal;
	/** Wait at least this long for the answer (imports), whatever the Timeout option says. */
	minTimeoutMs?: number;
}

/** A read: always safe to send again. */
interface ReadRequest extends RequestBase {
	method: 'GET';
}

/** A write says what sending it again does: the type makes every write classify itself. */
type WriteRequest = RequestBase & { repeat: Repeat } & (
		| { method: 'POST' }
		| {
				method: 'PUT' | 'DELETE';
				/** Sent as a POST carrying `_method=put|delete`: the spec's form for some writes. */
				viaPost?: true;
		  }
	);

export type MadMimiRequest = ReadRequest | WriteRequest;

function isViaPost(req: MadMimiRequest): boolean {
	return 'viaPost' in req && req.viaPost === true;
}

/** Whether an error says that a once-only write may have been done (the service may have carried it out). */
export function mayHaveTakenEffect(error: unknown): boolean {
	return error instanceof NodeApiError && error.context.mayHaveTakenEffect === true;
}

/** Where the requests of a client come from, beyond its context and settings. */
export interface RequestPlace {
	/** The input item the requests are for (named in errors). */
	itemIndex?: number;
	/**
	 * The execution and the node's run and item, for the memory of once-only writes (action node
	 * only: the trigger and the editor's searches only read); undefined: nothing is remembered.
	 */
	onceScope?: () => { execution: string; runAndItem: string } | undefined;
	/** True once the execution is cancelled: no more tries. */
	cancelled?: () => boolean;
}

/**
 * A try's verdict: the answer's body, or the error to give, with the transient fault it is (if
 * any), and whether it failed before any answer came (the request may have been carried out).
 */
type Verdict =
	| { body: string }
	| { error: NodeApiError; fault?: TransientFault; unanswered?: boolean; serverError?: number };

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

function clean(values: Record<string, string | number | undefined> | undefined): IDataObject {
	const out: IDataObject = {};
	for (const [k, v] of Object.entries(values ?? {})) if (v !== undefined) out[k] = v;
	return out;
}

function isOnceOnly(repeat: Repeat | undefined): repeat is OnceOnly {
	return typeof repeat === 'object';
}

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

/**
 * The node's one way to Mad Mimi: every request, with the account's credentials and the settings
 * it was made with (timeout, size cap, page window, retries). A request that meets a busy
 * service or a broken connection is tried again within the retry policy's bounds, as far as its
 * `repeat` allows; HTTP errors, network failures and unreadable answers become NodeApiErrors with
 * a message a user can act on, the api_key in none of them.
 */
export class MadMimiClient {
	constructor(
		private readonly ctx: MadMimiContext,
		private readonly settings: RequestSettings,
		private readonly place: RequestPlace = {},
	) {}

	/** Sends the request (tried again as its `repeat` and the retry policy allow) and returns the answer's body text. */
	async request(req: MadMimiRequest): Promise<string> {
		const credentials = await getMadMimiCredentials(this.ctx);
		const errorContext = this.errorContext(req, credentials);
		const memoryKey =
			req.method !== 'GET' && isOnceOnly(req.repeat) && req.repeat.remembered !== false
				? this.retryOnFailKey(req.repeat)
				: undefined;
		const earlier = memoryKey && recallForRetryOnFail(memoryKey);
		if (earlier) return this.replay(earlier, errorContext);

		const policy = this.settings.retry;
		const started = Date.now();
		let inDoubtBefore = false;
		for (let attempt = 1; ; attempt++) {
			const verdict = this.judge(
				await sendOnce(this.ctx, credentials.baseUrl, this.httpCall(req)),
				errorContext,
				credentials,
			);
			if ('body' in verdict) {
				if (memoryKey) rememberForRetryOnFail(memoryKey, { done: true, body: verdict.body });
				return verdict.body;
			}
			const { error, fault, unanswered, serverError } = verdict;
			const tried = `Tried ${attempt} time${attempt > 1 ? 's' : ''} over ${readableDuration(Date.now() - started)}.`;
			if (req.method !== 'GET' && req.repeat === 'delete' && inDoubtBefore && isGone(error)) {
				this.ctx.logger.debug(
					`Mad Mimi: nothing left to delete at ${errorContext.endpoint} on try ${attempt}: an earlier try did it`,
					{ node: errorContext.node.name },
				);
				return '';
			}
			const once = req.method !== 'GET' && isOnceOnly(req.repeat) ? req.repeat : undefined;
			if (once && (fault?.kind === 'inDoubt' || (!fault && (unanswered || serverError))))
				throw this.inDoubt(
					memoryKey,
					once,
					errorContext,
					fault ?? (serverError ? serverErrorFault(serverError) : UNKNOWN_FAILURE),
					error,
				);
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
				this.place.cancelled?.()
			) {
				throw afterTries(error, tried);
			}
			this.ctx.logger.debug(
				`Mad Mimi: ${fault.reason} at ${errorContext.endpoint}; try ${attempt + 1} of ${policy.maxTries} in ${readableDuration(wait)}`,
				{
					node: errorContext.node.name,
					itemIndex: this.place.itemIndex,
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
	async writeOnce<T>(repeat: OnceOnly, send: () => Promise<T>): Promise<WriteOnceOutcome<T>> {
		const memoryKey = repeat.remembered === false ? undefined : this.retryOnFailKey(repeat);
		if (repeat.askFirst && !(memoryKey && recallForRetryOnFail(memoryKey))) {
			const found = await repeat.askFirst();
			if (found) return { foundDone: found };
		}
		return { sent: await send() };
	}

	/** An XML list answer: one record per child element of its root, and the root's attributes. */
	async xmlList(req: MadMimiRequest, options?: XmlReadOptions): Promise<XmlList> {
		return await this.read({ ...req, format: 'xml' }, (body) => xmlList(body, options));
	}

	/** The records of an XML list answer, one per child element of its root, whatever its name. */
	async xmlRecords(req: MadMimiRequest, options?: XmlReadOptions): Promise<IDataObject[]> {
		return (await this.xmlList(req, options)).records;
	}

	/** An XML answer that is one record (the mailing statistics). */
	async xmlDocument(req: MadMimiRequest, options?: XmlReadOptions): Promise<IDataObject> {
		return await this.read({ ...req, format: 'xml' }, (body) => xmlDocument(body, options));
	}

	/**
	 * A JSON answer, keys in camelCase. An answer `{"success": false, "error": "…"}` (the service
	 * answers some refusals so, with 200) is a failure carrying the service's text.
	 */
	async json(req: MadMimiRequest): Promise<unknown> {
		const jsonReq: MadMimiRequest = { ...req, format: 'json' };
		const answer = await this.read(jsonReq, parseJson);
		if (
			answer !== null &&
			typeof answer === 'object' &&
			!Array.isArray(answer) &&
			(answer as IDataObject).success === false
		) {
			const said = (answer as IDataObject).error;
			throw refusedAnswerError(
				await this.errorContextOf(jsonReq),
				typeof said === 'string' ? said : JSON.stringify(said ?? ''),
			);
		}
		return answer;
	}

	/** The records of a JSON list answer (see jsonList), keys in camelCase. */
	async jsonList(req: MadMimiRequest): Promise<IDataObject[]> {
		return jsonList(await this.json(req));
	}

	/** A plain-text answer, trimmed (a word, an ID of any length). */
	async text(req: MadMimiRequest): Promise<string> {
		return (await this.request(req)).trim();
	}

	/**
	 * A plain-text answer of email addresses, one a line (suppressed_since): its non-empty lines.
	 * An answer that is not such a list is refused as unreadable, never read as addresses.
	 */
	async lines(req: MadMimiRequest): Promise<string[]> {
		return await this.read(req, addressLines);
	}

	/** A plain-text answer that is one integer. */
	async integer(req: MadMimiRequest): Promise<number> {
		return await this.read(req, textInteger);
	}

	/**
	 * The records of a paged read, pages asked for side by side up to the settings' page window
	 * (transport/paging.ts). Each page's request is tried again on its own, so a fault at page 37
	 * repeats page 37 and nothing before it.
	 */
	async pages(
		fetchPage: (page: number) => Promise<IDataObject[] | Page>,
		pageSize: number,
		limit?: number,
	): Promise<IDataObject[]> {
		return await collectPages(fetchPage, { pageSize, limit, window: this.settings.pageWindow });
	}

	/**
	 * One request per value, side by side up to the settings' page window, as Return All reads its
	 * pages (transport/window.ts): each tried again on its own as its `repeat` allows.
	 */
	async eachInWindow<T>(
		values: readonly T[],
		run: (value: T) => Promise<void>,
		stopAtFailure: boolean,
	): Promise<WindowOutcome[]> {
		return await eachInWindow(values, this.settings.pageWindow, run, stopAtFailure);
	}

	/**
	 * The answer read by `read`, which throws (with the reason as its message) when the answer is
	 * not what the operation expects: that becomes a clear NodeApiError quoting the answer.
	 */
	async read<T>(req: MadMimiRequest, read: (body: string) => T): Promise<T> {
		const body = await this.request(req);
		try {
			return read(body);
		} catch (error) {
			// the readers are pure parsers: whatever they throw means the answer is unreadable
			throw unreadableAnswerError(
				await this.errorContextOf(req),
				error instanceof Error ? error.message : String(error),
				body,
			);
		}
	}

	/** What one try sends. */
	private httpCall(req: MadMimiRequest) {
		const viaPost = isViaPost(req);
		const form = clean(req.form);
		if (viaPost) form._method = req.method.toLowerCase();
		const method: IHttpRequestMethods = viaPost ? 'POST' : req.method;
		return {
			method,
			url: buildPath(req.path, req.extension === false ? undefined : req.format),
			format: req.format,
			qs: clean(req.qs),
			form,
			// an operation may ask for longer (imports), never for less than the user set
			timeoutMs: Math.max(req.minTimeoutMs ?? 0, this.settings.timeoutMs),
			maxBytes: this.settings.maxBytes,
		};
	}

	/** What a try came to: the body, or an error with the transient fault it is, if any. */
	private judge(
		outcome: HttpOutcome,
		errorContext: ErrorContext,
		credentials: MadMimiCredentials,
	): Verdict {
		if (!outcome.answered) {
			if (outcome.tooLarge) return { error: tooLargeError(errorContext, this.settings.maxBytes) };
			const code = findCode(outcome.error);
			const error = connectionError(
				errorContext,
				outcome.error,
				originOf(credentials.baseUrl),
				this.settings.timeoutMs,
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

	/** A once-only write that may have been done: the error saying so, remembered for Retry On Fail. */
	private inDoubt(
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
	private replay(earlier: RetryOnFailOutcome, errorContext: ErrorContext): string {
		this.ctx.logger.debug(
			`Mad Mimi: ${errorContext.endpoint} not sent again: an earlier try of this node in this execution sent it`,
			{ node: errorContext.node.name },
		);
		if (earlier.done) return earlier.body;
		throw inDoubtError(errorContext, earlier, earlier.code);
	}

	/** The key of a once-only write: this execution, the node's run and item, and the effect. */
	private retryOnFailKey(wording: InDoubtWording): RetryOnFailKey | undefined {
		const scope = this.place.onceScope?.();
		return scope
			? { execution: scope.execution, write: `${scope.runAndItem}\u0000${wording.mayHave}` }
			: undefined;
	}

	private errorContext(req: MadMimiRequest, credentials: MadMimiCredentials): ErrorContext {
		return {
			node: this.ctx.getNode(),
			secrets: [credentials.apiKey],
			endpoint: `${req.method} ${buildPath(req.path, req.extension === false ? undefined : req.format)}`,
			notFound: req.notFound,
			refusal: req.refusal,
			itemIndex: this.place.itemIndex,
		};
	}

	private async errorContextOf(req: MadMimiRequest): Promise<ErrorContext> {
		return this.errorContext(req, await getMadMimiCredentials(this.ctx));
	}
}
