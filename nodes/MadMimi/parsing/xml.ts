import { XMLParser } from 'fast-xml-parser';
import type { IDataObject } from 'n8n-workflow';

import { camelCase, convertScalar, decodeXmlText } from './values';

/**
 * Container elements of the service's documents and the element each one repeats. A container
 * always becomes an array of its children, whether it holds many, one, or none (`<x/>` or
 * `<x></x>`): `<mailings><mailing …/></mailings>` → `mailings: [{…}]`.
 */
const CONTAINERS: Record<string, string> = {
	lists: 'list',
	promotions: 'promotion',
	mailings: 'mailing',
	links: 'link',
	recipients: 'recipient',
	promotion_attempts: 'promotion_attempt',
	addons: 'addon',
	google_analytics: 'domain',
	domains: 'domain',
	social_links: 'social_link',
	participants: 'participant',
	drip_campaigns: 'drip_campaign',
	drips: 'drip',
	fields: 'field',
};

const ATTR = '@_';
const TEXT = '#text';
const CDATA = '#cdata';

const parser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: ATTR,
	textNodeName: TEXT,
	parseTagValue: false,
	parseAttributeValue: false,
	// No entity expansion: DOCTYPE entities are never substituted (billion laughs, XXE).
	// The five predefined entities and character references are decoded by decodeXmlText.
	processEntities: false,
	htmlEntities: false,
	ignoreDeclaration: true,
	ignorePiTags: true,
	trimValues: true,
	commentPropName: false,
	// CDATA is literal text: kept apart so it is not entity-decoded
	cdataPropName: CDATA,
});

export class XmlAnswerError extends Error {}

type RawNode = string | number | boolean | IDataObject | RawNode[] | undefined | null;

/** A parsed document: the root element's name and its normalised content. */
export interface XmlDocument {
	root: string;
	value: unknown;
}

/**
 * Parses an XML answer into clean JSON: camelCase keys (attributes and child elements
 * alike), converted scalars, containers as arrays. Unknown fields are kept.
 */
export function parseXml(text: string): XmlDocument {
	const body = text.replace(/^\uFEFF/, '').trim();
	if (body === '') throw new XmlAnswerError('The answer was empty where an XML document was expected');
	if (!body.startsWith('<')) throw new XmlAnswerError('The answer is not an XML document');
	if (/<!DOCTYPE/i.test(body)) {
		throw new XmlAnswerError(
			/<!DOCTYPE\s+html/i.test(body)
				? 'The answer is an HTML page, not an XML document'
				: 'The answer declares a DOCTYPE, which is refused for safety (entity expansion)',
		);
	}
	let parsed: IDataObject = {};
	let parseFailure: string | undefined;
	try {
		parsed = parser.parse(body, true) as IDataObject;
	} catch (error) {
		parseFailure = error instanceof Error ? error.message : String(error);
	}
	if (parseFailure !== undefined) throw new XmlAnswerError(`The answer is not well-formed XML: ${parseFailure}`);
	const roots = Object.keys(parsed).filter((k) => k !== TEXT);
	if (roots.length !== 1) throw new XmlAnswerError('The answer is not an XML document with one root element');
	const root = roots[0];
	if (/^html$/i.test(root)) throw new XmlAnswerError('The answer is an HTML page, not an XML document');
	return { root, value: normalize(parsed[root] as RawNode, root) };
}

/**
 * The records of a document: the children of a container root (`<lists>` → its lists), or
 * the root element itself as one record.
 */
export function xmlRecords(text: string): IDataObject[] {
	const { value } = parseXml(text);
	if (Array.isArray(value)) return value.map(asRecord);
	if (value === null) return [];
	return [asRecord(value)];
}

function asRecord(value: unknown): IDataObject {
	if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as IDataObject;
	return { value: value as IDataObject[keyof IDataObject] };
}

function normalize(node: RawNode, tag: string): unknown {
	const child = CONTAINERS[tag];
	if (child !== undefined && !(Array.isArray(node) && tag !== child)) {
		return normalizeContainer(node, child);
	}
	if (Array.isArray(node)) return node.map((n) => normalize(n, tag));
	if (node === undefined || node === null) return null;
	if (typeof node !== 'object') return convertScalar(decodeXmlText(String(node)));
	return normalizeElement(node);
}

/**
 * A container's children, as an array: its known child element first, then any other element
 * it holds (never dropped). The container's own attributes (paging metadata) are not records.
 */
function normalizeContainer(node: RawNode, child: string): unknown[] {
	if (node === undefined || node === null || typeof node !== 'object' || Array.isArray(node)) {
		return [];
	}
	const out: unknown[] = [];
	const names = Object.keys(node).filter((k) => !k.startsWith(ATTR) && k !== TEXT && k !== CDATA);
	names.sort((a, b) => (a === child ? -1 : b === child ? 1 : 0));
	for (const name of names) {
		const items = (node as IDataObject)[name] as RawNode;
		const list = Array.isArray(items) ? items : [items];
		for (const item of list) out.push(normalize(item, name));
	}
	return out;
}

/** The text of an element: its decoded text, and its CDATA sections as they are. */
function elementText(node: IDataObject): string | undefined {
	const text = node[TEXT] === undefined ? '' : decodeXmlText(String(node[TEXT]));
	const cdata = node[CDATA];
	if (cdata === undefined) return node[TEXT] === undefined ? undefined : text;
	return text + (Array.isArray(cdata) ? cdata.map(String).join('') : String(cdata));
}

function normalizeElement(node: IDataObject): IDataObject | ReturnType<typeof convertScalar> {
	let hasText = false;
	let onlyText = true;
	for (const key in node) {
		if (key === TEXT || key === CDATA) hasText = true;
		else onlyText = false;
	}
	const text = hasText ? elementText(node) : undefined;
	// an element holding only text (and CDATA) is that text
	if (text !== undefined && onlyText) return convertScalar(text);
	const out: IDataObject = {};
	if (text !== undefined) out.value = convertScalar(text);
	for (const key in node) {
		if (key === TEXT || key === CDATA) continue;
		const raw = node[key];
		if (key.startsWith(ATTR)) {
			const name = camelCase(key.slice(ATTR.length));
			if (!(name in out)) out[name] = convertScalar(decodeXmlText(String(raw)));
			continue;
		}
		out[camelCase(key)] = normalize(raw as RawNode, key) as IDataObject[keyof IDataObject];
	}
	return out;
}
