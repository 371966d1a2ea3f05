import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { csvRecords, writeCsv } from '../../../helpers/csv';
import { inputError, isEmail, printable, requireText } from '../../../helpers/validation';
import type { SkippedRow } from './common';
import { checkSkipped, readOptions, sendCsv } from './common';

const EXAMPLE = 'Each row below the header needs an address in the "email" column, e.g. jane@example.com.';

/** The CSV text of the item: from a binary property (a file) or from the "CSV Text" field. */
async function readCsv(ctx: IExecuteFunctions, itemIndex: number): Promise<{ csv: string; field: string }> {
	const from = ctx.getNodeParameter('csvSource', itemIndex, 'binary') as string;
	if (from === 'binary') {
		const property = requireText(ctx, itemIndex, ctx.getNodeParameter('binaryProperty', itemIndex), 'Input Binary Field');
		ctx.helpers.assertBinaryData(itemIndex, property);
		const csv = (await ctx.helpers.getBinaryDataBuffer(itemIndex, property)).toString('utf8');
		return { csv: csv.replace(/^\uFEFF/, ''), field: `the file in "${property}"` };
	}
	const csv = ctx.getNodeParameter('csvText', itemIndex, '') as string;
	return { csv: csv.replace(/^\uFEFF/, ''), field: 'the field "CSV Text"' };
}

/**
 * Import from a CSV with a header row and an email column, checked before sending: a row
 * without a valid address is reported and left out (or stops the item, as the user chose).
 * When every row is valid the CSV goes out exactly as given.
 */
export async function importCsv(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const { csv, field } = await readCsv(ctx, itemIndex);
	const records = csvRecords(csv);
	const header = records.next();
	if (header.done || header.value.every((h) => h.trim() === '')) {
		throw inputError(ctx, itemIndex, `The CSV in ${field} is empty`, 'Give a CSV with a header row, e.g. "email,first name", and one row per member.');
	}
	const columns = header.value;
	const emailColumn = columns.findIndex((h) => h.trim().toLowerCase() === 'email');
	if (emailColumn === -1) {
		throw inputError(ctx, itemIndex, `The CSV in ${field} has no "email" column`, `Its header row is: ${printable(columns.join(','))}. Mad Mimi needs a column named "email".`);
	}
	const valid: string[][] = [];
	const skipped: SkippedRow[] = [];
	let row = 0;
	for (let r = records.next(); !r.done; r = records.next()) {
		row++;
		const email = (r.value[emailColumn] ?? '').trim();
		if (isEmail(email)) valid.push(r.value);
		else skipped.push({ row, value: email, reason: email === '' ? 'no address in the email column' : 'not a valid email address' });
	}
	if (row === 0) {
		throw inputError(ctx, itemIndex, `The CSV in ${field} has a header row but no members`, 'Add one row per member below the header.');
	}
	checkSkipped(ctx, itemIndex, { field: `The CSV in ${field}`, valid: valid.length, skipped, options: readOptions(ctx, itemIndex), example: EXAMPLE });
	const importId = await sendCsv(ctx, skipped.length === 0 ? csv : writeCsv(columns, valid), itemIndex);
	return { success: true, importId, rows: valid.length, skipped: skipped.length, skippedRows: skipped as unknown as IDataObject[] };
}
