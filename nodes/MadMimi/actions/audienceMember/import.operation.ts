import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { cell, csvRecords, writeCsv } from '../../helpers/csv';
import type { CsvRow } from '../../helpers/csv';
import { hasControlChars, inputError, isEmail, printable, requireText } from '../../helpers/validation';
import { requestInteger } from '../../transport';
import { errorJson, runPerItem, withItemIndex } from '../itemLoop';

const IMPORT_TIMEOUT_MS = 300_000;
export const DEFAULT_BATCH_SIZE = 10_000;

const properties: INodeProperties[] = [
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Input Items',
				value: 'items',
				description: 'Each input item becomes one member; its fields become columns',
			},
			{ name: 'CSV', value: 'csv', description: 'A CSV file or CSV text with a header row and an email column' },
			{
				name: 'Text',
				value: 'text',
				description: 'Addresses, each optionally followed by a name in double quotes',
			},
		],
		default: 'items',
	},
	{
		displayName: 'Email Field',
		name: 'emailField',
		type: 'string',
		default: 'email',
		required: true,
		displayOptions: { show: { source: ['items'] } },
		description: "Name of the input items' field holding the email address",
		hint: 'All input items are sent together, in as few requests as the batch size allows',
	},
	{
		displayName: 'Fields to Send',
		name: 'fields',
		type: 'string',
		default: '',
		placeholder: 'e.g. first name, last name, company',
		displayOptions: { show: { source: ['items'] } },
		description:
			'Comma-separated names of the item fields to send as columns. Leave empty to send every top-level field.',
	},
	{
		displayName: 'CSV From',
		name: 'csvSource',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { source: ['csv'] } },
		options: [
			{ name: 'File (Binary Property)', value: 'binary' },
			{ name: 'Text', value: 'text' },
		],
		default: 'binary',
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryProperty',
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: { show: { source: ['csv'], csvSource: ['binary'] } },
		description: 'Name of the binary property holding the CSV file',
		hint: 'The CSV needs a header row with an "email" column; "add_list" and "opt out" columns are understood',
	},
	{
		displayName: 'CSV Text',
		name: 'csvText',
		type: 'string',
		typeOptions: { rows: 6 },
		default: '',
		required: true,
		placeholder: 'email,first name,add_list\njane@example.com,Jane,Newsletter',
		displayOptions: { show: { source: ['csv'], csvSource: ['text'] } },
		description: 'CSV with a header row and an email column',
	},
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		placeholder: 'jane@example.com "Jane Doe", joe@example.com',
		displayOptions: { show: { source: ['text'] } },
		description: 'Email addresses, each optionally followed by a name in double quotes, separated by commas or white space',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show: { source: ['items', 'text'] } },
		options: [
			{
				displayName: 'Add to List Name or ID',
				name: 'list',
				type: 'options',
				typeOptions: { loadOptionsMethod: 'getListNames' },
				default: '',
				description:
					'Every imported member joins this audience list. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Batch Size',
				name: 'batchSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 100000 },
				default: DEFAULT_BATCH_SIZE,
				displayOptions: { show: { '/source': ['items'] } },
				description: 'How many members to send in one request',
			},
			{
				displayName: 'Invalid Addresses',
				name: 'invalidRows',
				type: 'options',
				displayOptions: { show: { '/source': ['items'] } },
				options: [
					{
						name: 'Report and Skip',
						value: 'report',
						description: 'Import the valid rows; output the invalid ones with imported = false and the reason',
					},
					{
						name: 'Stop the Workflow',
						value: 'fail',
						description: 'Send nothing and fail when any item has no valid address',
					},
				],
				default: 'report',
			},
			{
				displayName: 'Mark as Opted Out',
				name: 'optOut',
				type: 'boolean',
				default: false,
				description: 'Whether to import every member as opted out (unsubscribed)',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['import'] } },
	properties,
);

interface ImportOptions {
	list?: string;
	batchSize?: number;
	invalidRows?: 'report' | 'fail';
	optOut?: boolean;
}

function readOptions(ctx: IExecuteFunctions, itemIndex: number): ImportOptions {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as ImportOptions;
	if (options.list !== undefined) {
		const list = String(options.list).trim();
		if (hasControlChars(list)) {
			throw inputError(ctx, itemIndex, 'The option "Add to List" contains control characters', `Remove them from "${printable(list)}".`);
		}
		options.list = list === '' ? undefined : list;
	}
	return options;
}

/** Sends one CSV and returns the import id the service answers. */
async function sendCsv(ctx: IExecuteFunctions, csv: string, itemIndex: number): Promise<number> {
	return await requestInteger.call(ctx, {
		method: 'POST',
		path: ['audience_members'],
		form: { csv_file: csv },
		timeoutMs: IMPORT_TIMEOUT_MS,
		itemIndex,
	});
}

function splitFieldNames(text: string): string[] {
	return text
		.split(',')
		.map((f) => f.trim())
		.filter((f) => f !== '');
}

