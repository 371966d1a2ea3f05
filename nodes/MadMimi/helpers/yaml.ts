/*
 * The YAML the Mailer reads its placeholders from (`body`): one flat mapping of names to texts.
 * The service reads it with Ruby's YAML, under YAML 1.1's rules, where a plain `yes`, `on`,
 * `10:30`, `0777`, `1e3`, `~` or `2014-09-05` is a boolean, a number, null or a date, and `#`,
 * `: `, a leading `{`, `[`, `&`, `*`, `!`, `%` or `@` change what follows. Every key and value is
 * therefore written as a double-quoted scalar, the one style in which every text means itself,
 * and every character a YAML 1.1 reader would read otherwise is escaped:
 * - `\` and `"`, which end or start an escape;
 * - the line breaks of YAML 1.1 (LF, CR, and NEL, LS, PS, which YAML 1.2 no longer counts), which a
 *   reader would fold into spaces;
 * - tab, and every character outside YAML 1.1's printable set (C0 and C1 controls, DEL, the BOM,
 *   U+FFFE and U+FFFF), which a reader refuses or drops.
 * Everything else, characters beyond the BMP (emoji) included, is written as it is, in UTF-8.
 * (A text with half of a surrogate pair cannot be written as UTF-8 at all: the caller refuses it.)
 */

const NAMED_ESCAPES: Record<string, string> = {
	'\\': '\\\\',
	'"': '\\"',
	'\0': '\\0',
	'\x07': '\\a',
	'\b': '\\b',
	'\t': '\\t',
	'\n': '\\n',
	'\x0B': '\\v',
	'\f': '\\f',
	'\r': '\\r',
	'\x1B': '\\e',
	'\x85': '\\N',
	'\u2028': '\\L',
	'\u2029': '\\P',
};

/** Whether a character (one code point) is outside YAML 1.1's printable set, or one the BOM a reader may swallow. */
function unprintable(code: number): boolean {
	return (
		code < 0x20 ||
		(code >= 0x7f && code <= 0x9f) ||
		code === 0xfeff ||
		code === 0xfffe ||
		code === 0xffff
	);
}

function hex(code: number, digits: number): string {
	return code.toString(16).toUpperCase().padStart(digits, '0');
}

/** A text as a YAML 1.1 double-quoted scalar that every reader reads back as exactly that text. */
function yamlQuoted(text: string): string {
	let out = '"';
	for (const char of text) {
		const named = NAMED_ESCAPES[char];
		if (named !== undefined) {
			out += named;
			continue;
		}
		const code = char.codePointAt(0)!;
		out += unprintable(code) ? (code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`) : char;
	}
	return `${out}"`;
}

/** A flat mapping of texts, one `"key": "value"` a line, in the given order. */
export function yamlMapping(entries: Array<[string, string]>): string {
	return entries.map(([key, value]) => `${yamlQuoted(key)}: ${yamlQuoted(value)}\n`).join('');
}
