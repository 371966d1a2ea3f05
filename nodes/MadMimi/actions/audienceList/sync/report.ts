import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { ordinal } from '../../../helpers/validation';
import type { SyncFailures } from './apply';
import type { SyncInput } from './people';
import type { PersonPlan, SyncPlan } from './plan';

/*
 * Sync's output: one item per input item, paired to it, then one per person taken off the list,
 * paired to the first item (they come from no input item; n8n wants every item paired). And the
 * summary in the node's execution hint.
 */

/** The output of one person: `{ email, action, reason?, changed? }`, and `error` when their write failed. */
function personJson(planned: PersonPlan, failure: IDataObject | undefined): IDataObject {
	const { person, action, reason, changed } = planned;
	const json: IDataObject = { email: person.email, action };
	if (reason !== undefined) json.reason = reason;
	if (changed !== undefined) json.changed = changed as unknown as IDataObject;
	return failure ? { ...json, done: false, ...failure } : json;
}

/**
 * The output items. In a dry run each says `dryRun: true`: the actions are what a run with Dry Run
 * off would do. An earlier item of an address given twice says which item's fields were used.
 */
export function syncItems(
	input: SyncInput,
	plan: SyncPlan,
	failures: SyncFailures | undefined,
	dryRun: boolean,
): INodeExecutionData[] {
	const byItem = new Map<number, IDataObject>(input.failed);
	for (const planned of plan.people) {
		const { person } = planned;
		byItem.set(person.itemIndex, personJson(planned, failures?.people.get(person)));
		for (const earlier of person.items.slice(0, -1))
			byItem.set(earlier, {
				email: person.email,
				action: 'skipped',
				reason: `duplicate: the ${ordinal(person.itemIndex + 1)} item has the same address, and its fields are used (the later item wins)`,
			});
	}
	const mark = (json: IDataObject) => (dryRun ? { ...json, dryRun: true } : json);
	const out: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < input.itemCount; itemIndex++) {
		const json = byItem.get(itemIndex) ?? { action: 'skipped', reason: 'no result' };
		out.push({ json: mark(json), pairedItem: { item: itemIndex } });
	}
	for (const email of plan.removals) {
		const failure = failures?.removals.get(email);
		const json: IDataObject = { email, action: 'removed' };
		out.push({
			json: mark(failure ? { ...json, done: false, ...failure } : json),
			pairedItem: { item: 0 },
		});
	}
	return out;
}

/** "12 to add, 3 to update, 2 to remove, 40 unchanged, 1 skipped (opted out)", or done: "12 added, …". */
function summary(plan: SyncPlan, dryRun: boolean): string {
	const count = (action: string) => plan.people.filter((p) => p.action === action).length;
	const optedOut = plan.people.filter((p) => p.reason === 'opted out').length;
	const duplicates = plan.people.reduce((sum, p) => sum + p.person.items.length - 1, 0);
	const words = dryRun ? ['to add', 'to update', 'to remove'] : ['added', 'updated', 'removed'];
	const parts = [
		`${count('added')} ${words[0]}`,
		`${count('updated')} ${words[1]}`,
		`${plan.removals.length} ${words[2]}`,
		`${count('unchanged')} unchanged`,
		`${optedOut} skipped (opted out)`,
	];
	if (duplicates > 0) parts.push(`${duplicates} duplicate item${duplicates > 1 ? 's' : ''}`);
	return parts.join(', ');
}

/** The node's notice: the summary; in a dry run, that nothing changed and how to apply the plan. */
export function hintSummary(
	ctx: IExecuteFunctions,
	plan: SyncPlan,
	dryRun: boolean,
	refusal: string | undefined,
	toolRun: boolean,
): void {
	const plain = summary(plan, dryRun);
	let message = `Synced: ${plain}.`;
	if (dryRun) {
		const apply = toolRun
			? 'As an AI tool, Sync only plans: the workflow\'s author applies it by turning "Dry Run" off in the node.'
			: 'To apply it, turn "Dry Run" off and run the node again.';
		message = `Dry run, nothing was changed in Mad Mimi. Plan: ${plain}. ${apply}`;
		if (refusal) message += ` With Dry Run off this plan would be refused: ${refusal}.`;
	}
	ctx.addExecutionHints({
		message,
		type: dryRun ? 'warning' : 'info',
		location: 'outputPane',
	});
}
