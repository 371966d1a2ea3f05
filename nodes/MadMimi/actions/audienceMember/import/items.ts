import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { cell } from '../../../helpers/csv';
import { isEmail, printable, nonEmptyText } from '../../../helpers/validation';
import { ERROR_FIELDS_SHOWN } from '../../../settings';
import { itemsByPlace, readOptions } from './common';
import { listOutput } from './lists';
import { importPeople } from './people';
import type { ImportPerson } from '../../memberImport';
import { isReservedColumn } from '../../memberImport';
import { inItem, optionalListName, perItem } from '../../parameters';

function splitFieldNames(text: string): string[] {
	return text
		.split(',')
		.map((f) => f.trim())
		.filter((f) => f !== '');
}

/** One input item to import, read with its own parameters. */
interface PendingItem extends ImportPerson {
	/** The item fields sent as columns ("Fields to Send"), or undefined for all of them. */
	fields?: string[];
	/** The list picked for it (the output names it). */
	picked?: string;
}

/** The lists an item joins, each once: its own `add_list` field, then the picked one. */
function listsOf(itemsOwnList: string | undefined, picked: string | undefined): string[] {
	if (itemsOwnList === undefined) return picked === undefined ? [] : [picked];
	return picked === undefined || picked === itemsOwnList ? [itemsOwnList] : [itemsOwnList, picked];
}

interface Skipped {
	itemIndex: number;
	value: string;
	reason: string;
}

/**
 * "Email Field" is the name of the item field with the address (`email`): dragging a field there
 * gives its name (`requiresDataPath`). An expression that gives the address itself
 * (`{{ $json.email }}`, as a workflow may map it by hand) is read as that address, item by item.
 */
function readAddress(
	setting: string,
	json: IDataObject,
): { email?: string; field?: string; found: string } {
	if (isEmail(setting)) return { email: setting, found: setting };
	const raw = json[setting];
	const value =
		typeof raw === 'string' ? raw.trim() : raw === undefined || raw === null ? '' : String(raw);
	return isEmail(value)
		? { email: value, field: setting, found: value }
		: { field: setting, found: value };
}

/** The run fails when not a single item has an address: a green run that imported nothing helps nobody. */
function noAddressAtAll(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
	setting: string,
): NodeOperationError {
	const { field, found } = readAddress(setting, items[0].json);
	const seen =
		field === undefined
			? `"${printable(found)}", which is not an email address`
			: found === ''
				? `no field "${printable(field)}" (the first item's fields are: ${
						Object.keys(items[0].json)
							.slice(0, ERROR_FIELDS_SHOWN)
							.map((k) => printable(k))
							.join(', ') || 'none'
					})`
				: `"${printable(found)}" in its field "${printable(field)}", which is not an email address`;
	return new NodeOperationError(
		ctx.getNode(),
		`No input item has a valid email address in "Email Field"; nothing was imported`,
		{
			itemIndex: 0,
			description: `"Email Field" is "${printable(setting)}", and the first item has ${seen}. Give the name of the field that holds the address (e.g. email), or drag that field from the input into "Email Field".`,
		},
	);
}

/** What the input items hold: the items to import, those without an address, and the member-field columns they use. */
interface ReadItems {
	pending: PendingItem[];
	skipped: Skipped[];
	fieldColumns: string[];
	/** "Email Field" as the first item reads it (the message when no item has an address shows it). */
	firstEmailField: string;
}