interface PendingRow {
	itemIndex: number;
	email: string;
}

/**
 * Import from input items: one CSV row per item (two when the item names its own add_list and
 * the "Add to List" option names another), all items in ⌈N / batch size⌉ requests.
 */
async function importItems(ctx: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const emailField = requireText(ctx, 0, ctx.getNodeParameter('emailField', 0), 'Email Field');
	const chosen = splitFieldNames(ctx.getNodeParameter('fields', 0, '') as string);
	const options = readOptions(ctx, 0);
	const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE));
	const continueOnFail = ctx.continueOnFail();

	const out: INodeExecutionData[] = new Array(items.length);
	const valid: PendingRow[] = [];
	const invalid: Array<{ itemIndex: number; reason: string; value: string }> = [];
	const columnSet = new Set<string>();
	let anyOwnList = false;

	for (let i = 0; i < items.length; i++) {
		const json = items[i].json;
		const raw = json[emailField];
		const email = typeof raw === 'string' ? raw.trim() : raw === undefined || raw === null ? '' : String(raw);
		if (email === '' || !isEmail(email)) {
			const reason =
				email === ''
					? `The item has no "${emailField}" field (or it is empty)`
					: `"${printable(email)}" in the field "${emailField}" is not a valid email address`;
			invalid.push({ itemIndex: i, reason, value: email });
			continue;
		}
		valid.push({ itemIndex: i, email });
		if (chosen.length === 0) {
			for (const key in json) if (key !== emailField) columnSet.add(key);
		}
		if (typeof json.add_list === 'string' && json.add_list.trim() !== '') anyOwnList = true;
	}

	if (invalid.length > 0 && options.invalidRows === 'fail') {
		const first = invalid[0];
		throw new NodeOperationError(
			ctx.getNode(),
			`${invalid.length} of ${items.length} items have no valid email address; nothing was imported`,
			{
				itemIndex: first.itemIndex,
				description: `First one: item ${first.itemIndex}: ${first.reason}. Fix the "Email Field" setting or the input, or set "Invalid Addresses" to "Report and Skip".`,
			},
		);
	}
	for (const bad of invalid) {
		out[bad.itemIndex] = {
			json: { email: bad.value, imported: false, error: bad.reason },
			pairedItem: { item: bad.itemIndex },
		};
	}

	const dataColumns = (chosen.length > 0 ? chosen : [...columnSet]).filter(
		(c) => c.toLowerCase() !== 'email' && c !== 'add_list' && !/^opt[ -]out$/i.test(c),
	);
	const useList = options.list !== undefined || anyOwnList || chosen.includes('add_list');
	const columns = ['email', ...dataColumns, ...(useList ? ['add_list'] : []), ...(options.optOut ? ['opt out'] : [])];

	const batches = Math.ceil(valid.length / batchSize);
	const importIds: number[] = [];
	for (let b = 0; b < batches; b++) {
		const batch = valid.slice(b * batchSize, (b + 1) * batchSize);
		const rows: CsvRow[] = [];
		for (const { itemIndex, email } of batch) {
			const json = items[itemIndex].json;
			// one row per list the member joins (its own add_list, the option's list), else one row
			const ownList = typeof json.add_list === 'string' ? json.add_list.trim() : '';
			const optionList = options.list ?? '';
			const lists = useList ? [ownList || optionList] : [];
			if (useList && ownList !== '' && optionList !== '' && optionList !== ownList) lists.push(optionList);
			for (let l = 0; l < Math.max(1, lists.length); l++) {
				const row: CsvRow = new Array(columns.length);
				row[0] = email;
				for (let c = 0; c < dataColumns.length; c++) row[c + 1] = cell(json[dataColumns[c]]);
				let next = dataColumns.length + 1;
				if (useList) row[next++] = lists[l] ?? '';
				if (options.optOut) row[next] = '1';
				rows.push(row);
			}
		}
		const firstItem = batch[0].itemIndex;
		const lastItem = batch[batch.length - 1].itemIndex;
		try {
			const importId = await sendCsv(ctx, writeCsv(columns, rows), firstItem);
			importIds.push(importId);
			for (const { itemIndex, email } of batch) {
				out[itemIndex] = {
					json: { email, imported: true, importId, batch: b + 1 },
					pairedItem: { item: itemIndex },
				};
			}
		} catch (error) {
			if (continueOnFail) {
				const json = errorJson(error);
				for (const { itemIndex, email } of batch) {
					out[itemIndex] = {
						json: { email, imported: false, batch: b + 1, ...json },
						pairedItem: { item: itemIndex },
					};
				}
				continue;
			}
			throw describeFailedBatch(ctx, error, { b, batches, firstItem, lastItem, importIds, total: items.length });
		}
	}
	return out.filter((item) => item !== undefined);
}

