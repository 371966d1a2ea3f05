import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { importMembers } from '../../../api/audienceMember';
import { DEFAULT_IMPORT_BATCH_SIZE } from '../../../settings';
import { itemClient } from '../../../api/client';
import { continueOrStop, withItemIndex } from '../../itemLoop';
import { ordinal } from '../../../helpers/validation';
import { hintLeftOut } from './common';
import type { ListCheck } from './lists';
import { prepareLists, withoutMissingLists } from './lists';
import type { ImportLayout, ImportPerson } from '../../memberImport';
import { batchCsv, importLayout } from '../../memberImport';

/*
 * The one way input items are imported as people, for Create or Update and for Import from
 * input items: the lists checked (or created) first, then every person of the run in
 * ⌈people / batch size⌉ imports, and exactly one output item per input item, paired to it.
 *
 * The output contract of both:
 * - imported: `{ email, …what the operation says of the person, imported: true, importId, batch }`
 * - not imported: `{ email (when known), imported: false, batch (when its import failed), error,
 *   description }`.
 */

/** How one run's people are imported, and what their output items say. */
export interface PeopleImport<T extends ImportPerson> {
	/** How many input items the run has: each gets exactly one output item. */
	itemCount: number;
	/** The people to send (an address each), in input order. */
	people: T[];
	/** The outputs of items settled before anything is sent (`imported: false`), by input item. */
	settled: Map<number, IDataObject>;
	/** How many people go in one import; the node's default when not given. */
	batchSize?: number;
	/** Whether a list the account lacks is created first, instead of failing its people. */
	createList: boolean;
	/** The member-field columns, and a person's value of one ('' for none). */
	fieldColumns: string[];
	valueOf: (person: T, column: string) => string;
	/** What an imported person's output says besides the import itself: the fields, the list. */
	describe: (person: T, lists: ListCheck) => IDataObject;
	/** The notice when items were not imported: "items were not imported", and why, where to look. */
	notice: { whatWasNot: string; details: (notImported: number[]) => string };
}

/**
 * Imports the people and gives every input item its output, in input order. An item that cannot
 * be sent (its list is missing, its batch failed) fails alone under Continue On Fail; without it
 * the run stops, saying what was already imported. A run that left items out says so on the node.
 */
export async function importPeople<T extends ImportPerson>(
	ctx: IExecuteFunctions,
	run: PeopleImport<T>,
): Promise<INodeExecutionData[]> {
	const outputs = new Map(run.settled);
	if (run.people.length > 0) {
		// every list the people join exists (or is created now), before anything is imported
		const lists = await prepareLists(
			ctx,
			run.people.flatMap((person) => person.lists),
			run.createList,
			run.people[0].itemIndex,
		);
		const sendable = withoutMissingLists(ctx, run.people, lists, (person, error) =>
			outputs.set(person.itemIndex, {
				email: person.email,
				imported: false,
				...continueOrStop(ctx, error, person.itemIndex),
			}),
		);
		await importInBatches(ctx, sendable, batchSizeOf(run.batchSize), {
			...importLayout(sendable, run.fieldColumns, run.valueOf),
			imported: (person, importId, batch) =>
				outputs.set(person.itemIndex, {
					email: person.email,
					...run.describe(person, lists),
					imported: true,
					importId,
					batch,
				}),
			failed: (person, batch, error) =>
				outputs.set(person.itemIndex, {
					email: person.email,
					imported: false,
					batch,
					...error,
				}),
		});
	}
	const notImported: number[] = [];
	const out: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < run.itemCount; itemIndex++) {
		const json = outputs.get(itemIndex);
		if (json === undefined) {
			// every item has an output: a gap would be a bug, not something to pass over
			throw new NodeOperationError(ctx.getNode(), 'Some input items got no result', {
				itemIndex,
				description: 'Please report this to the package maintainers.',
			});
		}
		if (json.imported !== true) notImported.push(itemIndex);
		out.push({ json, pairedItem: { item: itemIndex } });
	}
	hintLeftOut(
		ctx,
		notImported.length,
		run.itemCount,
		run.notice.whatWasNot,
		run.notice.details(notImported),
	);
	return out;
}

function batchSizeOf(given: number | undefined): number {
	return Math.max(1, Math.floor(given ?? DEFAULT_IMPORT_BATCH_SIZE));
}

/** What becomes of each person of a batch: imported (with the import id), or failed. */
interface BatchPlan<T> extends ImportLayout<T> {
	imported: (person: T, importId: number, batch: number) => void;
	failed: (person: T, batch: number, error: IDataObject) => void;
}

/**
 * Sends the rows of all people in ⌈people / batchSize⌉ imports: a person's rows never split
 * between two, and each batch's rows are built only when it is sent, so 100,000 people never hold
 * all their rows at once. When a batch fails, with Continue On Fail its people fail and the next
 * batches go on; without it the run stops with an error that says which batches were imported
 * (with their import ids), which failed and which were not sent.
 */
async function importInBatches<T extends ImportPerson>(
	ctx: IExecuteFunctions,
	people: T[],
	batchSize: number,
	plan: BatchPlan<T>,
): Promise<void> {
	const batches = Math.ceil(people.length / batchSize);
	const importIds: number[] = [];
	for (let b = 0; b < batches; b++) {
		const batch = people.slice(b * batchSize, (b + 1) * batchSize);
		const csv = batchCsv(plan, batch);
		const firstItem = batch[0].itemIndex;
		let importId: number;
		try {
			importId = await importMembers(itemClient(ctx, firstItem), csv);
		} catch (error) {
			const json = continueOrStop(ctx, error, firstItem, () =>
				describeFailedBatch(ctx, error, {
					sentBefore: b,
					batches,
					firstItem,
					lastItem: batch[batch.length - 1].itemIndex,
					importIds,
				}),
			);
			for (const person of batch) plan.failed(person, b + 1, json);
			continue;
		}
		importIds.push(importId);
		for (const person of batch) plan.imported(person, importId, b + 1);
	}
}

/** Says what was and was not imported when a batch fails and the workflow stops. */
function describeFailedBatch(
	ctx: IExecuteFunctions,
	error: unknown,
	{
		sentBefore,
		batches,
		firstItem,
		lastItem,
		importIds,
	}: {
		sentBefore: number;
		batches: number;
		firstItem: number;
		lastItem: number;
		importIds: number[];
	},
): Error {
	const failed = withItemIndex(ctx, error, firstItem);
	const range = (from: number, to: number) =>
		from === to ? `Batch ${from} was` : `Batches ${from}–${to} were`;
	const done =
		sentBefore === 0
			? 'No earlier batch was sent.'
			: `${range(1, sentBefore)} imported (import id${sentBefore > 1 ? 's' : ''} ${importIds.join(', ')}).`;
	const rest = sentBefore + 1 < batches ? ` ${range(sentBefore + 2, batches)} not sent.` : '';
	const items =
		firstItem === lastItem
			? `the ${ordinal(firstItem + 1)} item`
			: `the ${ordinal(firstItem + 1)} to ${ordinal(lastItem + 1)} items`;
	const summary = `Batch ${sentBefore + 1} of ${batches} (${items}) was not imported. ${done}${rest}`;
	if (failed instanceof NodeApiError || failed instanceof NodeOperationError) {
		failed.message = `Import stopped: ${failed.message}`;
		failed.description = `${summary}${failed.description ? ` ${failed.description}` : ''}`;
	}
	return failed;
}
