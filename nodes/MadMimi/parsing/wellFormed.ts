/**
 * A fast well-formedness check of an XML answer, done before fast-xml-parser builds its tree
 * (the parser accepts malformed input without complaint when it does not validate, and its own
 * validator is a second full pass that costs about as much as a fifth of the parse). One scan:
 * every start tag has its end tag, in order; attributes are quoted; one root element, with
 * nothing but white space, comments and processing instructions around it; no `<` in text and
 * no `&` that starts no reference. Returns why the document is not well-formed, or undefined.
 * A DOCTYPE is reported as `DOCTYPE`: xml.ts refuses it (entities are never expanded).
 */

/** What notWellFormed returns for a document type declaration (refused: entity expansion). */
export const DOCTYPE = 'DOCTYPE';

/** An element name, then attributes `name="…"` or `name='…'`, then `>` or `/>`, read from `<`. */
const START_TAG = /<([A-Za-z_:\u00c0-\uffff][-\w.:\u00b7\u00c0-\uffff]*)((?:\s+[^\s=/>"'<]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
/** An `&` that starts a reference: a name or a character number, then `;`. */
const REFERENCE = /&(?:[A-Za-z_:][-\w.:]*|#\d+|#x[0-9A-Fa-f]+);/y;

/** A character of an element name (ASCII letters, digits, `-_.:`, or any non-ASCII letter). */
function isNameChar(code: number): boolean {
	return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 58) || code === 45 || code === 95 || code === 46 || code >= 0xb7;
}

function isSpace(code: number): boolean {
	return code === 32 || code === 10 || code === 13 || code === 9;
}

export function notWellFormed(xml: string): string | undefined {
	// the open elements: where each one's name starts in the text, and its length
	const stack: Array<[number, number]> = [];
	let roots = 0;
	let pos = 0;
	const length = xml.length;
	// the next `&` at or after the scan: found once, so the whole check stays one pass
	let amp = xml.indexOf('&');
	const badReference = (from: number, to: number): string | undefined => {
		if (amp !== -1 && amp < from) amp = xml.indexOf('&', from);
		while (amp !== -1 && amp < to) {
			REFERENCE.lastIndex = amp;
			if (!REFERENCE.test(xml)) return `a "&" that starts no entity reference at position ${amp}`;
			amp = xml.indexOf('&', amp + 1);
		}
		return undefined;
	};
	while (pos < length) {
		const lt = xml.indexOf('<', pos);
		const textEnd = lt === -1 ? length : lt;
		if (stack.length === 0) {
			for (let i = pos; i < textEnd; i++) if (!isSpace(xml.charCodeAt(i))) return `text outside the root element at position ${i}`;
		} else {
			const problem = badReference(pos, textEnd);
			if (problem !== undefined) return problem;
		}
		if (lt === -1) break;
		const next = xml.charCodeAt(lt + 1);
		if (next === 33 /* ! */) {
			if (xml.startsWith('<!--', lt)) {
				const end = xml.indexOf('-->', lt + 4);
				if (end === -1) return 'an unclosed comment';
				pos = end + 3;
				continue;
			}
			if (xml.startsWith('<![CDATA[', lt)) {
				if (stack.length === 0) return 'a CDATA section outside the root element';
				const end = xml.indexOf(']]>', lt + 9);
				if (end === -1) return 'an unclosed CDATA section';
				pos = end + 3;
				continue;
			}
			if (/^<!DOCTYPE/i.test(xml.slice(lt, lt + 9))) return DOCTYPE;
			return `an unexpected "<!" at position ${lt}`;
		}
		if (next === 63 /* ? */) {
			const end = xml.indexOf('?>', lt + 2);
			if (end === -1) return 'an unclosed processing instruction';
			pos = end + 2;
			continue;
		}
		if (next === 47 /* / */) {
			// an end tag: its name must be the open element's, compared in place (no regex, no copy)
			const open = stack.pop();
			if (open === undefined) return `an end tag without its start tag at position ${lt}`;
			const [start, size] = open;
			let i = lt + 2;
			for (let k = 0; k < size; k++, i++) {
				if (xml.charCodeAt(i) !== xml.charCodeAt(start + k)) return `the end tag at position ${lt} does not close <${xml.slice(start, start + size)}>`;
			}
			if (isNameChar(xml.charCodeAt(i))) return `the end tag at position ${lt} does not close <${xml.slice(start, start + size)}>`;
			while (isSpace(xml.charCodeAt(i))) i++;
			if (xml.charCodeAt(i) !== 62 /* > */) return `a malformed end tag at position ${lt}`;
			pos = i + 1;
			continue;
		}
		// a start tag: its name read in place; a tag with attributes is checked by the regex
		let i = lt + 1;
		const first = xml.charCodeAt(i);
		if (!((first >= 97 && first <= 122) || (first >= 65 && first <= 90) || first === 95 || first === 58 || first >= 0xc0)) {
			return `a malformed tag at position ${lt}`;
		}
		while (i < length && isNameChar(xml.charCodeAt(i))) i++;
		const nameEnd = i;
		const close = xml.charCodeAt(i);
		let selfClosing = false;
		if (close === 62 /* > */) pos = i + 1;
		else if (close === 47 /* / */ && xml.charCodeAt(i + 1) === 62) {
			selfClosing = true;
			pos = i + 2;
		} else {
			START_TAG.lastIndex = lt;
			const m = START_TAG.exec(xml);
			if (!m) return `a malformed tag at position ${lt}`;
			selfClosing = m[3] === '/';
			const problem = badReference(lt, START_TAG.lastIndex);
			if (problem !== undefined) return problem;
			pos = START_TAG.lastIndex;
		}
		if (stack.length === 0) {
			roots++;
			if (roots > 1) return 'more than one root element';
		}
		if (!selfClosing) stack.push([lt + 1, nameEnd - lt - 1]);
	}
	if (stack.length > 0) {
		const [start, size] = stack[stack.length - 1];
		return `the element <${xml.slice(start, start + size)}> is not closed`;
	}
	if (roots === 0) return 'no root element';
	return undefined;
}