/** Says what was and was not imported when a batch fails and the workflow stops. */
function describeFailedBatch(
	ctx: IExecuteFunctions,
	error: unknown,
	s: { b: number; batches: number; firstItem: number; lastItem: number; importIds: number[]; total: number },
): Error {
	const failed = withItemIndex(ctx, error, s.firstItem);
	const range = (from: number, to: number) => (from === to ? `Batch ${from} was` : `Batches ${from}–${to} were`);
	const done =
		s.b === 0
			? 'No earlier batch was sent.'
			: `${range(1, s.b)} imported (import id${s.b > 1 ? 's' : ''} ${s.importIds.join(', ')}).`;
	const rest = s.b + 1 < s.batches ? ` ${range(s.b + 2, s.batches)} not sent.` : '';
	const summary = `Batch ${s.b + 1} of ${s.batches} (items ${s.firstItem}–${s.lastItem}) was not imported. ${done}${rest}`;
	if (failed instanceof NodeApiError || failed instanceof NodeOperationError) {
		failed.message = `Import stopped: ${failed.message}`;
		failed.description = `${summary}${failed.description ? ` ${failed.description}` : ''}`;
	}
	return failed;
}

/** Addresses each optionally followed by a quoted name, separated by commas or white space. */
export function parseUnstructured(text: string): { rows: Array<[string, string]>; invalid: string[] } {
	const rows: Array<[string, string]> = [];
	const invalid: string[] = [];
	const token = /([^\s,"]+)(?:\s*"([^"]*)")?|"([^"]*)"/g;
	for (let m = token.exec(text); m !== null; m = token.exec(text)) {
		if (m[3] !== undefined) {
			invalid.push(`"${m[3]}"`);
			continue;
		}
		const email = m[1];
		if (isEmail(email)) rows.push([email, (m[2] ?? '').trim()]);
		else invalid.push(email);
	}
	return { rows, invalid };
}

async function importCsv(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const from = ctx.getNodeParameter('csvSource', itemIndex, 'binary') as string;
	let csv: string;
	let field: string;
	if (from === 'binary') {
		const property = requireText(ctx, itemIndex, ctx.getNodeParameter('binaryProperty', itemIndex), 'Input Binary Field');
		ctx.helpers.assertBinaryData(itemIndex, property);
		csv = (await ctx.helpers.getBinaryDataBuffer(itemIndex, property)).toString('utf8');
		field = `the file in "${property}"`;
	} else {
		csv = ctx.getNodeParameter('csvText', itemIndex, '') as string;
		field = 'the field "CSV Text"';
	}
	csv = csv.replace(/^\uFEFF/, '');
	const records = csvRecords(csv);
	const header = records.next();
	if (header.done || header.value.every((h) => h.trim() === '')) {
		throw inputError(ctx, itemIndex, `The CSV in ${field} is empty`, 'Give a CSV with a header row, e.g. "email,first name", and one row per member.');
	}
	if (!header.value.some((h) => h.trim().toLowerCase() === 'email')) {
		throw inputError(ctx, itemIndex, `The CSV in ${field} has no "email" column`, `Its header row is: ${printable(header.value.join(','))}. Mad Mimi needs a column named "email".`);
	}
	let rows = 0;
	for (let r = records.next(); !r.done; r = records.next()) rows++;
	if (rows === 0) {
		throw inputError(ctx, itemIndex, `The CSV in ${field} has a header row but no members`, 'Add one row per member below the header.');
	}
	const importId = await sendCsv(ctx, csv, itemIndex);
	return { success: true, importId, rows };
}

async function importText(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const text = requireText(ctx, itemIndex, ctx.getNodeParameter('text', itemIndex), 'Text', 'Give one or more addresses, e.g. jane@example.com "Jane Doe", joe@example.com');
	const { rows, invalid } = parseUnstructured(text);
	if (invalid.length > 0) {
		throw inputError(
			ctx,
			itemIndex,
			`The field "Text" holds ${invalid.length} value(s) that are not email addresses: ${invalid.slice(0, 5).map((v) => printable(v)).join(', ')}${invalid.length > 5 ? ', …' : ''}`,
			'Write each address, optionally followed by a name in double quotes: jane@example.com "Jane Doe", joe@example.com',
		);
	}
	const options = readOptions(ctx, itemIndex);
	// The spec does not name the parameter for unstructured input; the node sends it as the
	// CSV it means (email, name), which the service documents fully.
	const columns = ['email', 'name', ...(options.list ? ['add_list'] : []), ...(options.optOut ? ['opt out'] : [])];
	const csvRows = rows.map(([email, name]) => [
		email,
		name,
		...(options.list ? [options.list] : []),
		...(options.optOut ? ['1'] : []),
	]);
	const importId = await sendCsv(ctx, writeCsv(columns, csvRows), itemIndex);
	return { success: true, importId, rows: rows.length, emails: rows.map(([email]) => email) };
}

export async function executeAll(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const source = this.getNodeParameter('source', 0) as string;
	if (source === 'items') return await importItems(this, items);
	// a CSV or a text per input item: one import each
	return await runPerItem(this, items.length, async (itemIndex) => [
		source === 'csv' ? await importCsv(this, itemIndex) : await importText(this, itemIndex),
	]);
}
