import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { cell } from '../../../helpers/csv';
import type { CsvRow } from '../../../helpers/csv';
import { perItem } from '../../../helpers/params';
import { isEmail, printable, requireText } from '../../../helpers/validation';
import { importInBatches } from './batches';
import { DEFAULT_BATCH_SIZE, itemsByPlace, readOptions } from './common';
import { optionalListName } from '../../../locators/list';
import { listMissingError, listOutput, prepareLists } from './lists';

function splitFieldNames(text: string): string[] {
	return text
		.split(',')
		.map((f) => f.trim())
		.filter((f) => f !== '');
}

/** Columns that are not member fields, whatever the items call them. */
const RESERVED = (column: string) => column.toLowerCase() === 'email' || column === 'add_list' || /^opt[ -]out$/i.test(column);

/** One input item, read with its own parameters. */
interface PendingItem {
	itemIndex: number;
	email: string;
	/** The item fields sent as columns ("Fields to Send"), or undefined for all of them. */
	fields?: string[];
	/** The list picked for it, and the one its own `add_list` field names. */
	picked?: string;
	own?: string;
	optOut: boolean;
}

/** The lists an item joins (each once): its own `add_list`, then the picked one. */
function listsOf(item: PendingItem): string[] {
	if (item.own === undefined) return item.picked === undefined ? [] : [item.picked];
	return item.picked === undefined || item.picked === item.own ? [item.own] : [item.own, item.picked];
}

interface Skipped {
	itemIndex: number;
	value: string;
	reason: string;
}

/**
 * "Email Field" holds the name of the item field with the address (`email`), or the address
 * itself: dragging a field into the parameter gives `{{ $json.email }}`, which n8n evaluates per
 * item to the address. Both work, item by item.
 */
function readAddress(setting: string, json: IDataObject): { email?: string; field?: string; found: string } {
	if (isEmail(setting)) return { email: setting, found: setting };
	const raw = json[setting];
	const value = typeof raw === 'string' ? raw.trim() : raw === undefined || raw === null ? '' : String(raw);
	return isEmail(value) ? { email: value, field: setting, found: value } : { field: setting, found: value };
}

/** The run fails when not a single item has an address: a green run that imported nothing helps nobody. */
function noAddressAtAll(ctx: IExecuteFunctions, items: INodeExecutionData[], setting: string): NodeOperationError {
	const { field, found } = readAddress(setting, items[0].json);
	const seen =
		field === undefined
			? `"${printable(found)}", which is not an email address`
			: found === ''
				? `no field "${printable(field)}" (the first item's fields are: ${Object.keys(items[0].json).slice(0, 10).map((k) => printable(k)).join(', ') || 'none'})`
				: `"${printable(found)}" in its field "${printable(field)}", which is not an email address`;
	return new NodeOperationError(ctx.getNode(), `No input item has a valid email address in "Email Field"; nothing was imported`, {
		itemIndex: 0,
		description: `"Email Field" is "${printable(setting)}", and the first item has ${seen}. Give the name of the field that holds the address (e.g. email), or drag that field from the input into "Email Field".`,
	});
}

/**
 * Import from input items: one CSV row per item and list it joins, all items of the run in
 * ⌈N / batch size⌉ requests. Every parameter is read per item ("Email Field", "Fields to Send",
 * "List", "Mark as Opted Out"); the batch size, "Invalid Addresses" and "Create List If Missing"
 * apply to the whole run (they are read from the first item).
 */