/** Reads every input item with its own parameters (each read once when it holds no expression: see perItem). */
function readItems(ctx: IExecuteFunctions, items: INodeExecutionData[]): ReadItems {
	const emailFieldOf = perItem(ctx, 'emailField', (i) => {
		const emailField = ctx.getNodeParameter('emailField', i);
		return inItem(ctx, i, () =>
			nonEmptyText(
				emailField,
				'Email Field',
				'Give the name of the field holding the address, e.g. email, or drag that field here.',
			),
		);
	});
	const fieldsOf = perItem(ctx, 'fields', (i) =>
		splitFieldNames(ctx.getNodeParameter('fields', i, '') as string),
	);
	const listOf = perItem(ctx, 'list', (i) => optionalListName(ctx, i));
	const optOutOf = perItem(ctx, 'options', (i) => readOptions(ctx, i).optOut === true);
	const read: ReadItems = {
		pending: [],
		skipped: [],
		fieldColumns: [],
		firstEmailField: emailFieldOf(0),
	};
	const columns = new Set<string>();
	for (let i = 0; i < items.length; i++) {
		const json = items[i].json;
		const { email, field, found } = readAddress(emailFieldOf(i), json);
		if (email === undefined) {
			const reason =
				field !== undefined && found === ''
					? `The item has no "${field}" field (or it is empty)`
					: `"${printable(found)}"${field !== undefined ? ` in the field "${field}"` : ''} is not a valid email address`;
			read.skipped.push({ itemIndex: i, value: found, reason });
			continue;
		}
		const fieldsToSend = fieldsOf(i);
		// "Fields to Send" (the same array for every item unless it is an expression), or every field but the address
		const fields = fieldsToSend.length > 0 ? fieldsToSend : undefined;
		for (const key of fields ?? Object.keys(json).filter((key) => key !== field))
			if (!isReservedColumn(key)) columns.add(key);
		const itemsOwnList =
			typeof json.add_list === 'string' && json.add_list.trim() !== ''
				? json.add_list.trim()
				: undefined;
		const picked = listOf(i);
		read.pending.push({
			itemIndex: i,
			email,
			fields,
			picked,
			lists: listsOf(itemsOwnList, picked),
			optOut: optOutOf(i),
		});
	}
	read.fieldColumns = [...columns];
	return read;
}

/** With "Invalid Addresses" set to "Stop the Workflow", an item without an address stops the run before anything is sent. */
function refuseSkipped(
	ctx: IExecuteFunctions,
	skipped: Skipped[],
	total: number,
): NodeOperationError {
	const first = skipped[0];
	return new NodeOperationError(
		ctx.getNode(),
		`${skipped.length} of ${total} items have no valid email address; nothing was imported`,
		{
			itemIndex: first.itemIndex,
			description: `First one: item ${first.itemIndex}: ${first.reason}. Fix the "Email Field" setting or the input, or set "Invalid Addresses" to "Report and Skip".`,
		},
	);
}

/**
 * Import from input items: one CSV row per item and list it joins, all items of the run in
 * ⌈N / batch size⌉ requests. Every parameter is read per item ("Email Field", "Fields to Send",
 * "List", "Mark as Opted Out"); the batch size, "Invalid Addresses" and "Create List If Missing"
 * apply to the whole run (they are read from the first item).
 */
export async function importItems(
	ctx: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (items.length === 0) return [];
	const run = readOptions(ctx, 0);
	const { pending, skipped, fieldColumns, firstEmailField } = readItems(ctx, items);
	if (pending.length === 0) throw noAddressAtAll(ctx, items, firstEmailField);
	if (skipped.length > 0 && run.invalidRows === 'fail')
		throw refuseSkipped(ctx, skipped, items.length);

	const settled = new Map<number, IDataObject>();
	for (const bad of skipped)
		settled.set(bad.itemIndex, { email: bad.value, imported: false, error: bad.reason });
	const withoutAddress = new Set(skipped.map((bad) => bad.itemIndex));
	return await importPeople(ctx, {
		itemCount: items.length,
		people: pending,
		settled,
		batchSize: run.batchSize,
		createList: run.createList === true,
		fieldColumns,
		valueOf: (item, column) =>
			item.fields === undefined || item.fields.includes(column)
				? cell(items[item.itemIndex].json[column])
				: '',
		describe: (item, lists) => (item.picked === undefined ? {} : listOutput(item.picked, lists)),
		notice: {
			whatWasNot: 'items were not imported',
			details: (notImported) =>
				notImported.every((itemIndex) => withoutAddress.has(itemIndex))
					? `they have no valid email address (${itemsByPlace(notImported)}). They are in the output with "imported": false and the reason.`
					: `see ${itemsByPlace(notImported)} in the output, with "imported": false and the error.`,
		},
	});
}
