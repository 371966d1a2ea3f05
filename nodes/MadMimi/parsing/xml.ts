import type { IDataObject } from 'n8n-workflow';

import { AnswerError } from './answerError';
import { camelCase, convertScalar, decodeXmlText } from './values';
import type { RawNode } from './xmlTree';
import { ATTR, CDATA, readXmlTree, TEXT, XmlDoctypeError, XmlSyntaxError } from './xmlTree';

/*
 * Reading the service's XML without knowing its element names.
 *
 * Only a few of the service's documents have a recorded shape (lists, promotions, members, the
 * mailing statistics); for the others (recipients, links, addons, domains, child accounts, drip
 * campaigns…) no source shows the element or attribute names. So the reader depends on no name:
 *
 * 1. A list answer's records are the child elements of its root, whatever they are called, in
 *    document order. The root's own attributes (paging figures) are not records: they are
 *    returned apart, as `meta`.
 * 2. A record's attributes and child elements are its fields, in camelCase; nothing is dropped.
 *    A record that is only text (`<domain>example.com</domain>`) is `{ domain: 'example.com' }`.
 * 3. Inside a record, an element without attributes or text whose child elements all share one
 *    name is a WRAPPER: an array of its children. With two or more children that is certain.
 * 4. The ambiguous case, an element holding exactly one child element (and no attributes or
 *    text): it is a wrapper of one when that child is itself a record (has attributes or child
 *    elements: `<drips><drip id="1"/></drips>` → `drips: [{ id: 1 }]`); when the child is a
 *    plain value (`<address><street>Main St</street></address>`) it is a record with one field
 *    (`address: { street: 'Main St' }`), unless the same document shows an element of that name
 *    as a wrapper elsewhere (rule 6).
 * 5. An empty element (`<x/>`, `<x></x>`, white space only) is null, unless the same document
 *    shows an element of that name as a wrapper elsewhere (rule 6): then it is `[]`.
 * 6. Evidence is read over the whole document before values are settled: an element name seen
 *    as a wrapper anywhere makes every element of that name a wrapper (an empty one `[]`, one
 *    with a single plain child a one-element array), and a child record seen repeated under a
 *    parent (`<promotion><mailing/><mailing/></promotion>`) is an array under every parent of
 *    that name, even where it appears once. So all records of one answer have one shape.
 * 7. Where a recording shows a container (the `lists` of a member, the `links` of the mailing
 *    statistics), the operation names it in `arrays`, and it is always an array, also when empty
 *    and with no evidence in the document. Where a recording shows a code that is sometimes all
 *    digits (a promotion's `mimio`), the operation names it in `text`: it is never a number.
 *
 * Values: numbers as numbers, true/false as booleans, date-times as ISO 8601 with their offset,
 * empty as null (see values.ts).
 */

/** How to read one answer, from its recording (raw element and attribute names). */
export interface XmlReadOptions {
	/** Containers: always arrays (rule 7). */
	arrays?: readonly string[];
	/** Codes that may look like numbers (`mimio="293145"` beside `mimio="4e9245"`): always text. */
	text?: readonly string[];
}

/** A list answer: one record per child element of the root, and the root's own attributes. */
export interface XmlList {
	root: string;
	records: IDataObject[];
	meta: IDataObject;
}

/** Line and column of a position in the text, for the error message. */
function lineAndColumn(text: string, position: number): string {
	let line = 1;
	let lineStart = 0;
	for (let i = text.indexOf('\n'); i !== -1 && i < position; i = text.indexOf('\n', i + 1)) {
		line++;
		lineStart = i + 1;
	}
	return `line ${line}, column ${position - lineStart + 1}`;
}

/**
 * The tree of the answer, or why it is refused. A document type declaration is refused, wherever
 * it stands in the markup: its entities are never expanded, and the rule is to refuse it, not to
 * ignore it. (The caller throws, outside the catch: n8n's lint allows only its own errors there.)
 */
function readOrReason(body: string): { root: string; node: RawNode } | { reason: string } {
	try {
		return readXmlTree(body);
	} catch (error) {
		if (error instanceof XmlDoctypeError)
			return {
				reason: error.html
					? 'The response is an HTML page, not an XML document'
					: 'The response declares a DOCTYPE, which is refused for safety (entity expansion)',
			};
		const where =
			error instanceof XmlSyntaxError ? ` (${lineAndColumn(body, error.position)})` : '';
		return { reason: `The response is not well-formed XML: ${(error as Error).message}${where}` };
	}
}

