import { InputError, isEmail, nonEmptyText, printable } from './validation';

/*
 * Email addresses as the service's sending interface (the Mailer) takes them: an address with an
 * optional display name, checked before any request.
 */

/** `jane@example.com` or `Jane Doe <jane@example.com>`: the address and the name, if any. */
export function parseAddress(text: string): { email: string; name?: string } | undefined {
	const trimmed = text.trim();
	const named = /^(.*?)\s*<([^<>]+)>$/.exec(trimmed);
	if (named) {
		const email = named[2].trim();
		const name = named[1].trim().replace(/^"(.*)"$/, '$1');
		return isEmail(email) ? { email, name: name === '' ? undefined : name } : undefined;
	}
	return isEmail(trimmed) ? { email: trimmed } : undefined;
}

/**
 * What an address field takes. No angle brackets: n8n's error panel reads `<jane@example.com>` as
 * markup and drops it, so the form with a name is described, and the field's placeholder shows it.
 */
const ADDRESS_HINT =
	"Give an email address such as jane@example.com, or a name followed by the address in angle brackets, as the field's placeholder shows.";

/** A required address field's value (optionally with a display name), as the service takes it; an InputError naming the field. */
export function requiredAddress(value: unknown, field: string): string {
	const text = nonEmptyText(value, field, ADDRESS_HINT);
	const parsed = parseAddress(text);
	if (!parsed)
		throw new InputError(
			`The field "${field}" is not a valid email address: "${printable(text)}"`,
			ADDRESS_HINT,
		);
	return parsed.name ? `${parsed.name} <${parsed.email}>` : parsed.email;
}

/** An optional address field's value: undefined when empty, checked when given. */
export function optionalAddress(value: unknown, field: string): string | undefined {
	if (value === undefined || value === null || String(value).trim() === '') return undefined;
	return requiredAddress(value, field);
}

/**
 * The recipient with a display name, if one is given: `Jane Doe <jane@example.com>`; a name
 * holding a comma, a quote or angle brackets is quoted, as an address header wants it.
 */
export function withName(recipient: string, name: string | undefined): string {
	const trimmed = String(name ?? '')
		.replace(/[\r\n\t]+/g, ' ')
		.trim();
	if (trimmed === '') return recipient;
	const address = parseAddress(recipient)?.email ?? recipient;
	const shown = /[",<>;:@()[\]\\]/.test(trimmed)
		? `"${trimmed.replace(/["\\]/g, '\\$&')}"`
		: trimmed;
	return `${shown} <${address}>`;
}
