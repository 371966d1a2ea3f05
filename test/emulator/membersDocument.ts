/** A members document of the emulator (`<audience>`), read for the members tests. */
import { XMLValidator } from 'fast-xml-parser';

import { elementChildren, ownText, parseXml } from '../../emulator';
import type { XmlElement } from '../../emulator';
import { XML_TYPE as XML } from '../../emulator/render';
import type { Reply } from '../support/emulatorClient';

export interface Doc {
	root: XmlElement;
	attrs: Record<string, string>;
	members: XmlElement[];
	emails: string[];
}

/** A members document, checked to be well-formed. */
export function doc(r: Reply): Doc {
	expect(r.status).toBe(200);
	expect(r.type).toBe(XML);
	expect(XMLValidator.validate(r.text)).toBe(true);
	const root = parseXml(r.text);
	expect(root.name).toBe('audience');
	const members = elementChildren(root);
	for (const m of members) expect(m.name).toBe('member');
	return {
		root,
		attrs: Object.fromEntries(root.attrs),
		members,
		emails: members.map((m) => field(m, 'email')),
	};
}

export function child(member: XmlElement, name: string): XmlElement {
	const el = elementChildren(member).find((e) => e.name === name);
	if (!el) throw new Error(`no <${name}>`);
	return el;
}

export function field(member: XmlElement, name: string): string {
	return ownText(child(member, name));
}

export function memberOf(d: Doc, email: string): XmlElement {
	const m = d.members.find((x) => field(x, 'email') === email);
	if (!m) throw new Error(`${email} is not in the document`);
	return m;
}

export function listsOf(member: XmlElement): [string, string | undefined][] {
	return elementChildren(child(member, 'lists')).map((l) => [
		ownText(l),
		l.attrs.find(([n]) => n === 'membership_created_at')?.[1],
	]);
}
