/**
 * Bad input, found by a check that takes values and knows no n8n context: the message, naming the
 * field, and what to do. The item loop (actions/itemLoop.ts, `withItemIndex`) makes it the node's
 * error of the item being run; a parameter read outside the loop is checked in
 * actions/parameters.ts (`inItem`), which does the same.
 */
export class InputError extends Error {
	constructor(
		message: string,
		readonly description?: string,
	) {
		super(message);
		this.name = 'InputError';
	}
}

// One address: a local part, an @, a domain with a dot; no white space or separators.
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/u;

/** Whether a text holds a C0 control character or DEL (line breaks, tabs, NUL…). */
export function hasControlChars(text: string): boolean {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
	}
	return false;
}

/**
 * Whether a text holds half of a character (an unpaired UTF-16 surrogate, as a cut emoji leaves):
 * it has no UTF-8 form, so it cannot be put in a URL (encodeURIComponent throws "URI malformed").
 */
export function hasLoneSurrogate(text: string): boolean {
	return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

export function isEmail(value: string): boolean {
	if (
		value.length > 254 ||
		hasControlChars(value) ||
		hasLoneSurrogate(value) ||
		!EMAIL.test(value) ||
		value.includes('..')
	)
		return false;
	const local = value.slice(0, value.lastIndexOf('@'));
	return !local.startsWith('.') && !local.endsWith('.');
}

/** A field's value as text, trimmed ('' for none). */
function trimmedText(value: unknown): string {
	return typeof value === 'string'
		? value.trim()
		: value === undefined || value === null
			? ''
			: String(value);
}

/** A required email field: trimmed, checked, or an error naming the field. */
export function requireEmail(value: unknown, field: string): string {
	const email = trimmedText(value);
	if (email === '') {
		throw new InputError(
			`The field "${field}" is empty`,
			'Give an email address, e.g. jane@example.com, or map one from the input item.',
		);
	}
	if (!isEmail(email)) {
		throw new InputError(
			`The field "${field}" is not a valid email address: "${printable(email)}"`,
			'An address looks like jane@example.com, with no spaces.',
		);
	}
	return email;
}

/**
 * A name that goes into the URL path as one segment (a list name): not empty, no control
 * characters, and not `.` or `..`, which URL parsers fold away whatever their encoding.
 */
export function requirePathName(value: unknown, field: string): string {
	const name = trimmedText(value);
	if (name === '') {
		throw new InputError(
			`The field "${field}" is empty`,
			'Pick a value from the list, or type or map one.',
		);
	}
	if (hasControlChars(name)) {
		throw new InputError(
			`The field "${field}" contains control characters (such as a line break or tab)`,
			`Remove them from "${printable(name)}".`,
		);
	}
	if (hasLoneSurrogate(name)) {
		throw new InputError(
			`The field "${field}" contains a broken character (half of an emoji or symbol)`,
			`Fix or remove it in "${printable(name)}": it cannot be sent to Mad Mimi.`,
		);
	}
	if (name === '.' || name === '..') {
		throw new InputError(
			`The field "${field}" cannot be "${name}"`,
			'Mad Mimi cannot address a record with this name in its API.',
		);
	}
	return name;
}

/** A required text field's value, trimmed; an InputError naming the field when it is empty. */
export function nonEmptyText(value: unknown, field: string, hint?: string): string {
	const text = trimmedText(value);
	if (text === '') throw new InputError(`The field "${field}" is empty`, hint);
	return text;
}

/** A text with its control characters shown, for messages. */
export function printable(text: string): string {
	const chars: string[] = [];
	for (const c of text) {
		const code = c.charCodeAt(0);
		const lone = c.length === 1 && code >= 0xd800 && code <= 0xdfff;
		chars.push(
			code < 0x20 || (code >= 0x7f && code <= 0x9f) || lone
				? `\\u${code.toString(16).padStart(4, '0')}`
				: c,
		);
	}
	// cut by code points, never inside a surrogate pair
	return chars.length > 80 ? `${chars.slice(0, 80).join('')}…` : chars.join('');
}

/** Whether a text is a full http or https address, with a host and no white space or control characters. */
export function isHttpUrl(text: string): boolean {
	if (/\s/.test(text) || hasControlChars(text)) return false;
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return false;
	}
	return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… */
export function ordinal(n: number): string {
	const tens = n % 100;
	const suffix =
		tens >= 11 && tens <= 13
			? 'th'
			: (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
	return `${n}${suffix}`;
}
