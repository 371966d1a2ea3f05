import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { writeCsv } from '../../../helpers/csv';
import { isEmail, nonEmptyText } from '../../../helpers/validation';
import type { SkippedRow } from './common';
import { checkSkipped, hintSkipped, readOptions } from './common';
import { importMembers } from '../../../api/audienceMember';
import { itemClient } from '../../../api/client';
import { listMissingError, listOutput, prepareLists } from './lists';
import { optionalListName } from '../../parameters';

const EXAMPLE =
	'Write each address, optionally followed by a name in double quotes: jane@example.com "Jane Doe", joe@example.com';

/**
 * Addresses each optionally followed by a quoted name, separated by commas or white space.
 * Tokens that are not addresses (and names without an address) are returned apart, numbered
 * from 1 in the order they appear with the valid ones.
 */
function parseUnstructured(text: string): {
	rows: Array<[string, string]>;
	skipped: SkippedRow[];
} {
	const rows: Array<[string, string]> = [];
	const skipped: SkippedRow[] = [];
	const token = /([^\s,"]+)(?:\s*"([^"]*)")?|"([^"]*)"/g;
	let position = 0;
	for (let m = token.exec(text); m !== null; m = token.exec(text)) {
		position++;
		if (m[3] !== undefined) {
			skipped.push({
				row: position,
				value: `"${m[3]}"`,
				reason: 'a name without an address before it',
			});
			continue;
		}
		const email = m[1];
		if (isEmail(email)) rows.push([email, (m[2] ?? '').trim()]);
		else skipped.push({ row: position, value: email, reason: 'not a valid email address' });
	}
	return { rows, skipped };
}

/** Import from unstructured text: the valid addresses, sent as the email,name CSV they mean. */
export async function importText(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const text = nonEmptyText(
		ctx.getNodeParameter('text', itemIndex),
		'Text',
		`Give one or more addresses. ${EXAMPLE}`,
	);
	const options = readOptions(ctx, itemIndex);
	const list = optionalListName(ctx, itemIndex);
	const { rows, skipped } = parseUnstructured(text);
	checkSkipped(ctx, itemIndex, {
		field: 'The field "Text"',
		valid: rows.length,
		skipped,
		options,
		example: EXAMPLE,
	});
	const check = await prepareLists(
		ctx,
		list === undefined ? [] : [list],
		options.createList === true,
		itemIndex,
	);
	if (list !== undefined && check.missing.has(list)) throw listMissingError(ctx, list, itemIndex);
	// The spec does not name the parameter for unstructured input; the node sends it as the
	// CSV it means (email, name), which the service documents fully.
	const columns = [
		'email',
		'name',
		...(list ? ['add_list'] : []),
		...(options.optOut ? ['opt out'] : []),
	];
	const csvRows = rows.map(([email, name]) => [
		email,
		name,
		...(list ? [list] : []),
		...(options.optOut ? ['1'] : []),
	]);
	const importId = await importMembers(itemClient(ctx, itemIndex), writeCsv(columns, csvRows));
	hintSkipped(ctx, skipped, rows.length + skipped.length, 'addresses');
	return {
		imported: true,
		importId,
		rows: rows.length,
		emails: rows.map(([email]) => email),
		...(list === undefined ? {} : listOutput(list, check)),
		skipped: skipped.length,
		skippedRows: skipped as unknown as IDataObject[],
	};
}
