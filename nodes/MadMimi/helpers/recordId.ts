import { InputError, printable } from './validation';

/** How a record ID field is named and explained in its errors. */
export interface IdField {
	/** The field's display name: "Promotion", "Webform ID". */
	field: string;
	/** What the ID is of, in messages: "promotion", "webform". */
	what: string;
	/** What to do when the field is empty. */
	emptyHint: string;
	/** What to do when it holds something else than an ID. */
	invalidHint: string;
}

/**
 * A record ID as the service takes it: a positive whole number, given as a number or as digits
 * (white space around them is dropped). Anything else is refused, naming the field, before any
 * request is sent.
 */
export function requirePositiveId(value: unknown, idField: IdField): number {
	let text: string;
	if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : '';
	else if (value === undefined || value === null) text = '';
	else text = String(value).trim();
	if (text === '') throw new InputError(`The field "${idField.field}" is empty`, idField.emptyHint);
	const id = /^\d+$/.test(text) ? Number(text) : NaN;
	if (!Number.isSafeInteger(id) || id < 1) {
		throw new InputError(
			`The field "${idField.field}" is not a valid ${idField.what} ID: "${printable(text)}"`,
			idField.invalidHint,
		);
	}
	return id;
}
