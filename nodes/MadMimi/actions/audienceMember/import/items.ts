import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { cell, writeCsv } from '../../../helpers/csv';
import type { CsvRow } from '../../../helpers/csv';
import { isEmail, printable, requireText } from '../../../helpers/validation';
import { errorJson, withItemIndex } from '../../itemLoop';
import { DEFAULT_BATCH_SIZE, readOptions, sendCsv } from './common';

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
export async function importItems(ctx: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
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

