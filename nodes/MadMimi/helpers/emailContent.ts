import type { IDataObject } from 'n8n-workflow';

import { hasLoneSurrogate, InputError, nonEmptyText, printable } from './validation';
import { yamlMapping } from './yaml';

/*
 * The content of an email as the service's sending interface (the Mailer) takes it, checked before
 * any request: the raw HTML and text with their required tags, and the placeholders, sent as YAML
 * that the service reads under YAML 1.1 rules. Addresses are in address.ts.
 */

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
	source: MailContentSource,
	use: ContentUse,
	raw: { html: unknown; plainText: unknown },
): Record<string, string> {
	if (source === 'promotion') return {};
	const out: Record<string, string> = {};
	if (source === 'html' || source === 'htmlAndPlainText') {
		const html = nonEmptyText(raw.html, 'HTML', 'Give the HTML of the email.');
		if (use !== 'savedPromotion' && !BEACON.test(html)) {
			throw new InputError(
				'The field "HTML" has no [[tracking_beacon]]',
				'Mad Mimi refuses HTML without it: add [[tracking_beacon]] (or its alias [[peek_image]]) once, e.g. just before the closing body tag. It lets Mad Mimi count opens.',
			);
		}
		if (use === 'listMailing' && !UNSUBSCRIBE.test(html)) {
			throw new InputError(
				'The field "HTML" has no [[unsubscribe]] link',
				'Mad Mimi refuses a send to lists without an unsubscribe link: add [[unsubscribe]] (or [[opt_out]]) to the HTML, e.g. in its footer.',
			);
		}
		out.raw_html = html;
	}
	if (source === 'plainText' || source === 'htmlAndPlainText') {
		const text = nonEmptyText(raw.plainText, 'Plain Text', 'Give the plain text of the email.');
		if (use === 'listMailing' && !UNSUBSCRIBE.test(text)) {
			throw new InputError(
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
export function placeholdersYaml(raw: unknown): string | undefined {
	const entries = Array.isArray(raw) ? (raw as IDataObject[]) : [];
	if (entries.length === 0) return undefined;
	// a Map: a placeholder may be called "constructor" or "__proto__"
	const values = new Map<string, string>();
	for (const [position, entry] of entries.entries()) {
		const name = String(entry.name ?? '').trim();
		if (name === '') {
			throw new InputError(
				`Placeholder ${position + 1}: the field "Name" is empty`,
				'Give the name used in the promotion, e.g. first_name for {first_name}.',
			);
		}
		if (values.has(name)) {
			throw new InputError(
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
			throw new InputError(
				`The placeholder "${printable(name)}" holds a broken character (half of an emoji or symbol)`,
				`Fix or remove it in "${printable(broken)}": it cannot be sent to Mad Mimi.`,
			);
		}
		values.set(name, value);
	}
	return yamlMapping([...values]);
}