/** Reads an XML answer in one pass, well-formedness checked on the way (xmlTree.ts): the root element's name and raw content. */
function parseRoot(text: string): { root: string; node: RawNode } {
	// the first character that is no BOM or white space (no copy of a large answer is made)
	let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
	while (start < text.length && /\s/.test(text[start])) start++;
	if (start === text.length)
		throw new AnswerError('The response was empty where an XML document was expected');
	if (text[start] !== '<') throw new AnswerError('The response is not an XML document');
	const body = start === 0 ? text : text.slice(start);
	const tree = readOrReason(body);
	if ('reason' in tree) throw new AnswerError(tree.reason);
	if (/^html$/i.test(tree.root))
		throw new AnswerError('The response is an HTML page, not an XML document');
	return tree;
}

/** The records of a list answer (rule 1): the root's child elements, whatever their names. */
export function xmlList(text: string, options: XmlReadOptions = {}): XmlList {
	const { root, node } = parseRoot(text);
	const reader = new DocumentReader(options);
	const records: IDataObject[] = [];
	const meta: IDataObject = {};
	if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
		for (const key in node) {
			if (key === TEXT || key === CDATA) continue;
			if (key.startsWith(ATTR)) {
				meta[camelCase(key.slice(ATTR.length))] = convertScalar(decodeXmlText(String(node[key])));
				continue;
			}
			const children = node[key] as RawNode;
			if (Array.isArray(children))
				for (const child of children) records.push(reader.record(child, key));
			else records.push(reader.record(children, key));
		}
	}
	reader.settle();
	return { root, records, meta };
}

/** A document that is one record (the mailing statistics): the root element and its fields. */
export function xmlDocument(text: string, options: XmlReadOptions = {}): IDataObject {
	const { root, node } = parseRoot(text);
	const reader = new DocumentReader(options);
	const record = reader.record(node, root);
	reader.settle();
	return record;
}

/** Whether a raw element is a record: it has attributes or child elements. */
function isRecordNode(node: RawNode): boolean {
	if (node === null || typeof node !== 'object' || Array.isArray(node)) return false;
	for (const key in node) if (key !== TEXT && key !== CDATA) return true;
	return false;
}

/** The text of an element: its decoded text, and its CDATA sections as they are. */
function elementText(node: IDataObject): string | undefined {
	const raw = node[TEXT];
	const cdata = node[CDATA];
	if (cdata === undefined) return raw === undefined ? undefined : decodeXmlText(String(raw));
	const text = raw === undefined ? '' : decodeXmlText(String(raw));
	return text + (Array.isArray(cdata) ? cdata.map(String).join('') : String(cdata));
}

/** Where a value was written in its default shape (`record[field]`), for settle() to reshape it. */
interface Slot {
	record: IDataObject;
	field: string;
}

/**
 * Reads the elements of one document. Values whose shape depends on evidence elsewhere in the
 * document (rules 4–6) are written in their default shape and remembered; `settle()` reshapes
 * them once the whole document has been read.
 */
class DocumentReader {
	/** Element names seen (or recorded) as wrappers. */
	private readonly wrappers: Set<string>;
	/** `parent>child` pairs of a child record seen repeated under its parent. */
	private readonly repeated = new Set<string>();
	/** Empty elements written as null: `[]` if `tag` turns out to be a wrapper (rule 5). */
	private readonly emptySlots: Array<Slot & { tag: string }> = [];
	/** One plain child written as `{ child: single }`: `[single]` if `tag` turns out to be a wrapper (rule 4). */
	private readonly singleSlots: Array<Slot & { tag: string; single: unknown }> = [];
	/** A child record written once: `[record]` if `pair` (`parent>child`) is seen repeated (rule 6). */
	private readonly childSlots: Array<Slot & { pair: string }> = [];

	/** Element and attribute names whose values stay text. */
	private readonly text: ReadonlySet<string>;

	constructor(options: XmlReadOptions) {
		this.wrappers = new Set(options.arrays ?? []);
		this.text = new Set(options.text ?? []);
	}

	private scalar(text: string, tag: string): unknown {
		if (this.text.size > 0 && this.text.has(tag)) return text.trim() === '' ? null : text;
		return convertScalar(text);
	}

