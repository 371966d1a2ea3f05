import type { IDataObject } from 'n8n-workflow';

import { ANSWER_QUOTED_CHARS, PARSE_REASON_MAX_CHARS } from '../settings';
import { ParseError } from './parseError';
import { fieldType } from './fieldTypes';
import { camelCase, putField, typedScalar } from './values';
import type { XmlElement } from './xmlTree';
import { readXmlTree, XmlDoctypeError, XmlSyntaxError } from './xmlTree';

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
 *    and with no evidence in the document.
 *
 * Values: typed only where their field is a number, a flag or a time (fieldTypes.ts), dates as
 * ISO 8601 in UTC; every other value is the exact text the service wrote; empty is null. Any
 * name, `constructor` and `__proto__` included, is an ordinary field. Nothing here recurses on
 * the document's depth.
 */

/** How to read one answer, from its recording (raw element names). */
export interface XmlReadOptions {
	/** Containers: always arrays (rule 7). */
	arrays?: readonly string[];
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

/** Why an answer cannot be read, at most 1,000 characters, with the answer's beginning quoted. */
function unreadable(reason: string, body: string): ParseError {
	const cut =
		reason.length > PARSE_REASON_MAX_CHARS ? `${reason.slice(0, PARSE_REASON_MAX_CHARS)}…` : reason;
	const start = body.slice(0, ANSWER_QUOTED_CHARS).replace(/\s+/g, ' ').trim();
	return new ParseError(
		`${cut}. The response begins: "${start}${body.length > ANSWER_QUOTED_CHARS ? '…' : ''}"`,
	);
}

/**
 * The tree of the answer, or why it is refused. A document type declaration is refused, wherever
 * it stands in the markup: its entities are never expanded, and the rule is to refuse it, not to
 * ignore it. (The caller throws, outside the catch: n8n's lint allows only its own errors there.)
 */
function readOrReason(body: string): XmlElement | { reason: string } {
	try {
		return readXmlTree(body);
	} catch (error) {
		if (error instanceof XmlDoctypeError)
			return {
				reason: error.html
					? 'The response is an HTML page, not an XML document'
					: 'The response declares a DOCTYPE, which is refused for safety (entity expansion)',
			};
		if (error instanceof XmlSyntaxError)
			return {
				reason: `The response is not well-formed XML: ${error.message} (${lineAndColumn(body, error.position)})`,
			};
		// not a fault of the answer the reader names (it recurses on nothing): still a plain word
		return { reason: 'The response is not an XML document the node can read' };
	}
}

/** Reads an XML answer in one pass, well-formedness checked on the way (xmlTree.ts): its root element. */
function parseRoot(text: string): XmlElement {
	// the first character that is no BOM or white space (no copy of a large answer is made)
	let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
	while (start < text.length && /\s/.test(text[start])) start++;
	if (start === text.length)
		throw new ParseError('The response was empty where an XML document was expected');
	if (text[start] !== '<') throw unreadable('The response is not an XML document', text);
	const body = start === 0 ? text : text.slice(start);
	const tree = readOrReason(body);
	if ('reason' in tree) throw unreadable(tree.reason, body);
	if (/^html$/i.test(tree.name))
		throw unreadable('The response is an HTML page, not an XML document', body);
	return tree;
}

/** The records of a list answer (rule 1): the root's child elements, whatever their names. */
export function xmlList(text: string, options: XmlReadOptions = {}): XmlList {
	const root = parseRoot(text);
	const reader = new DocumentReader(options);
	const meta: IDataObject = {};
	for (const [name, value] of root.attributes)
		putField(meta, camelCase(name), typedScalar(value, fieldType(name)));
	const records = new Array<IDataObject>(root.children.length);
	root.children.forEach((child, i) => reader.record(child, records, i));
	reader.run();
	return { root: root.name, records, meta };
}

/** A document that is one record (the mailing statistics): the root element and its fields. */
export function xmlDocument(text: string, options: XmlReadOptions = {}): IDataObject {
	const root = parseRoot(text);
	const reader = new DocumentReader(options);
	const out: IDataObject[] = [];
	reader.record(root, out, 0);
	reader.run();
	return out[0];
}

/** Elements by name, in the order their names first appear. */
function groupByName(elements: XmlElement[]): Map<string, XmlElement[]> {
	const byName = new Map<string, XmlElement[]>();
	for (const element of elements) {
		const same = byName.get(element.name);
		if (same) same.push(element);
		else byName.set(element.name, [element]);
	}
	return byName;
}

/** Whether an element is a record: it has attributes or child elements. */
function isRecordElement(element: XmlElement): boolean {
	return element.attributes.length > 0 || element.children.length > 0;
}

/** Where a value goes: a record's field, or an array's place. */
interface Target {
	into: IDataObject | unknown[];
	at: string | number;
}

/** An element to read into its target: as a record (rule 2) or as a value inside one. */
interface Task extends Target {
	element: XmlElement;
	asRecord: boolean;
	/** For a field of a record (not an array's element): `parent>child`, and the record, for settle(). */
	field?: { record: IDataObject; name: string; pair: string };
}

/**
 * Reads the elements of one document, from a stack of tasks rather than by recursion, in the
 * order a recursive reading would take (document order, depth first). Values whose shape depends
 * on evidence elsewhere in the document (rules 4–6) are written in their default shape and
 * remembered; `run()` reshapes them once the whole document has been read.
 */
class DocumentReader {
	/** Element names seen (or recorded) as wrappers. */
	private readonly wrappers: Set<string>;
	/** `parent>child` pairs of a child record seen repeated under its parent. */
	private readonly repeated = new Set<string>();
	/** Empty elements written as null: `[]` if `tag` turns out to be a wrapper (rule 5). */
	private readonly emptySlots: Array<{ record: IDataObject; field: string; tag: string }> = [];
	/** One plain child written as `{ child: single }`: `[single]` if `tag` turns out to be a wrapper (rule 4). */
	private readonly singleSlots: Array<{
		record: IDataObject;
		field: string;
		tag: string;
		holder: IDataObject;
		key: string;
	}> = [];
	/** A child record written once: `[record]` if `pair` (`parent>child`) is seen repeated (rule 6). */
	private readonly childSlots: Array<{ record: IDataObject; field: string; pair: string }> = [];

