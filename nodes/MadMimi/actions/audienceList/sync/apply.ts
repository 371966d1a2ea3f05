import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { removeAllFromList } from '../../../api/audienceListSync';
import { importMembers } from '../../../api/audienceMember';
import { DEFAULT_IMPORT_BATCH_SIZE } from '../../../settings';
import { itemClient } from '../../../api/client';
import { continueOrStop, withItemIndex } from '../../itemLoop';
import { batchCsv, importLayout } from '../../memberImport';
import type { SyncPerson } from './people';
import type { PersonPlan, SyncPlan } from './plan';

/*
 * Carrying out Sync's plan: the people to add and update in imports of DEFAULT_IMPORT_BATCH_SIZE
 * (each joins the list by its `add_list` column; unchanged and skipped people are never sent),
 * then the removals side by side in the request window. Every write is safe to repeat (an import
 * merges by address, a removal of someone off the list already changes nothing), so the
 * transport's retries and a later run of the workflow never do anything twice.
 */

/** What failed while carrying out the plan (Continue On Fail): a person's error, and a removal's. */
export interface SyncFailures {
	people: Map<SyncPerson, IDataObject>;
	removals: Map<string, IDataObject>;
}

/** How far a stopped run got: in the error's description, with how to finish. */
interface Progress {
	written: number;
	toWrite: number;
	importIds: number[];
	removed: number;
	toRemove: number;
}

function stoppedError(ctx: IExecuteFunctions, error: unknown, itemIndex: number, at: Progress) {
	const failed = withItemIndex(ctx, error, itemIndex);
	if (!(failed instanceof NodeApiError || failed instanceof NodeOperationError)) return failed;
	const ids = at.importIds.length > 0 ? ` (import id ${at.importIds.join(', ')})` : '';
	const done = `Done before it stopped: ${at.written} of ${at.toWrite} people added or updated${ids}, ${at.removed} of ${at.toRemove} removals.`;
	const how =
		'Run the workflow again to finish: the plan is made again from the list as it is then, so nobody is added or removed twice and nobody who opted out is touched.';
	failed.message = `Sync stopped: ${failed.message}`;
	failed.description = [done, how, failed.description].filter(Boolean).join(' ');
	return failed;
}

/**
 * Carries out the plan. Without Continue On Fail the first write that fails for good (after the
 * transport's retries) stops the run with what was done and how to finish; with it, the people of
 * a failed import and each failed removal get their error, and the rest goes on.
 */
export async function applyPlan(
	ctx: IExecuteFunctions,
	list: string,
	plan: SyncPlan,
): Promise<SyncFailures> {
	const failures: SyncFailures = { people: new Map(), removals: new Map() };
	const toWrite: PersonPlan[] = plan.people.filter(
		(p) => p.action === 'added' || p.action === 'updated',
	);
	const people = toWrite.map((p) => p.person);
	const progress: Progress = {
		written: 0,
		toWrite: people.length,
		importIds: [],
		removed: 0,
		toRemove: plan.removals.length,
	};
	const columns = [...new Set(people.flatMap((person) => Object.keys(person.columns)))];
	const layout = importLayout(people, columns, (person, column) => person.columns[column] ?? '');
	for (let first = 0; first < people.length; first += DEFAULT_IMPORT_BATCH_SIZE) {
		const batch = people.slice(first, first + DEFAULT_IMPORT_BATCH_SIZE);
		const itemIndex = batch[0].itemIndex;
		try {
			progress.importIds.push(
				await importMembers(itemClient(ctx, itemIndex), batchCsv(layout, batch)),
			);
			progress.written += batch.length;
		} catch (error) {
			const json = continueOrStop(ctx, error, itemIndex, (e) =>
				stoppedError(ctx, e, itemIndex, progress),
			);
			for (const person of batch) failures.people.set(person, json);
		}
	}
	if (plan.removals.length === 0) return failures;
	const stop = !ctx.continueOnFail();
	const outcomes = await removeAllFromList(itemClient(ctx, 0), list, plan.removals, stop);
	progress.removed = outcomes.filter((o) => 'done' in o).length;
	for (const [at, outcome] of outcomes.entries()) {
		if (!('error' in outcome)) continue;
		const json = continueOrStop(ctx, outcome.error, 0, (e) => stoppedError(ctx, e, 0, progress));
		failures.removals.set(plan.removals[at], json);
	}
	return failures;
}
