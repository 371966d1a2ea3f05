import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';

import { addressLines, jsonList, parseJson, textInteger, xmlDocument, xmlList } from '../parsing';
import type { XmlList, XmlReadOptions } from '../parsing';
import type { ErrorContext, Refusal } from './errors';
import { answerError, connectionError, redactSecrets, refusedAnswerError, statusError, tooLargeError } from './errors';

export { redact } from './errors';

export const CREDENTIALS_TYPE = 'madMimiApi';

export type MadMimiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export type Format = 'xml' | 'json' | 'txt';

export interface MadMimiRequest {
	method: IHttpRequestMethods;
	/** Path segments, each URI-encoded on its own (a list named `a/b` stays one segment). */
	path: Array<string | number>;
	/** The answer's format, appended to the last segment as its extension (unless `extension` is false). */
	format?: Format;
	/** False for an answer in `format` whose path has no extension (the Accept header still asks for it). */
	extension?: boolean;
	qs?: Record<string, string | number | undefined>;
	/** Form body (application/x-www-form-urlencoded), for POST and PUT. */
	form?: Record<string, string | undefined>;
	/** Send a POST carrying `_method=put|delete`, as the service documents for some writes. */
	methodOverride?: 'put' | 'delete';
	/** What a 404 means for this request, in the user's words. */
	notFound?: string;
	/** What a refusal (4xx, or JSON `"success": false`) means for this request, in the user's words. */
	refusal?: Refusal;
	timeoutMs?: number;
	itemIndex?: number;
}

