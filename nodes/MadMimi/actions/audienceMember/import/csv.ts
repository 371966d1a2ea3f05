import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { csvRecords, writeCsv } from '../../../helpers/csv';
import { isEmail, printable, nonEmptyText } from '../../../helpers/validation';
import type { SkippedRow } from './common';
import { checkSkipped, hintSkipped, readOptions } from './common';
import { importMembers } from '../../../api/audienceMember';
import { itemClient } from '../../../api/client';
import { listMissingError, listOutput, prepareLists } from './lists';
import { itemError } from '../../itemLoop';
import { optionalListName } from '../../parameters';

const EXAMPLE =
	'Each row below the header needs an address in the "email" column, e.g. jane@example.com.';

/** The CSV text of the item: from a binary property (a file) or from the "CSV Text" field. */
async function readCsv(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<{ csv: string; field: string }> {
	const from = ctx.getNodeParameter('csvSource', itemIndex, 'binary') as string;
	if (from === 'binary') {
		const property = nonEmptyText(
			ctx.getNodeParameter('binaryProperty', itemIndex),
			'Input Binary Field',
		);
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
		throw itemError(
			ctx,
			itemIndex,
			`The CSV in ${field} is empty`,
			'Give a CSV with a header row, e.g. "email,first name", and one row per member.',
		);
	}
	const columns = header.value;
	const emailColumn = columns.findIndex((h) => h.trim().toLowerCase() === 'email');
	if (emailColumn === -1) {
		throw itemError(
			ctx,
			itemIndex,
			`The CSV in ${field} has no "email" column`,
			`Its header row is: ${printable(columns.join(','))}. Mad Mimi needs a column named "email".`,
		);
	}
	const valid: string[][] = [];
	const skipped: SkippedRow[] = [];
	let row = 0;
	for (let r = records.next(); !r.done; r = records.next()) {
		row++;
		const email = (r.value[emailColumn] ?? '').trim();
		if (isEmail(email)) valid.push(r.value);
		else
			skipped.push({
				row,
				value: email,
				reason: email === '' ? 'no address in the email column' : 'not a valid email address',
			});
	}
	if (row === 0) {
		throw itemError(
			ctx,
			itemIndex,
			`The CSV in ${field} has a header row but no members`,
			'Add one row per member below the header.',
		);
	}
	const options = readOptions(ctx, itemIndex);
	checkSkipped(ctx, itemIndex, {
		field: `The CSV in ${field}`,
		valid: valid.length,
		skipped,
		options,
		example: EXAMPLE,
	});
	const list = optionalListName(ctx, itemIndex);
	const listColumn = columns.findIndex((h) => h.trim() === 'add_list');
	const ownLists =
		listColumn === -1 ? [] : valid.map((r) => (r[listColumn] ?? '').trim()).filter((l) => l !== '');
	const check = await prepareLists(
		ctx,
		[...ownLists, ...(list === undefined ? [] : [list])],
		options.createList === true,
		itemIndex,
	);
	const missing = [...check.missing][0];
	if (missing !== undefined) throw listMissingError(ctx, missing, itemIndex);
	// the CSV goes out as given when nothing is to change; else re-written
	let body = csv;
	if (list !== undefined) body = writeCsvWithList(columns, valid, listColumn, list);
	else if (skipped.length > 0) body = writeCsv(columns, valid);
	const importId = await importMembers(itemClient(ctx, itemIndex), body);
	hintSkipped(ctx, skipped, valid.length + skipped.length, 'rows');
	return {
		imported: true,
		importId,
		rows: valid.length,
		...(list === undefined ? {} : listOutput(list, check)),
		skipped: skipped.length,
		skippedRows: skipped as unknown as IDataObject[],
	};
}

/**
 * The rows with the picked list in their `add_list` column (added when the CSV has none): a row
 * naming another list of its own keeps it, and a second row joins the picked one.
 */
function writeCsvWithList(
	columns: string[],
	rows: string[][],
	listColumn: number,
	list: string,
): string {
	if (listColumn === -1) {
		// a short row (fewer cells than the header) is padded so the list lands in its column
		return writeCsv(
			[...columns, 'add_list'],
			rows.map((r) => [
				...r,
				...new Array<string>(Math.max(0, columns.length - r.length)).fill(''),
				list,
			]),
		);
	}
	const out: string[][] = [];
	for (const row of rows) {
		const rowsOwnList = (row[listColumn] ?? '').trim();
		if (rowsOwnList !== '' && rowsOwnList !== list) out.push(row);
		const joined = [...row];
		joined[listColumn] = list;
		out.push(joined);
	}
	return writeCsv(columns, out);
}
