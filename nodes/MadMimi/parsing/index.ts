import type { IDataObject } from 'n8n-workflow';

import { ParseError } from './parseError';
import { fieldType } from './fieldTypes';
import { camelCase, putField, toIsoDateTime } from './values';

export { xmlDocument, xmlList } from './xml';
export type { XmlList, XmlReadOptions } from './xml';
export { toIsoDateTime } from './values';

/**
 * Parses a JSON answer: camelCase keys at every depth; numbers, booleans and nulls as the service
 * typed them; a string a date-time only where its field is one (fieldTypes.ts), every other string
 * as written. Any key, `__proto__` included, is an ordinary field.
 */
export function parseJson(text: string): unknown {
	const body = text.replace(/^\uFEFF/, '').trim();
	if (body === '') throw new ParseError('The response was empty where JSON was expected');
	const value = jsonValue(body);
	if (value === undefined) throw new ParseError('The response is not valid JSON');
	return normalizeJson(value);
}

/**
 * The value of a JSON text, or undefined when it is not JSON (no JSON text parses to undefined).
 * The caller throws, outside the catch: n8n's lint allows only its own errors to be thrown there.
 */
function jsonValue(body: string): unknown {
	try {
		return JSON.parse(body) as unknown;
	} catch {
		return undefined;
	}
}

/** The answer with its keys in camelCase and its date-time fields in ISO 8601, read without recursion. */
function normalizeJson(value: unknown): unknown {
	const top: { value?: unknown } = {};
	const work: Array<{
		from: unknown;
		into: IDataObject | unknown[];
		key: string | number;
		field: string;
	}> = [{ from: value, into: top as IDataObject, key: 'value', field: '' }];
	for (let item = work.pop(); item !== undefined; item = work.pop()) {
		const { from, into, key, field } = item;
		if (Array.isArray(from)) {
			const list = new Array<unknown>(from.length);
			putField(into, key, list);
			from.forEach((v, i) => work.push({ from: v, into: list, key: i, field }));
		} else if (from !== null && typeof from === 'object') {
			const out: IDataObject = {};
			putField(into, key, out);
			for (const [k, v] of Object.entries(from as IDataObject)) {
				const name = camelCase(k);
				putField(out, name, null);
				work.push({ from: v, into: out, key: name, field: k });
			}
		} else if (typeof from === 'string' && fieldType(field) === 'dateTime') {
			putField(into, key, toIsoDateTime(from) ?? from);
		} else putField(into, key, from);
	}
	return top.value;
}

/**
 * The records of a JSON list answer, whatever its keys are called: the elements of an array; of
 * an object that holds exactly one array (beside counters or flags), that array's elements; any
 * other object is one record. An element that is not an object is `{ value }`.
 */
export function jsonList(answer: unknown): IDataObject[] {
	let list: unknown[];
	if (Array.isArray(answer)) list = answer;
	else if (answer === null || answer === undefined) list = [];
	else if (typeof answer === 'object') {
		if (Object.keys(answer).length === 0) return [];
		const arrays = Object.values(answer as IDataObject).filter((v) => Array.isArray(v));
		list = arrays.length === 1 ? (arrays[0] as unknown[]) : [answer];
	} else list = [answer];
	return list.map((entry) =>
		entry !== null && typeof entry === 'object' && !Array.isArray(entry)
			? (entry as IDataObject)
			: { value: entry as IDataObject[keyof IDataObject] },
	);
}

/** The non-empty lines of a plain-text answer (suppressed_since: one address a line). */
function textLines(text: string): string[] {
	return text
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter((line) => line !== '');
}

/** One address a line: something@something, without white space or markup. */
const ADDRESS_LINE = /^[^\s<>@]+@[^\s<>@]+$/;

/**
 * The addresses of a plain-text answer, one a line (suppressed_since). An answer that is not
 * such a list (a proxy's HTML page, an XML document, any other text answered 200) is refused:
 * read as lines, it would give its markup as addresses, and a trigger would move its cursor
 * past the real ones.
 */
export function addressLines(text: string): string[] {
	const lines = textLines(text);
	if (!lines.every((line) => ADDRESS_LINE.test(line))) {
		throw new ParseError('The response is not a list of email addresses, one a line');
	}
	return lines;
}

/** A plain-text answer that must be one integer (import id, counts). */
export function textInteger(text: string): number {
	const body = text.trim();
	if (!/^-?\d+$/.test(body)) {
		throw new ParseError('The response is not a number');
	}
	return Number(body);
}

/** A reader of a one-word answer (an ID, a status): the trimmed text when it matches, else `reason` as the answer's fault. */
export function answerMatching(pattern: RegExp, reason: string): (body: string) => string {
	return (body) => {
		const text = body.trim();
		if (!pattern.test(text)) throw new ParseError(reason);
		return text;
	};
}
