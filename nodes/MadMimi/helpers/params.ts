import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { DateInputError, parseDateInput } from './dates';
import { InputError, itemError, printable } from './validation';

/** The value of a resource locator parameter (whatever its mode), as text. */
export function locatorValue(ctx: IExecuteFunctions, name: string, itemIndex: number): unknown {
	return ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
}

/** Return All / Limit: how many records to keep, or undefined for all of them. */
export function recordLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	return ctx.getNodeParameter('limit', itemIndex) as number;
}

/** A date-time parameter as an instant (ms), or an error naming the field. */
function readDate(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	label: string,
): number {
	const value = ctx.getNodeParameter(parameter, itemIndex, '');
	try {
		return parseDateInput(value, ctx.getTimezone());
	} catch (error) {
		const reason = error instanceof DateInputError ? error.message : 'is not a valid date';
		throw itemError(
			ctx,
			itemIndex,
			`The field "${label}" ${reason}`,
			'Pick a date in the date picker, or map a value such as 2024-05-01T09:30:00 or {{ $now }}.',
		);
	}
}

/** An optional date-time parameter (a filter) as an instant (ms), undefined when left empty. */
export function optionalDate(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	label: string,
): number | undefined {
	const value = ctx.getNodeParameter(parameter, itemIndex, '');
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
		return undefined;
	return readDate(ctx, itemIndex, parameter, label);
}

/** A date-time parameter with a sensible default when left empty (its hint says which). */
export function dateOr(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	label: string,
	fallback: number,
): number {
	return optionalDate(ctx, itemIndex, parameter, label) ?? fallback;
}

function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value !== null && typeof value === 'object')
		return Object.values(value as IDataObject).some(holdsExpression);
	return false;
}

/**
 * A reader of a parameter for each input item that asks n8n once when the parameter holds no
 * expression: its value is then the same for every item, and n8n's per-item evaluation (which
 * copies the parameters for each call) costs a lot on 100,000 items. With an expression anywhere
 * in it (`options.optOut` = `{{ $json.out }}`), every item is read on its own.
 */
export function perItem<T>(
	ctx: IExecuteFunctions,
	parameter: string,
	read: (itemIndex: number) => T,
): (itemIndex: number) => T {
	let raw: unknown = ctx.getNode().parameters;
	for (const part of parameter.split('.'))
		raw = raw !== null && typeof raw === 'object' ? (raw as IDataObject)[part] : undefined;
	if (holdsExpression(raw)) return read;
	let once: { value: T } | undefined;
	return (itemIndex) => {
		once ??= { value: read(itemIndex) };
		return once.value;
	};
}

/** Letters and digits only, lower case: `Clicked Thru`, `clicked-thru` and `clickedThru` alike. */
const loose = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The option an options field's value names, or undefined. An expression, or an AI model filling
 * the field, may give an option's name ("Clicked Thru") or its value in another case or spelling:
 * either is taken.
 */
function optionNamed(property: INodeProperties, given: unknown): string | undefined {
	const options = (property.options ?? []) as INodePropertyOptions[];
	const exact = options.find((option) => option.value === given);
	if (exact) return exact.value as string;
	const wanted = loose(String(given ?? ''));
	const near = options.find(
		(option) => loose(String(option.value)) === wanted || loose(option.name) === wanted,
	);
	return near ? (near.value as string) : undefined;
}

/** Why a value is refused by an options field, with the values the field takes. */
function refusedOption(
	property: INodeProperties,
	given: unknown,
): { message: string; description: string } {
	const options = (property.options ?? []) as INodePropertyOptions[];
	return {
		message: `The field "${property.displayName}" cannot be "${printable(String(given ?? ''))}"`,
		description: `Give one of: ${options.map((option) => (String(option.value) === option.name ? option.name : `${String(option.value)} (${option.name})`)).join(', ')}.`,
	};
}

function optionsField(properties: INodeProperties[], name: string): INodeProperties {
	const property = properties.find((p) => p.name === name && p.type === 'options');
	if (!property) throw new Error(`No options field "${name}" among the operation's fields`);
	return property;
}

/**
 * The value given to the options field `name` (among `properties`, the operation's fields), as
 * `optionNamed` takes it; anything else is an InputError, with the values the field takes.
 */
export function optionValue<T extends string>(
	properties: INodeProperties[],
	name: string,
	given: unknown,
): T {
	const property = optionsField(properties, name);
	const value = optionNamed(property, given);
	if (value !== undefined) return value as T;
	const { message, description } = refusedOption(property, given);
	throw new InputError(message, description);
}

/** The options parameter `name` of an item, read and checked (as `optionValue`, its error naming the item). */
export function optionOf<T extends string>(
	ctx: IExecuteFunctions,
	itemIndex: number,
	properties: INodeProperties[],
	name: string,
): T {
	const property = optionsField(properties, name);
	const given = ctx.getNodeParameter(name, itemIndex, property.default) as unknown;
	const value = optionNamed(property, given);
	if (value !== undefined) return value as T;
	const { message, description } = refusedOption(property, given);
	throw itemError(ctx, itemIndex, message, description);
}

/** An expression that is one field of the item's JSON and nothing else: `{{ $json.email }}`, `{{ $json["first name"] }}`. */
const ITEM_FIELD =
	/^=\{\{\s*\$json\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*(?:'([^'\\]*)'|"([^"\\]*)")\s*\])\s*\}\}\s*$/;

function itemFieldOf(value: string): string | undefined {
	const match = ITEM_FIELD.exec(value);
	return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Whether every expression in a stored value names one field of the item, and there is at least one. */
function onlyItemFields(value: unknown): boolean {
	let found = false;
	const visit = (v: unknown): boolean => {
		if (typeof v === 'string') {
			if (!v.startsWith('=')) return true;
			found = true;
			return itemFieldOf(v) !== undefined;
		}
		if (Array.isArray(v)) return v.every(visit);
		if (v !== null && typeof v === 'object') return Object.values(v as IDataObject).every(visit);
		return true;
	};
	return visit(value) && found;
}

/** The stored value with each of its expressions replaced by the item's field it names. */
function withItemFields(value: unknown, json: IDataObject): unknown {
	if (typeof value === 'string') {
		const field = value.startsWith('=') ? itemFieldOf(value) : undefined;
		return field === undefined ? value : Object.hasOwn(json, field) ? json[field] : undefined;
	}
	if (Array.isArray(value)) return value.map((v) => withItemFields(v, json));
	if (value !== null && typeof value === 'object') {
		const out: IDataObject = {};
		for (const [key, v] of Object.entries(value as IDataObject))
			out[key] = withItemFields(v, json) as IDataObject[string];
		return out;
	}
	return value;
}

/**
 * A reader of a parameter for each input item, without n8n's expression engine, when every
 * expression the parameter holds only names a field of the item (`{{ $json.email }}`, as dragging
 * a field from the input panel writes it): the item's own value of that field, as the engine would
 * give it. n8n-core builds a data proxy for each item and parameter it evaluates, about 0.2 ms
 * each: 100,000 people with three mapped fields would spend a minute there. Undefined when the
 * parameter holds any other expression (or none): read it with getNodeParameter then.
 */
export function itemFieldReader(
	ctx: IExecuteFunctions,
	parameter: string,
): ((itemIndex: number) => unknown) | undefined {
	const stored = (ctx.getNode().parameters as IDataObject)[parameter];
	if (!onlyItemFields(stored)) return undefined;
	const items = ctx.getInputData();
	return (itemIndex) => withItemFields(stored, items[itemIndex]?.json ?? {});
}
