import { readXmlTree } from '../../nodes/MadMimi/parsing/xmlTree';
import type { XmlElement } from '../../nodes/MadMimi/parsing/xmlTree';

/*
 * The shape of an answer: what a recording can say about the emulator's guesses without its
 * values (which are the account's own). XML: the names of elements and attributes, as paths from
 * the root; JSON: the keys, arrays as `[]`; text: its kind. Two answers agree when neither has a
 * name the other lacks where both could have it (an attribute of an element both have; a child
 * of an element both have). An element one answer has no record of is no disagreement: an empty
 * list shows no names.
 */

type TextKind = 'blank' | 'integer' | 'address lines' | 'word' | 'other';

export type Shape =
	| { kind: 'xml'; root: string; paths: Set<string> }
	| { kind: 'json'; paths: Set<string> }
	| { kind: 'text'; text: TextKind };

const ADDRESS_LINE = /^[^\s@<>]+@[^\s@<>]+\.[A-Za-z]{2,}$/;

function textKind(body: string): TextKind {
	const t = body.trim();
	if (t === '') return 'blank';
	if (/^-?\d+$/.test(t)) return 'integer';
	const lines = t.split(/\r?\n/).filter((l) => l.trim() !== '');
	if (lines.every((l) => ADDRESS_LINE.test(l.trim()))) return 'address lines';
	if (/^[a-z_]+$/.test(t)) return 'word';
	return 'other';
}

function xmlPaths(el: XmlElement, prefix: string, into: Set<string>): void {
	const here = prefix ? `${prefix}/${el.name}` : el.name;
	into.add(here);
	for (const [name] of el.attributes) into.add(`${here}@${name}`);
	for (const child of el.children) xmlPaths(child, here, into);
}

function jsonPaths(value: unknown, here: string, into: Set<string>): void {
	into.add(here || '$');
	if (Array.isArray(value)) for (const v of value) jsonPaths(v, `${here}[]`, into);
	else if (value !== null && typeof value === 'object')
		for (const [k, v] of Object.entries(value)) jsonPaths(v, `${here}.${k}`, into);
}

/** The shape of a body; XML that the node's reader refuses comes back as text `other`. */
export function shapeOf(body: string): Shape {
	const t = body.trim();
	const paths = new Set<string>();
	try {
		if (t.startsWith('<')) {
			const root = readXmlTree(body);
			xmlPaths(root, '', paths);
			return { kind: 'xml', root: root.name, paths };
		}
		if (t.startsWith('{') || t.startsWith('[')) {
			jsonPaths(JSON.parse(t), '', paths);
			return { kind: 'json', paths };
		}
	} catch {
		return { kind: 'text', text: 'other' };
	}
	return { kind: 'text', text: textKind(body) };
}

function parentOf(p: string): string {
	const cut = Math.max(p.lastIndexOf('/'), p.lastIndexOf('@'), p.lastIndexOf('.'));
	const arr = p.endsWith('[]') ? p.length - 2 : -1;
	return p.slice(0, Math.max(cut, arr, 0)) || '$';
}

/** Names that are attributes or keys (their absence from an element both have is a difference). */
function isLeafName(p: string): boolean {
	return /@[^/]+$/.test(p) || /\.[^.[\]]+$/.test(p);
}

/**
 * How the service's shape differs from the emulator's, or undefined when they agree. `open`:
 * path prefixes whose children vary by account (a member's fields: custom fields are the
 * account's own), not compared.
 */
export function shapeDifference(
	service: Shape,
	emulator: Shape,
	open: string[] = [],
): string | undefined {
	if (service.kind !== emulator.kind)
		return `the service answered ${describeShape(service)}, the emulator ${describeShape(emulator)}`;
	if (service.kind === 'text' && emulator.kind === 'text')
		return service.text === emulator.text
			? undefined
			: `the service answered text (${service.text}), the emulator text (${emulator.text})`;
	if (service.kind === 'xml' && emulator.kind === 'xml' && service.root !== emulator.root)
		return `the service's root element is <${service.root}>, the emulator's <${emulator.root}>`;
	const s = (service as { paths: Set<string> }).paths;
	const e = (emulator as { paths: Set<string> }).paths;
	const isOpen = (p: string) => open.some((o) => p.startsWith(`${o}/`) && p !== o);
	const extra = [...s].filter((p) => !e.has(p) && e.has(parentOf(p)) && !isOpen(p));
	const lacking = [...e].filter(
		(p) => !s.has(p) && isLeafName(p) && s.has(parentOf(p)) && !isOpen(p),
	);
	if (extra.length === 0 && lacking.length === 0) return undefined;
	const parts: string[] = [];
	if (extra.length) parts.push(`the service has ${extra.slice(0, 6).join(', ')}`);
	if (lacking.length) parts.push(`the service lacks ${lacking.slice(0, 6).join(', ')}`);
	return `${parts.join('; ')} (the emulator answers otherwise)`;
}

/** A short line of a shape, for the table: `xml lists/list: id name …`, `json []: key name url`, `text integer`. */
export function describeShape(shape: Shape): string {
	if (shape.kind === 'text') return `text ${shape.text}`;
	const paths = [...shape.paths];
	if (shape.kind === 'xml') {
		const record = paths.find((p) => p.split('/').length === 2 && !p.includes('@'));
		const rootAttrs = paths.filter((p) => /^[^/]+@/.test(p)).map((p) => p.split('@')[1]);
		if (!record)
			return `xml <${shape.root}${rootAttrs.length ? ` ${rootAttrs.join(' ')}` : ''}> empty`;
		const names = paths
			.filter(
				(p) =>
					p.startsWith(`${record}@`) || (p.startsWith(`${record}/`) && p.split('/').length === 3),
			)
			.map((p) => p.slice(record.length + 1));
		return cut(`xml ${record}: ${names.join(' ')}`);
	}
	const top = paths
		.filter((p) => /^(\[\])?\.[^.[\]]+$/.test(p))
		.map((p) => p.replace(/^(\[\])?\./, ''));
	return cut(`json ${paths.includes('[]') ? '[] ' : ''}${top.join(' ') || 'empty'}`);
}

function cut(line: string, max = 60): string {
	return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