export async function importItems(ctx: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	if (items.length === 0) return [];
	const run = readOptions(ctx, 0);
	// each parameter read per item when it is an expression, else once (see perItem)
	const emailFieldOf = perItem(ctx, 'emailField', (i) =>
		requireText(ctx, i, ctx.getNodeParameter('emailField', i), 'Email Field', 'Give the name of the field holding the address, e.g. email, or drag that field here.'),
	);
	const fieldsOf = perItem(ctx, 'fields', (i) => splitFieldNames(ctx.getNodeParameter('fields', i, '') as string));
	const listOf = perItem(ctx, 'list', (i) => optionalListName(ctx, i));
	const optOutOf = perItem(ctx, 'options', (i) => readOptions(ctx, i).optOut === true);
	const batchSize = Math.max(1, Math.floor(run.batchSize ?? DEFAULT_BATCH_SIZE));
	const out: Array<INodeExecutionData | undefined> = new Array(items.length);
	const pending: PendingItem[] = [];
	const skipped: Skipped[] = [];
	const columnSet = new Set<string>();

	for (let i = 0; i < items.length; i++) {
		const json = items[i].json;
		const { email, field, found } = readAddress(emailFieldOf(i), json);
		if (email === undefined) {
			const reason =
				field !== undefined && found === ''
					? `The item has no "${field}" field (or it is empty)`
					: `"${printable(found)}"${field !== undefined ? ` in the field "${field}"` : ''} is not a valid email address`;
			skipped.push({ itemIndex: i, value: found, reason });
			continue;
		}
		const chosen = fieldsOf(i);
		// "Fields to Send" (the same array for every item unless it is an expression), or every field
		const fields = chosen.length > 0 ? chosen : undefined;
		if (fields === undefined) {
			for (const key in json) if (key !== field && !RESERVED(key)) columnSet.add(key);
		} else {
			for (const key of fields) if (!RESERVED(key)) columnSet.add(key);
		}
		const own = typeof json.add_list === 'string' && json.add_list.trim() !== '' ? json.add_list.trim() : undefined;
		pending.push({ itemIndex: i, email, fields, picked: listOf(i), own, optOut: optOutOf(i) });
	}

	if (pending.length === 0) throw noAddressAtAll(ctx, items, emailFieldOf(0));
	if (skipped.length > 0 && run.invalidRows === 'fail') {
		const first = skipped[0];
		throw new NodeOperationError(ctx.getNode(), `${skipped.length} of ${items.length} items have no valid email address; nothing was imported`, {
			itemIndex: first.itemIndex,
			description: `First one: item ${first.itemIndex}: ${first.reason}. Fix the "Email Field" setting or the input, or set "Invalid Addresses" to "Report and Skip".`,
		});
	}
	for (const bad of skipped) out[bad.itemIndex] = { json: { email: bad.value, imported: false, error: bad.reason }, pairedItem: { item: bad.itemIndex } };

	// every list the rows join exists (or is created now), before anything is imported
	const wanted = new Set<string>();
	for (const p of pending) for (const list of listsOf(p)) wanted.add(list);
	const check = await prepareLists(ctx, wanted, run.createList === true, pending[0].itemIndex);
	const sendable: PendingItem[] = [];
	for (const item of pending) {
		const missing = check.missing.size === 0 ? undefined : listsOf(item).find((l) => check.missing.has(l));
		if (missing === undefined) {
			sendable.push(item);
			continue;
		}
		const error = listMissingError(ctx, missing, item.itemIndex);
		if (!ctx.continueOnFail()) throw error;
		out[item.itemIndex] = { json: { email: item.email, imported: false, error: error.message, description: error.description }, pairedItem: { item: item.itemIndex } };
	}

	const dataColumns = [...columnSet];
	const withLists = sendable.some((p) => p.own !== undefined || p.picked !== undefined);
	const withOptOut = sendable.some((p) => p.optOut);
	const columns = ['email', ...dataColumns, ...(withLists ? ['add_list'] : []), ...(withOptOut ? ['opt out'] : [])];
	const rowsOf = (p: PendingItem): CsvRow[] => {
		const json = items[p.itemIndex].json;
		const lists = listsOf(p);
		const rows: CsvRow[] = [];
		// one row per list the member joins, else one row
		for (let l = 0; l < Math.max(1, lists.length); l++) {
			const row: CsvRow = new Array(columns.length);
			row[0] = p.email;
			for (let c = 0; c < dataColumns.length; c++) {
				const column = dataColumns[c];
				row[c + 1] = p.fields === undefined || p.fields.includes(column) ? cell(json[column]) : '';
			}
			let next = dataColumns.length + 1;
			if (withLists) row[next++] = lists[l] ?? '';
			if (withOptOut) row[next] = p.optOut ? '1' : '';
			rows.push(row);
		}
		return rows;
	};
	const listInfo = (p: PendingItem): IDataObject => (p.picked === undefined ? {} : listOutput(p.picked, check));
	await importInBatches(ctx, sendable, batchSize, {
		columns,
		itemIndex: (p) => p.itemIndex,
		rowsOf,
		imported: (p, importId, batch) => ({ email: p.email, imported: true, importId, batch, ...listInfo(p) }),
		failed: (p, batch, error) => ({ email: p.email, imported: false, batch, ...error }),
		emit: (itemIndex, output) => (out[itemIndex] = output),
	});

	if (skipped.length > 0) {
		ctx.addExecutionHints({
			message: `${skipped.length} of ${items.length} items were not imported: they have no valid email address (${itemsByPlace(skipped.map((s) => s.itemIndex))}). They are in the output with "imported": false and the reason.`,
			type: 'warning',
			location: 'outputPane',
		});
	}
	return out.filter((item): item is INodeExecutionData => item !== undefined);
}