interface MadMimiCredentials {
	username: string;
	apiKey: string;
	baseUrl: string;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

/** The largest answer read by default: far above any page or list of the service (a page of 100 records is about 20 KB). */
export const DEFAULT_MAX_ANSWER_MB = 20;

/** A whole HTML page: never an answer of the API, whose answers are XML, JSON or plain text. */
const HTML_PAGE = /^\uFEFF?\s*(?:<!DOCTYPE\s+html|<html[\s>])/i;

/** The operation's "Timeout" option (action node), for the item the request is for, or the default. */
function configuredTimeoutMs(ctx: MadMimiContext, itemIndex = 0): number {
	if (!('getInputData' in ctx)) return DEFAULT_TIMEOUT_MS;
	const seconds = (ctx as IExecuteFunctions).getNodeParameter('options.timeout', itemIndex, DEFAULT_TIMEOUT_MS / 1000) as number;
	return typeof seconds === 'number' && seconds > 0 ? Math.round(seconds * 1000) : DEFAULT_TIMEOUT_MS;
}

/** The operation's "Max Answer Size" option in bytes (action node), or the default. */
function configuredMaxBytes(ctx: MadMimiContext, itemIndex = 0): number {
	const megabytes = 'getInputData' in ctx ? ((ctx as IExecuteFunctions).getNodeParameter('options.maxAnswerSize', itemIndex, DEFAULT_MAX_ANSWER_MB) as number) : DEFAULT_MAX_ANSWER_MB;
	return Math.round((typeof megabytes === 'number' && megabytes > 0 ? megabytes : DEFAULT_MAX_ANSWER_MB) * 1_000_000);
}

class AnswerTooLarge extends Error {}

function isReadable(body: unknown): body is NodeJS.ReadableStream {
	return body !== null && typeof body === 'object' && typeof (body as { on?: unknown }).on === 'function' && Symbol.asyncIterator in body;
}

/**
 * The answer's text, read as a stream and refused past `maxBytes` before it is held whole: a
 * declared length over the cap is refused before any byte is read, and a stream that grows past
 * it is cut there (the bytes read so far are dropped).
 */
async function readBody(body: unknown, headers: IDataObject, maxBytes: number): Promise<string> {
	if (!isReadable(body)) {
		const text = bodyText(body);
		if (Buffer.byteLength(text) > maxBytes) throw new AnswerTooLarge();
		return text;
	}
	const declared = Number(headers['content-length']);
	const declaredTooLarge = Number.isFinite(declared) && declared > maxBytes;
	// with a declared length the answer is copied into one buffer as it comes (no chunk list and
	// no concatenation held beside it); without one, the chunks are joined at the end
	const whole = Number.isFinite(declared) && declared > 0 && !declaredTooLarge ? Buffer.allocUnsafe(declared) : undefined;
	const chunks: Buffer[] = [];
	let size = 0;
	let tooLarge = false;
	// leaving the loop early (break) ends the iteration, which destroys the stream and the
	// connection under it: a bare destroy() of n8n's wrapper stream would leave the socket open
	for await (const chunk of body) {
		const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
		if (declaredTooLarge || size + buffer.length > maxBytes) {
			tooLarge = true;
			chunks.length = 0;
			break;
		}
		if (whole && size + buffer.length <= whole.length) buffer.copy(whole, size);
		else chunks.push(buffer);
		size += buffer.length;
	}
	if (tooLarge) throw new AnswerTooLarge();
	if (whole && chunks.length === 0) return whole.toString('utf8', 0, size);
	// more than the declared length came (or none was declared): every byte, in order
	const head = whole ? [whole.subarray(0, size - chunks.reduce((n, c) => n + c.length, 0))] : [];
	return Buffer.concat([...head, ...chunks], size).toString('utf8');
}

const credentialCache = new WeakMap<object, Promise<MadMimiCredentials>>();

/** The credentials, read once per execution context. */
export async function getMadMimiCredentials(ctx: MadMimiContext): Promise<MadMimiCredentials> {
	let pending = credentialCache.get(ctx);
	if (!pending) {
		pending = ctx.getCredentials(CREDENTIALS_TYPE).then((data) => ({
			username: String(data.username ?? ''),
			apiKey: String(data.apiKey ?? ''),
			baseUrl: String(data.baseUrl || 'https://api.madmimi.com').replace(/\/+$/, ''),
		}));
		credentialCache.set(ctx, pending);
		pending.catch(() => credentialCache.delete(ctx));
	}
	return await pending;
}

/** `/audience_lists/list%201/add`, `/audience_members/a%40b.com/lists.xml` */
export function buildPath(path: Array<string | number>, format?: Format): string {
	const segments = path.map((s) => encodeURIComponent(String(s)));
	if (format) segments[segments.length - 1] += `.${format}`;
	return `/${segments.join('/')}`;
}

/** The path a request goes to, with its format's extension unless it has none. */
function requestPath(req: MadMimiRequest): string {
	return buildPath(req.path, req.extension === false ? undefined : req.format);
}

/** What an error about this request needs: the node, the secret to keep out, where it went, the operation's wording. */
async function errorContext(ctx: MadMimiContext, req: MadMimiRequest): Promise<ErrorContext> {
	const credentials = await getMadMimiCredentials(ctx);
	return {
		node: ctx.getNode(),
		secrets: [credentials.apiKey],
		endpoint: `${req.methodOverride ? req.methodOverride.toUpperCase() : req.method} ${requestPath(req)}`,
		notFound: req.notFound,
		refusal: req.refusal,
		itemIndex: req.itemIndex,
	};
}

function originOf(baseUrl: string): string {
	try {
		const url = new URL(baseUrl);
		return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
	} catch {
		return 'the base URL';
	}
}

function clean(values: Record<string, string | number | undefined> | undefined): IDataObject {
	const out: IDataObject = {};
	for (const [k, v] of Object.entries(values ?? {})) if (v !== undefined) out[k] = v;
	return out;
}

/**
 * Sends one request to the service with the account's credentials and returns the answer's
 * body text. HTTP errors, network failures and unreadable answers become NodeApiErrors with a
 * message a user can act on; the api_key appears in none of them.
 */
export async function madMimiRequest(this: MadMimiContext, req: MadMimiRequest): Promise<string> {
	const credentials = await getMadMimiCredentials(this);
	const path = requestPath(req);
	const method: IHttpRequestMethods = req.methodOverride ? 'POST' : req.method;
	const configured = configuredTimeoutMs(this, req.itemIndex);
	// an operation may ask for longer (imports), never for less than the user set
	const timeoutMs = Math.max(req.timeoutMs ?? 0, configured);
	const ctx = await errorContext(this, req);

	const options: IHttpRequestOptions = {
		method,
		baseURL: credentials.baseUrl,
		url: path,
		qs: clean(req.qs),
		// a stream, so that an answer past the size cap is refused before it is held whole
		encoding: 'stream',
		json: false,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: timeoutMs,
		headers: { Accept: acceptFor(req.format) },
	};
	const form = clean(req.form);
	if (req.methodOverride) form._method = req.methodOverride;
	if (method !== 'GET' && Object.keys(form).length > 0) {
		const body = new URLSearchParams();
		for (const [k, v] of Object.entries(form)) body.append(k, String(v));
		options.body = body;
	}

	let response: IN8nHttpFullResponse;
	try {
		response = (await this.helpers.httpRequestWithAuthentication.call(
			this,
			CREDENTIALS_TYPE,
			options,
		)) as IN8nHttpFullResponse;
	} catch (error) {
		throw connectionError(ctx, error, originOf(credentials.baseUrl), timeoutMs);
	}
	const maxBytes = configuredMaxBytes(this, req.itemIndex);
	let body: string;
	try {
		body = await readBody(response.body, (response.headers ?? {}) as IDataObject, maxBytes);
	} catch (error) {
		if (error instanceof AnswerTooLarge) throw tooLargeError(ctx, maxBytes);
		// the connection failed while the answer was coming (reset, timeout)
		throw connectionError(ctx, error, originOf(credentials.baseUrl), timeoutMs);
	}
	if (response.statusCode >= 400 || response.statusCode < 200) {
		throw statusError(ctx, response.statusCode, body);
	}
	if (HTML_PAGE.test(body)) {
		// a proxy's or a network's sign-in page, answered 200 in place of the service: a write that
		// reads no answer would otherwise pass as done
		throw answerError(ctx, 'The answer is an HTML page, not an answer of the Mad Mimi API (a proxy or a sign-in page of the network may have answered)', body);
	}
	// An answer that echoes the request (a proxy's page, an error page sent with 200) would carry
	// the key into items and into the messages operations build from the answer: it never does.
	return redactSecrets(body, ctx.secrets);
}

function acceptFor(format: Format | undefined): string {
	if (format === 'xml') return 'application/xml, text/xml;q=0.9, */*;q=0.1';
	if (format === 'json') return 'application/json, */*;q=0.1';
	return 'text/plain, text/html;q=0.9, */*;q=0.1';
}

function bodyText(body: unknown): string {
	if (body === undefined || body === null) return '';
	if (typeof body === 'string') return body;
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	return JSON.stringify(body);
}

/** Runs `read` on the body; an answer it cannot read becomes a clear NodeApiError. */
async function readAnswer<T>(ctx: MadMimiContext, req: MadMimiRequest, read: (body: string) => T): Promise<T> {
	const body = await madMimiRequest.call(ctx, req);
	try {
		return read(body);
	} catch (error) {
		// the readers are pure parsers: whatever they throw means the answer is unreadable
		throw answerError(await errorContext(ctx, req), error instanceof Error ? error.message : String(error), body);
	}
}

/** An XML list answer: one record per child element of its root, and the root's attributes. */
export async function requestXmlList(
	this: MadMimiContext,
	req: Omit<MadMimiRequest, 'format'>,
	options?: XmlReadOptions,
): Promise<XmlList> {
	return await readAnswer(this, { ...req, format: 'xml' }, (body) => xmlList(body, options));
}

/** The records of an XML list answer, one per child element of its root, whatever its name. */
export async function requestXmlRecords(
	this: MadMimiContext,
	req: Omit<MadMimiRequest, 'format'>,
	options?: XmlReadOptions,
): Promise<IDataObject[]> {
	return (await requestXmlList.call(this, req, options)).records;
}

/** An XML answer that is one record (the mailing statistics). */
export async function requestXmlDocument(
	this: MadMimiContext,
	req: Omit<MadMimiRequest, 'format'>,
	options?: XmlReadOptions,
): Promise<IDataObject> {
	return await readAnswer(this, { ...req, format: 'xml' }, (body) => xmlDocument(body, options));
}

/** The records of a JSON list answer (see jsonList), keys in camelCase. */
export async function requestJsonList(this: MadMimiContext, req: Omit<MadMimiRequest, 'format'>): Promise<IDataObject[]> {
	return jsonList(await requestJson.call(this, req));
}

/**
 * A JSON answer, keys in camelCase. An answer `{"success": false, "error": "…"}` (the service
 * answers some refusals so, with 200) is a failure carrying the service's text.
 */
export async function requestJson(this: MadMimiContext, req: Omit<MadMimiRequest, 'format'>): Promise<unknown> {
	const jsonReq: MadMimiRequest = { ...req, format: 'json' };
	const answer = await readAnswer(this, jsonReq, parseJson);
	// a JSON answer of 200 with "success": false is a refusal
	if (answer !== null && typeof answer === 'object' && !Array.isArray(answer) && (answer as IDataObject).success === false) {
		const said = (answer as IDataObject).error;
		throw refusedAnswerError(await errorContext(this, jsonReq), typeof said === 'string' ? said : JSON.stringify(said ?? ''));
	}
	return answer;
}

/** A plain-text answer, trimmed (a word, an ID of any length). */
export async function requestText(this: MadMimiContext, req: MadMimiRequest): Promise<string> {
	return (await madMimiRequest.call(this, req)).trim();
}

/**
 * A plain-text answer of email addresses, one a line (suppressed_since): its non-empty lines.
 * An answer that is not such a list is refused as unreadable, never read as addresses.
 */
export async function requestLines(this: MadMimiContext, req: MadMimiRequest): Promise<string[]> {
	return await readAnswer(this, req, addressLines);
}

/** A plain-text answer that is one integer. */
export async function requestInteger(this: MadMimiContext, req: MadMimiRequest): Promise<number> {
	return await readAnswer(this, req, textInteger);
}
