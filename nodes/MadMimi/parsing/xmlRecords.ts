import type { IDataObject } from 'n8n-workflow';

import { fieldType } from './fieldTypes';
import { camelCase, putField, typedScalar } from './values';
import type { XmlReadOptions } from './xml';
import type { XmlElement } from './xmlTree';

/*
 * The records of an XML answer, made from its tree by rules 2 to 7 of xml.ts (the rules are
 * written there, where the api reads what an XML answer becomes): fields in camelCase, wrappers
 * as arrays, and shapes settled by the evidence of the whole document. Apart from the reading of
 * the text (xml.ts, xmlTree.ts) because this part refuses nothing: every tree makes records, and
 * all it decides is their shape. Nothing here recurses on the document's depth.
 */

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
export class DocumentReader {
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
