/**
 * What an answer in the second vocabulary must keep of its guessed form: every record and value,
 * no original name, attributes and simple children swapped, wrappers kept (XML); the same values
 * under renamed keys (JSON). The vocabulary tests check every guessed answer with these.
 */
import { XMLValidator } from 'fast-xml-parser';

import {
	elementChildren,
	isTextOnly,
	ownText,
	parseXml,
	SECOND_VOCABULARY,
	secondName,
	toSecondVocabularyXml,
} from '../../emulator';
import type { XmlElement } from '../../emulator';

/** The names of the guessed answers: every one is renamed in the second vocabulary. */
export const ORIGINALS = new Set(Object.keys(SECOND_VOCABULARY));

/** Every element and attribute name at any depth. */
export function namesIn(el: XmlElement, into: string[] = []): string[] {
	into.push(el.name, ...el.attrs.map(([n]) => n));
	for (const kid of elementChildren(el)) namesIn(kid, into);
	return into;
}

/** Every value of a record: attribute values and the texts of elements without child elements. */
export function valuesIn(el: XmlElement, into: string[] = []): string[] {
	into.push(...el.attrs.map(([, v]) => v));
	const kids = elementChildren(el);
	if (kids.length === 0 && el.attrs.length === 0) into.push(ownText(el));
	else if (kids.length === 0 && ownText(el) !== '') into.push(ownText(el));
	for (const kid of kids) valuesIn(kid, into);
	return into;
}

const isWrapperName = (name: string): boolean => SECOND_VOCABULARY[name]?.wrapper === true;

/**
 * `s` is `g` below the root: renamed; g's attributes are s's first child elements (text-only, same
 * values, in order); g's text-only children (not wrappers) are s's attributes; wrappers stay
 * elements (their empty form kept) holding records checked the same way.
 */
export function expectSwapped(g: XmlElement, s: XmlElement): void {
	expect(s.name).toBe(secondName(g.name));
	const kids = elementChildren(g);
	if (kids.length === 0 && g.attrs.length === 0) {
		// a text-only record keeps its text
		expect([s.attrs, elementChildren(s), ownText(s)]).toEqual([[], [], ownText(g)]);
		return;
	}
	const simple = kids.filter((k) => !isWrapperName(k.name) && isTextOnly(k));
	expect(s.attrs).toEqual(simple.map((k) => [secondName(k.name), ownText(k)]));
	const sKids = elementChildren(s);
	const fromAttrs = sKids.slice(0, g.attrs.length);
	expect(fromAttrs.map((e) => [e.name, isTextOnly(e), ownText(e)])).toEqual(
		g.attrs.map(([n, v]) => [secondName(n), true, v]),
	);
	const rest = sKids.slice(g.attrs.length);
	const complex = kids.filter((k) => isWrapperName(k.name) || !isTextOnly(k));
	expect(rest).toHaveLength(complex.length);
	complex.forEach((k, i) => {
		if (!isWrapperName(k.name)) return expectSwapped(k, rest[i]);
		expect(rest[i].name).toBe(secondName(k.name));
		expect(rest[i].attrs).toEqual([]);
		const a = elementChildren(k);
		const b = elementChildren(rest[i]);
		expect(b).toHaveLength(a.length);
		if (a.length === 0) expect(rest[i].selfClosing).toBe(k.selfClosing);
		a.forEach((x, j) => expectSwapped(x, b[j]));
	});
}

/** The whole check of a guessed XML document against its second-vocabulary form. */
export function expectSecondXml(guessedText: string, secondText: string, records: number): void {
	expect(XMLValidator.validate(secondText)).toBe(true);
	expect(secondText).toBe(toSecondVocabularyXml(guessedText)); // the one generic transformation
	const g = parseXml(guessedText);
	const s = parseXml(secondText);
	// every name of the guessed document is in the table; none survives in the second
	expect(namesIn(g).filter((n) => !ORIGINALS.has(n))).toEqual([]);
	expect(namesIn(s).filter((n) => ORIGINALS.has(n))).toEqual([]);
	// the root: renamed, its attributes kept attributes, its empty form kept
	expect(s.name).toBe(secondName(g.name));
	expect(s.attrs).toEqual(g.attrs.map(([n, v]) => [secondName(n), v]));
	const gRecords = elementChildren(g);
	const sRecords = elementChildren(s);
	expect(gRecords).toHaveLength(records);
	expect(sRecords).toHaveLength(records);
	if (records === 0) expect(s.selfClosing).toBe(g.selfClosing);
	// the same values in each record, records in the same order
	expect(sRecords.map((r) => valuesIn(r).sort())).toEqual(gRecords.map((r) => valuesIn(r).sort()));
	gRecords.forEach((r, i) => expectSwapped(r, sRecords[i]));
}

export function jsonKeys(value: unknown, into: string[] = []): string[] {
	if (Array.isArray(value)) for (const v of value) jsonKeys(v, into);
	else if (value !== null && typeof value === 'object') {
		for (const [k, v] of Object.entries(value)) {
			into.push(k);
			jsonKeys(v, into);
		}
	}
	return into;
}

/** `s` holds `g`'s values under renamed keys, in the same order. */
export function expectRenamedJson(g: unknown, s: unknown): void {
	if (Array.isArray(g)) {
		expect(Array.isArray(s)).toBe(true);
		expect(s).toHaveLength(g.length);
		g.forEach((x, i) => expectRenamedJson(x, (s as unknown[])[i]));
	} else if (g !== null && typeof g === 'object') {
		const entries = Object.entries(g);
		expect(Object.keys(s as object)).toEqual(entries.map(([k]) => secondName(k)));
		for (const [k, v] of entries)
			expectRenamedJson(v, (s as Record<string, unknown>)[secondName(k)]);
	} else {
		expect(s).toBe(g);
	}
}
