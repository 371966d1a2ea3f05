import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ordinal, printable } from '../../../helpers/validation';
import { DEFAULT_IMPORT_BATCH_SIZE, MAX_IMPORT_BATCH_SIZE } from '../../../settings';
import { itemError } from '../../itemLoop';

/** The Batch Size option of the imports: how many people go in one request. */
export function batchSizeOption(
	description: string,
	displayOptions?: IDisplayOptions,
): INodeProperties {
	return {
		displayName: 'Batch Size',
		name: 'batchSize',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_IMPORT_BATCH_SIZE },
		default: DEFAULT_IMPORT_BATCH_SIZE,
		...(displayOptions ? { displayOptions } : {}),
		description,
	};
}

/** The Create List If Missing option: without it a list the account lacks is refused. */
export function createListOption(refused: 'the item' | 'the import'): INodeProperties {
	return {
		displayName: 'Create List If Missing',
		name: 'createList',
		type: 'boolean',
		default: false,
		description: `Whether to create the list when the account has no list of that name, instead of refusing ${refused}`,
	};
}

export interface ImportOptions {
	batchSize?: number;
	invalidRows?: 'report' | 'fail';
	optOut?: boolean;
	createList?: boolean;
}

/** The import's options, read for one input item. */
export function readOptions(ctx: IExecuteFunctions, itemIndex: number): ImportOptions {
	return ctx.getNodeParameter('options', itemIndex, {}) as ImportOptions;
}

/** A row of a CSV or text source that was not sent: its place, what it held, and why. */
export interface SkippedRow {
	row: number;
	value: string;
	reason: string;
}

/**
 * Applies the "Invalid Addresses" option to the rows of one CSV or text source: with "Stop the
 * Workflow", any skipped row fails the item before anything is sent; with "Report and Skip" the
 * valid rows go out and the skipped ones are reported. Either way, a source without a single
 * valid row fails: nothing would be imported.
 */
export function checkSkipped(
	ctx: IExecuteFunctions,
	itemIndex: number,
	{
		field,
		valid,
		skipped,
		options,
		example,
	}: {
		field: string;
		valid: number;
		skipped: SkippedRow[];
		options: ImportOptions;
		example: string;
	},
): void {
	if (skipped.length === 0 || (valid > 0 && options.invalidRows !== 'fail')) return;
	const firstRows = skipped
		.slice(0, 5)
		.map((r) => `${r.row}: "${printable(r.value)}"`)
		.join(', ');
	const list = `${firstRows}${skipped.length > 5 ? ', …' : ''}`;
	if (valid === 0) {
		throw itemError(
			ctx,
			itemIndex,
			`${field} holds no valid email address; nothing was imported`,
			`Rows without a valid address: ${list}. ${example}`,
		);
	}
	throw itemError(
		ctx,
		itemIndex,
		`${field} holds ${skipped.length} row(s) without a valid email address; nothing was imported`,
		`Rows without a valid address: ${list}. Fix them, or set the option "Invalid Addresses" to "Report and Skip" to import the others. ${example}`,
	);
}

/**
 * The yellow notice on the node (n8n's execution hint) when an import left some people out: a
 * green run that did not do everything says so. `whatWasNot` ends the count ("items were not
 * imported"); `details` says why and where to look.
 */
export function hintLeftOut(
	ctx: IExecuteFunctions,
	leftOut: number,
	total: number,
	whatWasNot: string,
	details: string,
): void {
	if (leftOut === 0) return;
	ctx.addExecutionHints({
		message: `${leftOut} of ${total} ${whatWasNot}: ${details}`,
		type: 'warning',
		location: 'outputPane',
	});
}

/** The notice for the rows of a CSV or text source that were skipped. */
export function hintSkipped(
	ctx: IExecuteFunctions,
	skipped: SkippedRow[],
	total: number,
	what: string,
): void {
	const firstRowNumbers = skipped
		.slice(0, 5)
		.map((r) => r.row)
		.join(', ');
	hintLeftOut(
		ctx,
		skipped.length,
		total,
		`${what} were not imported`,
		`they have no valid email address (${skipped.length > 1 ? 'rows' : 'row'} ${firstRowNumbers}${skipped.length > 5 ? ', …' : ''}). They are listed in the output under "skippedRows".`,
	);
}

/**
 * Input items as a person counts them, by their place: "the 4th item", "the 4th, 8th and 11th
 * items". n8n's error messages say "[item 3]" for the 4th item (from 0); ordinals cannot be read
 * that way, so a notice and an error never seem to name different items.
 */
export function itemsByPlace(itemIndexes: number[], max = 5): string {
	const places = itemIndexes.slice(0, max).map((i) => ordinal(i + 1));
	const more = itemIndexes.length > max ? `, … (${itemIndexes.length} in all)` : '';
	if (places.length === 1 && !more) return `the ${places[0]} item`;
	const listed = more
		? places.join(', ')
		: `${places.slice(0, -1).join(', ')} and ${places[places.length - 1]}`;
	return `the ${listed}${more} items`;
}
