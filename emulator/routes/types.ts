/**
 * What a route module works with: the call it answers, the answer it gives, and the helpers the
 * modules share. See routes/index.ts for how to add a module.
 */
import type { AnswerContext } from '../render';
import { JSON_TYPE, TEXT_TYPE, XML_TYPE } from '../render';
import { ApiError } from '../model';
import type { Store } from '../store';

/** One authenticated API request, as a route module sees it. */
export interface Call {
	/** Effective method (after `_method`; PATCH is handled as PUT). */
	method: string;
	/** Decoded path segments (`/audience_lists/a%2Fb/add` → `['audience_lists', 'a/b', 'add']`). */
	seg: string[];
	/** Query and form merged (form wins), without username, api_key and _method. */
	params: Record<string, string>;
	/** The Accept header, lower-cased ('' when absent). */
	accept: string;
	store: Store;
	/** Clock time of the call (ms). */
	now: number;
	/** Rendering context: date style, alternations, vocabulary. */
	out: AnswerContext;
}

/**
 * Marks an answer whose shape is our guess (no recording shows its names): the server serves it in
 * the second vocabulary when that is on. Recorded answers carry no mark and never change.
 */
type GuessMark = { kind: 'xml' } | { kind: 'json'; value: unknown; root: string };

export interface Answer {
	status: number;
	body: string | Buffer;
	contentType: string;
	headers?: Record<string, string>;
	guessed?: GuessMark;
}

/**
 * A group of endpoints: `'<METHOD> <path>'` → its handler. The path's segments are matched one by
 * one (the effective method; PATCH is PUT): a word exactly, `:name` any one segment, `:name.xml`
 * any one ending in `.xml`; the handler gets those segments in order (`.xml` cut off). A handler
 * answers, throws ApiError for a refusal, or gives `undefined` (the next route is asked; when none
 * answers: 404 with a body of one space).
 */
export type Routes = Record<string, (c: Call, ...args: string[]) => Answer | undefined>;

export function textAnswer(status: number, body: string, contentType = TEXT_TYPE): Answer {
	return { status, body, contentType };
}

/** A recorded XML document. */
export function xmlAnswer(body: string): Answer {
	return { status: 200, body, contentType: XML_TYPE };
}

/** A JSON answer whose shape is recorded (or given by the docs). */
export function jsonAnswer(value: unknown, status = 200): Answer {
	return { status, body: JSON.stringify(value), contentType: JSON_TYPE };
}

/** An XML document whose names are our guess (served in the second vocabulary when on). */
export function guessedXml(body: string): Answer {
	return { status: 200, body, contentType: XML_TYPE, guessed: { kind: 'xml' } };
}

/**
 * A JSON answer whose names are our guess. `root` names a top-level array in the second vocabulary
 * (the name of the matching XML root, e.g. `social_links`).
 */
export function guessedJson(value: unknown, root: string): Answer {
	return {
		status: 200,
		body: JSON.stringify(value),
		contentType: JSON_TYPE,
		guessed: { kind: 'json', value, root },
	};
}

/** 404 with a body of one space (recorded for an unknown promotion or mailing). */
export const NOT_FOUND: Answer = textAnswer(404, ' ');

/** 200 with a body of one space (recorded: add to a list, delete a list). */
export const SPACE: Answer = textAnswer(200, ' ');

/** 200 with an empty body (recorded: remove from a list). */
export const EMPTY: Answer = textAnswer(200, '');

/**
 * A write answer no recording shows: 200 with '' or ' ', alternating from one such answer to the
 * next (the service answers both for writes of this kind).
 */
export function blank(c: Call): Answer {
	return textAnswer(200, c.out.alt('blank') ? ' ' : '');
}

/** The unknown-member refusal: `<email> does not exist` or `Member <email> does not exist`, alternating. */
export function memberMissing(c: Call, email: string): ApiError {
	return new ApiError(
		400,
		c.out.alt('memberMissing') ? `Member ${email} does not exist` : `${email} does not exist`,
	);
}

export function requireMember(c: Call, email: string): void {
	if (!c.store.getMember(email)) throw memberMissing(c, email);
}

export function toInt(text: string | undefined): number | null {
	if (text === undefined) return null;
	const t = text.trim();
	return /^-?\d+$/.test(t) ? Number(t) : null;
}

export function positiveInt(text: string | undefined): number | null {
	const n = toInt(text);
	return n !== null && n >= 1 ? n : null;
}

export function truthy(text: string | undefined): boolean {
	return text !== undefined && ['true', '1', 'yes', 'on'].includes(text.trim().toLowerCase());
}

export function given(params: Record<string, string>, key: string): boolean {
	return params[key] !== undefined && params[key] !== '';
}