	/** A record element: always an object (rule 2). */
	record(node: RawNode, tag: string): IDataObject {
		if (node === null || typeof node !== 'object' || Array.isArray(node) || !isRecordNode(node)) {
			let text = '';
			if (typeof node === 'string') text = decodeXmlText(node);
			else if (node !== null && typeof node === 'object' && !Array.isArray(node))
				text = elementText(node) ?? '';
			return { [camelCase(tag)]: convertScalar(text) };
		}
		return this.fields(node, tag);
	}

	/** The fields of an element with attributes or children. */
	private fields(node: IDataObject, tag: string): IDataObject {
		const out: IDataObject = {};
		const text = elementText(node);
		if (text !== undefined && text.trim() !== '')
			out.value = this.scalar(text, tag) as IDataObject[keyof IDataObject];
		for (const key in node) {
			if (key === TEXT || key === CDATA) continue;
			const raw = node[key] as RawNode;
			if (key.startsWith(ATTR)) {
				const attribute = key.slice(ATTR.length);
				const name = camelCase(attribute);
				if (!(name in out))
					out[name] = this.scalar(
						decodeXmlText(String(raw)),
						attribute,
					) as IDataObject[keyof IDataObject];
				continue;
			}
			const name = camelCase(key);
			if (Array.isArray(raw)) {
				// a child repeated under this element: an array under every element of this name
				if (isRecordNode(raw[0])) this.repeated.add(`${tag}>${key}`);
				const list: unknown[] = new Array(raw.length);
				for (let i = 0; i < raw.length; i++) list[i] = this.value(raw[i], key);
				out[name] = list as IDataObject[];
				continue;
			}
			out[name] = this.value(raw, key, out, name) as IDataObject[keyof IDataObject];
			if (isRecordNode(raw) && !Array.isArray(out[name]))
				this.childSlots.push({ record: out, field: name, pair: `${tag}>${key}` });
		}
		return out;
	}

	/**
	 * The value of an element inside a record. `out[name]` is where the caller writes it: when
	 * given (not for the elements of an array), a value whose shape the rest of the document may
	 * change is remembered there for settle().
	 */
	private value(node: RawNode, tag: string, out?: IDataObject, name?: string): unknown {
		if (node === null || node === undefined || typeof node !== 'object') {
			const text = node === null || node === undefined ? '' : String(node);
			if (text === '') return this.empty(tag, out, name);
			return this.scalar(decodeXmlText(text), tag);
		}
		if (Array.isArray(node)) return node.map((n) => this.value(n, tag));
		let attributes = false;
		let hasText = false;
		let children = 0;
		let child = '';
		for (const key in node) {
			if (key === TEXT || key === CDATA) hasText = true;
			else if (key.startsWith(ATTR)) attributes = true;
			else {
				children++;
				child = key;
			}
		}
		if (children === 0 && !attributes) {
			const text = elementText(node) ?? '';
			return text.trim() === '' ? this.empty(tag, out, name) : this.scalar(text, tag);
		}
		if (children === 1 && !attributes && !(hasText && (elementText(node) ?? '').trim() !== '')) {
			const inner = node[child] as RawNode;
			if (Array.isArray(inner)) {
				// rule 3: repeated children of one name
				this.wrappers.add(tag);
				return inner.map((n) => this.value(n, child));
			}
			if (isRecordNode(inner) || this.wrappers.has(tag)) {
				// rule 4: a wrapper of one record (or a known wrapper)
				this.wrappers.add(tag);
				return [this.value(inner, child)];
			}
			// rule 4: one plain child: a record with one field, unless evidence says wrapper
			const single = this.value(inner, child);
			if (out !== undefined && name !== undefined)
				this.singleSlots.push({ record: out, field: name, tag, single });
			return { [camelCase(child)]: single };
		}
		return this.fields(node, tag);
	}

	private empty(tag: string, out?: IDataObject, name?: string): unknown {
		if (this.wrappers.has(tag)) return [];
		if (out !== undefined && name !== undefined)
			this.emptySlots.push({ record: out, field: name, tag });
		return null;
	}

	/** Reshapes the values whose shape the rest of the document decided (rules 5 and 6). */
	settle(): void {
		for (const { record, field, tag } of this.emptySlots)
			if (this.wrappers.has(tag)) record[field] = [];
		for (const { record, field, tag, single } of this.singleSlots) {
			if (this.wrappers.has(tag)) record[field] = [single] as IDataObject[];
		}
		for (const { record, field, pair } of this.childSlots) {
			if (this.repeated.has(pair)) record[field] = [record[field]] as IDataObject[];
		}
	}
}
