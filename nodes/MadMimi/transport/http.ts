import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/*
 * One try of one request: send it with the account's credentials, read the answer as a stream
 * up to the size cap. What a failure means, and whether to try again, is decided by the caller
 * (verdict.ts, tries.ts).
 */

const CREDENTIALS_TYPE = 'madMimiApi';

/** The n8n contexts that send requests: the action node, the editor's searches, the trigger. */
export type MadMimiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export type Format = 'xml' | 'json' | 'txt';

export interface MadMimiCredentials {
	username: string;
	apiKey: string;
	baseUrl: string;
}

const credentialCache = new WeakMap<object, Promise<MadMimiCredentials>>();

/**
 * The credentials, read once per execution context. A Base URL that would carry the key in clear
 * (plain http to anything but this machine) is refused here, before any request: the key travels
 * in the query string of every request. The credential form cannot refuse it (n8n checks only
 * required fields there), and a credential saved through the API, or before this rule, may hold one.
 */
export async function getMadMimiCredentials(ctx: MadMimiContext): Promise<MadMimiCredentials> {
	let pending = credentialCache.get(ctx);
	if (!pending) {
		pending = ctx.getCredentials(CREDENTIALS_TYPE).then((data) => {
			const baseUrl = String(data.baseUrl || 'https://api.madmimi.com').replace(/\/+$/, '');
			const refusal = baseUrlRefusal(baseUrl);
			if (refusal) {
				throw new NodeOperationError(ctx.getNode(), refusal, {
					description:
						"The API key travels in the address of each request, so over plain http it would cross the network unencrypted. In the Mad Mimi credential, set Base URL to https://api.madmimi.com (or your proxy's https address); http is accepted only for a local emulator on 127.0.0.1, localhost or [::1].",
				});
			}
			return {
				username: String(data.username ?? ''),
				apiKey: String(data.apiKey ?? ''),
				baseUrl,
			};
		});
		credentialCache.set(ctx, pending);
		pending.catch(() => credentialCache.delete(ctx));
	}
	return await pending;
}

/** Loopback hosts as the URL parser writes them: 127.0.0.0/8, localhost, [::1]. */
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|localhost|\[::1\])$/;

/**
 * Why the credential's Base URL is refused, or undefined when it is taken: https anywhere, http
 * only to this machine (a local emulator).
 */
export function baseUrlRefusal(baseUrl: string): string | undefined {
	let url: URL;
	try {
		url = new URL(baseUrl);
	} catch {
		return 'The Base URL of the Mad Mimi credential is not a web address: it must start with https://';
	}
	if (url.protocol === 'https:') return undefined;
	if (url.protocol === 'http:' && LOOPBACK.test(url.hostname)) return undefined;
	return `The Base URL of the Mad Mimi credential (${originOf(baseUrl)}) is refused: it must start with https:// (http only for 127.0.0.1, localhost or [::1])`;
}

/** `/audience_lists/list%201/add`, `/audience_members/a%40b.com/lists.xml` */
export function buildPath(path: Array<string | number>, format?: Format): string {
	const segments = path.map((s) => encodeURIComponent(String(s)));
	if (format) segments[segments.length - 1] += `.${format}`;
	return `/${segments.join('/')}`;
}

/** The scheme, host and path of the base URL, for messages (never a query string). */
export function originOf(baseUrl: string): string {
	try {
		const url = new URL(baseUrl);
		return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
	} catch {
		return 'the base URL';
	}
}

/** What one try sends. */
export interface HttpCall {
	method: IHttpRequestMethods;
	url: string;
	format?: Format;
	qs: IDataObject;
	/** Form fields (application/x-www-form-urlencoded), for a method other than GET. */
	form: IDataObject;
	timeoutMs: number;
	maxBytes: number;
}

/** What one try got: an answer with its status, or a failure before the whole answer came. */
export type HttpOutcome =
	| { answered: true; status: number; headers: IDataObject; body: string }
	| { answered: false; tooLarge: true }
	| { answered: false; tooLarge: false; error: unknown };

function acceptFor(format: Format | undefined): string {
	if (format === 'xml') return 'application/xml, text/xml;q=0.9, */*;q=0.1';
	if (format === 'json') return 'application/json, */*;q=0.1';
	return 'text/plain, text/html;q=0.9, */*;q=0.1';
}

/** Sends one try through n8n's authenticated request helper (credentials in the query string, as the service takes them). */
export async function sendOnce(
	ctx: MadMimiContext,
	baseUrl: string,
	call: HttpCall,
): Promise<HttpOutcome> {
	const options: IHttpRequestOptions = {
		method: call.method,
		baseURL: baseUrl,
		url: call.url,
		qs: call.qs,
		// a stream, so that an answer past the size cap is refused before it is held whole
		encoding: 'stream',
		json: false,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: call.timeoutMs,
		headers: { Accept: acceptFor(call.format) },
	};
	if (call.method !== 'GET' && Object.keys(call.form).length > 0) {
		const body = new URLSearchParams();
		for (const [k, v] of Object.entries(call.form)) body.append(k, String(v));
		options.body = body;
	}
	let response: IN8nHttpFullResponse;
	try {
		response = (await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			CREDENTIALS_TYPE,
			options,
		)) as IN8nHttpFullResponse;
	} catch (error) {
		return { answered: false, tooLarge: false, error };
	}
	const headers = (response.headers ?? {}) as IDataObject;
	try {
		const body = await readBody(response.body, headers, call.maxBytes);
		return { answered: true, status: response.statusCode, headers, body };
	} catch (error) {
		if (error instanceof AnswerTooLarge) return { answered: false, tooLarge: true };
		// the connection failed while the answer was coming (reset, timeout)
		return { answered: false, tooLarge: false, error };
	}
}

class AnswerTooLarge extends Error {}

function isReadable(body: unknown): body is NodeJS.ReadableStream {
	return (
		body !== null &&
		typeof body === 'object' &&
		typeof (body as { on?: unknown }).on === 'function' &&
		Symbol.asyncIterator in body
	);
}

function bodyText(body: unknown): string {
	if (body === undefined || body === null) return '';
	if (typeof body === 'string') return body;
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	return JSON.stringify(body);
}

/**
 * The answer's text, read as a stream and refused past `maxBytes` before it is held whole: a
 * declared length over the cap is refused at the first chunk, and a stream that grows past it is
 * cut there (the chunks read so far are dropped).
 */
async function readBody(body: unknown, headers: IDataObject, maxBytes: number): Promise<string> {
	if (!isReadable(body)) {
		const text = bodyText(body);
		if (Buffer.byteLength(text) > maxBytes) throw new AnswerTooLarge();
		return text;
	}
	const declared = Number(headers['content-length']);
	const chunks: Buffer[] = [];
	let size = 0;
	// leaving the loop (the throw) ends the iteration, which destroys the stream and the
	// connection under it: a bare destroy() of n8n's wrapper stream would leave the socket open
	for await (const chunk of body) {
		const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
		size += buffer.length;
		if (declared > maxBytes || size > maxBytes) throw new AnswerTooLarge();
		chunks.push(buffer);
	}
	return Buffer.concat(chunks, size).toString('utf8');
}
