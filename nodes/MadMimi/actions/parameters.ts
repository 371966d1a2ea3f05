import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionalDate } from '../helpers/dates';
import { holdsExpression, onlyItemFields, withItemFields } from '../helpers/expressions';
import { optionsField, optionValue } from '../helpers/options';
import { requirePositiveId } from '../helpers/recordId';
import { InputError, requirePathName } from '../helpers/validation';
import type { AddonRef } from '../locators/addon';
import { addonRef } from '../locators/addon';
import { mailingIdField } from '../locators/mailing';
import { promotionIdField } from '../locators/promotion';
import type { NodeContext } from './itemLoop';
import { withItemIndex } from './itemLoop';

/**
 * The one place that reads the node's parameters for the operations: each reader takes the run's
 * context and an item, and hands the value to a check that takes values (helpers/, locators/).
 * Bad input is then the node's error of that item, wherever the reading runs: in the item loop,
 * or before it (Sync, Import and Create or Update read every item first).
 */

/** `check()` of one item's parameters; an InputError it throws becomes the node's error of that item. */
export function inItem<T>(ctx: NodeContext, itemIndex: number, check: () => T): T {
	try {
		return check();
	} catch (error) {
		throw error instanceof InputError ? withItemIndex(ctx, error, itemIndex) : error;
	}
}

/** The value of a resource locator parameter (whatever its mode), as text. */
export function locatorValue(ctx: IExecuteFunctions, name: string, itemIndex: number): unknown {
	return ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
}

/** Return All / Limit: how many records to keep, or undefined for all of them. */
export function recordLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	return ctx.getNodeParameter('limit', itemIndex) as number;
}

/** An optional date-time parameter as an instant (ms) in the workflow's time zone; undefined when left empty. */
export function dateParameter(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	label: string,
): number | undefined {
	const value = ctx.getNodeParameter(parameter, itemIndex, '');
	return inItem(ctx, itemIndex, () => optionalDate(value, ctx.getTimezone(), label));
}

/** The options parameter `name` (one of the operation's `properties`), read and checked as `optionValue` checks it. */
export function optionOf<T extends string>(
	ctx: IExecuteFunctions,
	itemIndex: number,
	properties: INodeProperties[],
	name: string,
): T {
	const given = ctx.getNodeParameter(name, itemIndex, optionsField(properties, name).default);
	return inItem(ctx, itemIndex, () => optionValue<T>(properties, name, given));
}

/** The list name of a `listLocator` parameter, checked (lists are addressed by name). */
export function listName(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter = 'list',
	label = 'List',
): string {
	const value = locatorValue(ctx, parameter, itemIndex);
	return inItem(ctx, itemIndex, () => requirePathName(value, label));
}

/** The list name of an optional `listLocator` parameter, checked; undefined when it is left empty. */
export function optionalListName(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter = 'list',
	label = 'List',
): string | undefined {
	const value = locatorValue(ctx, parameter, itemIndex);
	if (value === undefined || value === null || String(value).trim() === '') return undefined;
	return inItem(ctx, itemIndex, () => requirePathName(value, label));
}

/** The promotion ID of the `promotionId` resource locator (or of another parameter holding one), checked. */
export function promotionIdOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter = 'promotionId',
): number {
	const value = locatorValue(ctx, parameter, itemIndex);
	return inItem(ctx, itemIndex, () => requirePositiveId(value, promotionIdField));
}

/** The mailing ID of the `mailingId` resource locator, checked. */
export function mailingIdOf(ctx: IExecuteFunctions, itemIndex: number): number {
	const value = locatorValue(ctx, 'mailingId', itemIndex);
	return inItem(ctx, itemIndex, () => requirePositiveId(value, mailingIdField));
}

/** The `addon` resource locator, read and checked before any request. */
export function readAddonRef(ctx: IExecuteFunctions, itemIndex: number): AddonRef {
	const raw = ctx.getNodeParameter('addon', itemIndex, '') as unknown;
	return inItem(ctx, itemIndex, () => addonRef(raw));
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
