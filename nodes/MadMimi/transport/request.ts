import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { RequestSettings } from '../settings';
import type { ErrorContext } from './apiError';
import type { Format, HttpCall, MadMimiContext, MadMimiCredentials } from './http';
import { buildPath } from './http';
import type { InDoubtWording } from './inDoubt';
import type { Refusal } from './refusals';

/*
 * What a request says, as api/ writes it: where it goes, the format of its answer, what a refusal
 * means, and what sending it again does (its repeat class, which every write must name). Apart
 * from the client (client.ts) and the tries (tries.ts) because it is the contract between api/
 * and the transport: read here, in one place, what an endpoint must say about itself.
 */

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
type Repeat = 'safe' | 'delete' | OnceOnly;

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

/** What a client sends with: n8n's context, the settings it was made with, where its requests come from. */
export interface Sender {
	ctx: MadMimiContext;
	settings: RequestSettings;
	place: RequestPlace;
}

/** Whether a request's repeat class is a once-only write's words. */
export function isOnceOnly(repeat: Repeat | undefined): repeat is OnceOnly {
	return typeof repeat === 'object';
}

function isViaPost(req: MadMimiRequest): boolean {
	return 'viaPost' in req && req.viaPost === true;
}

function clean(values: Record<string, string | number | undefined> | undefined): IDataObject {
	const out: IDataObject = {};
	for (const [k, v] of Object.entries(values ?? {})) if (v !== undefined) out[k] = v;
	return out;
}

/** What one try of the request sends. */
export function httpCallOf(req: MadMimiRequest, settings: RequestSettings): HttpCall {
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
		timeoutMs: Math.max(req.minTimeoutMs ?? 0, settings.timeoutMs),
		maxBytes: settings.maxBytes,
	};
}

/** What every error of the request knows of it. */
export function errorContextOf(
	sender: Sender,
	req: MadMimiRequest,
	credentials: MadMimiCredentials,
): ErrorContext {
	return {
		node: sender.ctx.getNode(),
		secrets: [credentials.apiKey],
		endpoint: `${req.method} ${buildPath(req.path, req.extension === false ? undefined : req.format)}`,
		notFound: req.notFound,
		refusal: req.refusal,
		itemIndex: sender.place.itemIndex,
	};
}
