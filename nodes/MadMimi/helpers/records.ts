import type { IDataObject } from 'n8n-workflow';

/*
 * Reading records whose field names no source shows (addons and the like): by their values,
 * never by a field name we guessed. See parsing/xml.ts for how such records are read.
 */

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
	return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The record's top-level scalar fields, in order. */
function scalarFields(record: IDataObject): Array<[string, Scalar]> {
	const out: Array<[string, Scalar]> = [];
	for (const [key, value] of Object.entries(record)) if (isScalar(value)) out.push([key, value]);
	return out;
}

/**
 * The record holding a field equal to `value` (as text), e.g. the addon whose ID or key was
 * given. When several do, the one where the match comes earliest among its fields wins
 * (identifiers come first in the service's records).
 */
export function findByValue(records: IDataObject[], value: string): IDataObject | undefined {
	let best: IDataObject | undefined;
	let bestPosition = Infinity;
	for (const record of records) {
		const position = scalarFields(record).findIndex(([, v]) => String(v) === value);
		if (position !== -1 && position < bestPosition) {
			best = record;
			bestPosition = position;
		}
	}
	return best;
}

/** The name of the record's first field whose value (as lower-case text) is one of `values`. */
export function fieldWithValue(
	record: IDataObject,
	values: ReadonlySet<string>,
): string | undefined {
	for (const [key, value] of scalarFields(record))
		if (values.has(String(value).toLowerCase())) return key;
	return undefined;
}

const KEY_LIKE = /^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*$/;
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}T/;
const URL_LIKE = /^[a-z]+:\/\//i;

/**
 * How to show and address a record in a dropdown, from its values alone: the value is its first
 * key-like text (`ab_testing`) or else its first positive whole number (an ID); the name is its
 * first text that reads as a name (has a space or a capital, is no date or address), else the value.
 */
export function recordChoice(
	record: IDataObject,
	skip: ReadonlySet<string> = new Set(),
): { name: string; value: string } | undefined {
	const fields = scalarFields(record).filter(([, v]) => !skip.has(String(v).toLowerCase()));
	const key = fields.find(([, v]) => typeof v === 'string' && KEY_LIKE.test(v));
	const id = fields.find(([, v]) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0);
	const address = key ?? id;
	if (!address) return undefined;
	const value = String(address[1]);
	const name = fields.find(
		([, v]) =>
			typeof v === 'string' &&
			v !== value &&
			/[\sA-Z]/.test(v) &&
			!DATE_LIKE.test(v) &&
			!URL_LIKE.test(v),
	);
	return { name: name ? String(name[1]) : value, value };
}
