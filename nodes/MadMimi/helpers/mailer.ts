import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { hasLoneSurrogate, itemError, isEmail, printable, requireText } from './validation';
import { yamlMapping } from './yaml';

/*
 * What the service's sending interface (the Mailer) takes, checked before any request: addresses
 * with an optional display name, the content and its required tags, and the placeholders, sent
 * as YAML that the service reads under YAML 1.1 rules.
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

/** A required address field (optionally with a display name), as the service takes it. */
export function requireAddress(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	field: string,
): string {
	const text = requireText(ctx, itemIndex, value, field, ADDRESS_HINT);
	const parsed = parseAddress(text);
	if (!parsed) {
		throw itemError(
			ctx,
			itemIndex,
			`The field "${field}" is not a valid email address: "${printable(text)}"`,
			ADDRESS_HINT,
		);
	}
	return parsed.name ? `${parsed.name} <${parsed.email}>` : parsed.email;
}

/** An optional address field: undefined when empty, checked when given. */
export function optionalAddress(
	ctx: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	field: string,
): string | undefined {
	if (value === undefined || value === null || String(value).trim() === '') return undefined;
	return requireAddress(ctx, itemIndex, value, field);
}

/** The tags the service needs in raw content: `[[tracking_beacon]]` (or `[[peek_image]]`) in HTML, an unsubscribe link in list sends. */
const BEACON = /\[\[\s*(tracking_beacon|peek_image)\s*\]\]/i;
const UNSUBSCRIBE = /\[\[\s*(unsubscribe|opt_out)\s*\]\]/i;

export type MailContentSource = 'promotion' | 'html' | 'plainText' | 'htmlAndPlainText';

/** What an email's content is for: one transactional email, a mailing to lists (or the whole audience), or a promotion saved for later. */
export type ContentUse = 'transactionalEmail' | 'listMailing' | 'savedPromotion';

/**
 * The raw content fields of a send, checked as the service would check them, before any request:
 * HTML must carry `[[tracking_beacon]]` or `[[peek_image]]`; a send to lists or to the whole
 * audience must carry `[[unsubscribe]]` or `[[opt_out]]` in every raw version. Content only saved
 * as a promotion is checked for presence alone: the tags are needed when it is sent.
 */
export function contentFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	source: MailContentSource,
	use: ContentUse,
): Record<string, string> {
	if (source === 'promotion') return {};
	const out: Record<string, string> = {};
	if (source === 'html' || source === 'htmlAndPlainText') {
		const html = requireText(
			ctx,
			itemIndex,
			ctx.getNodeParameter('rawHtml', itemIndex, ''),
			'HTML',
			'Give the HTML of the email.',
		);
		if (use !== 'savedPromotion' && !BEACON.test(html)) {
			throw itemError(
				ctx,
				itemIndex,
				'The field "HTML" has no [[tracking_beacon]]',
				'Mad Mimi refuses HTML without it: add [[tracking_beacon]] (or its alias [[peek_image]]) once, e.g. just before the closing body tag. It lets Mad Mimi count opens.',
			);
		}
		if (use === 'listMailing' && !UNSUBSCRIBE.test(html)) {
			throw itemError(
				ctx,
				itemIndex,
				'The field "HTML" has no [[unsubscribe]] link',
				'Mad Mimi refuses a send to lists without an unsubscribe link: add [[unsubscribe]] (or [[opt_out]]) to the HTML, e.g. in its footer.',
			);
		}
		out.raw_html = html;
	}
	if (source === 'plainText' || source === 'htmlAndPlainText') {
		const text = requireText(
			ctx,
			itemIndex,
			ctx.getNodeParameter('rawPlainText', itemIndex, ''),
			'Plain Text',
			'Give the plain text of the email.',
		);
		if (use === 'listMailing' && !UNSUBSCRIBE.test(text)) {
			throw itemError(
				ctx,
				itemIndex,
				'The field "Plain Text" has no [[unsubscribe]] link',
				'Mad Mimi refuses a send to lists without an unsubscribe link: add [[unsubscribe]] (or [[opt_out]]) to the text.',
			);
		}
		out.raw_plain_text = text;
	}
	return out;
}

/**
 * The placeholders as the YAML `body` the service reads, or undefined when there are none. Every
 * key and value is written as a double-quoted string: the service reads YAML 1.1, where a plain
 * `yes`, `10:30`, `0777` or `2014-09-05` would arrive as true, 630, 511 or a date instead of the
 * text the user typed. Names are checked (not empty, not given twice) before any request.
 */
export function placeholdersYaml(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const raw = ctx.getNodeParameter('placeholders.placeholder', itemIndex, []) as unknown;
	const entries = Array.isArray(raw) ? (raw as IDataObject[]) : [];
	if (entries.length === 0) return undefined;
	// a Map: a placeholder may be called "constructor" or "__proto__"
	const values = new Map<string, string>();
	for (const [position, entry] of entries.entries()) {
		const name = String(entry.name ?? '').trim();
		if (name === '') {
			throw itemError(
				ctx,
				itemIndex,
				`Placeholder ${position + 1}: the field "Name" is empty`,
				'Give the name used in the promotion, e.g. first_name for {first_name}.',
			);
		}
		if (values.has(name)) {
			throw itemError(
				ctx,
				itemIndex,
				`The placeholder "${printable(name)}" is given twice`,
				'Each placeholder can have one value: remove one of the two.',
			);
		}
		const given = entry.value;
		const value =
			given === undefined || given === null
				? ''
				: typeof given === 'string'
					? given
					: typeof given === 'object'
						? JSON.stringify(given)
						: String(given);
		const broken = [name, value].find(hasLoneSurrogate);
		if (broken !== undefined) {
			throw itemError(
				ctx,
				itemIndex,
				`The placeholder "${printable(name)}" holds a broken character (half of an emoji or symbol)`,
				`Fix or remove it in "${printable(broken)}": it cannot be sent to Mad Mimi.`,
			);
		}
		values.set(name, value);
	}
	return yamlMapping([...values]);
}
