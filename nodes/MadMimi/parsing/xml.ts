import type { IDataObject } from 'n8n-workflow';

import { ANSWER_QUOTED_CHARS, PARSE_REASON_MAX_CHARS } from '../settings';
import { ParseError } from './parseError';
import { fieldType } from './fieldTypes';
import { camelCase, putField, typedScalar } from './values';
import { DocumentReader } from './xmlRecords';
import type { XmlElement } from './xmlTree';
import { readXmlTree, XmlDoctypeError } from './xmlTree';
import { XmlSyntaxError } from './xmlTokens';

/*
 * Reading the service's XML without knowing its element names: the text read into a tree
 * (xmlTree.ts), what is no XML document refused in words a user can act on (here), then records
 * made of the tree (xmlRecords.ts) by the rules below.
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