	private readonly tasks: Task[] = [];

	constructor(options: XmlReadOptions) {
		this.wrappers = new Set(options.arrays ?? []);
	}

	/** Reads `element` as a record (always an object) into `into[at]`, when run() runs. */
	record(element: XmlElement, into: IDataObject[], at: number): void {
		this.tasks.push({ element, asRecord: true, into, at });
	}

	/** Reads every element given and every one inside them, then settles their shapes (rules 5, 6). */
	run(): void {
		// the tasks were pushed in document order: the first must be taken first
		this.tasks.reverse();
		for (let task = this.tasks.pop(); task !== undefined; task = this.tasks.pop()) {
			const value = task.asRecord ? this.readRecord(task.element) : this.readValue(task);
			this.write(task, value);
			const field = task.field;
			if (field && isRecordElement(task.element) && !Array.isArray(value))
				this.childSlots.push({ record: field.record, field: field.name, pair: field.pair });
		}
		this.settle();
	}

	private write(target: Target, value: unknown): void {
		putField(target.into, target.at, value);
	}

	/** Queues the reading of `elements` (in document order) into their targets. */
	private queue(elements: Array<Omit<Task, 'asRecord'>>): void {
		for (let i = elements.length - 1; i >= 0; i--) {
			const { element, into, at, field } = elements[i];
			this.tasks.push({ element, into, at, field, asRecord: false });
		}
	}

	private scalar(text: string, tag: string): unknown {
		return typedScalar(text, fieldType(tag));
	}

	/** A record element: always an object (rule 2). */
	private readRecord(element: XmlElement): IDataObject {
		if (!isRecordElement(element)) {
			const out: IDataObject = {};
			putField(out, camelCase(element.name), this.scalar(element.text.trim(), element.name));
			return out;
		}
		return this.fields(element);
	}

	/** The fields of an element with attributes or children: its attributes, its text, then its children. */
	private fields(element: XmlElement): IDataObject {
		const out: IDataObject = {};
		const tag = element.name;
		for (const [attribute, raw] of element.attributes)
			putField(out, camelCase(attribute), this.scalar(raw, attribute));
		const text = element.text.trim();
		if (text !== '' && !Object.hasOwn(out, 'value')) putField(out, 'value', this.scalar(text, tag));
		const { children } = element;
		// most records hold plain fields, each once: no grouping by name is needed for them
		let repeats = false;
		if (children.length > 1) {
			const names = new Set<string>();
			for (const child of children) {
				if (names.has(child.name)) {
					repeats = true;
					break;
				}
				names.add(child.name);
			}
		}
		const groups: XmlElement[][] = repeats ? [...groupByName(children).values()] : [];
		const queued: Task[] = [];
		const count = repeats ? groups.length : children.length;
		for (let g = 0; g < count; g++) {
			const group = repeats ? groups[g] : undefined;
			const child = group ? group[0] : children[g];
			const key = child.name;
			const name = camelCase(key);
			if (group && group.length > 1) {
				// a child repeated under this element: an array under every element of this name
				if (isRecordElement(child)) this.repeated.add(`${tag}>${key}`);
				const list = new Array<unknown>(group.length);
				putField(out, name, list);
				group.forEach((each, i) =>
					queued.push({ element: each, into: list, at: i, asRecord: false }),
				);
				continue;
			}
			if (!isRecordElement(child)) {
				// a plain field: read here (its shape may change only when empty: emptySlots)
				const value = child.text.trim();
				const field = { record: out, name, pair: '' };
				putField(out, name, value === '' ? this.empty(key, field) : this.scalar(value, key));
				continue;
			}
			putField(out, name, null);
			queued.push({
				element: child,
				into: out,
				at: name,
				asRecord: false,
				field: { record: out, name, pair: `${tag}>${key}` },
			});
		}
		for (let i = queued.length - 1; i >= 0; i--) this.tasks.push(queued[i]);
		return out;
	}

	/** The value of an element inside a record (`task.field` set: a field that settle() may reshape). */
	private readValue(task: Task): unknown {
		const { element, field } = task;
		const tag = element.name;
		const { children } = element;
		const attributes = element.attributes.length > 0;
		const text = element.text.trim();
		if (children.length === 0 && !attributes)
			return text === '' ? this.empty(tag, field) : this.scalar(text, tag);
		if (!attributes && text === '' && children.every((c) => c.name === children[0].name)) {
			const child = children[0].name;
			if (children.length > 1) {
				// rule 3: repeated children of one name
				this.wrappers.add(tag);
				const list = new Array<unknown>(children.length);
				this.queue(children.map((element, i) => ({ element, into: list, at: i })));
				return list;
			}
			if (isRecordElement(children[0]) || this.wrappers.has(tag)) {
				// rule 4: a wrapper of one record (or a known wrapper)
				this.wrappers.add(tag);
				const list = new Array<unknown>(1);
				this.queue([{ element: children[0], into: list, at: 0 }]);
				return list;
			}
			// rule 4: one plain child: a record with one field, unless evidence says wrapper
			const holder: IDataObject = {};
			const key = camelCase(child);
			putField(holder, key, null);
			this.queue([{ element: children[0], into: holder, at: key }]);
			if (field)
				this.singleSlots.push({ record: field.record, field: field.name, tag, holder, key });
			return holder;
		}
		return this.fields(element);
	}

	private empty(tag: string, field: Task['field']): unknown {
		if (this.wrappers.has(tag)) return [];
		if (field) this.emptySlots.push({ record: field.record, field: field.name, tag });
		return null;
	}

	/** Reshapes the values whose shape the rest of the document decided (rules 5 and 6). */
	private settle(): void {
		for (const { record, field, tag } of this.emptySlots)
			if (this.wrappers.has(tag)) putField(record, field, []);
		for (const { record, field, tag, holder, key } of this.singleSlots)
			if (this.wrappers.has(tag)) putField(record, field, [holder[key]]);
		for (const { record, field, pair } of this.childSlots)
			if (this.repeated.has(pair)) putField(record, field, [record[field]]);
	}
}
