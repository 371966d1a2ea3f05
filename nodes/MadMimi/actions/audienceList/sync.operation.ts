import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { listAndOptOuts } from '../../api/audienceListSync';
import { emailField } from '../../descriptions/common';
import { optionsCollection, parallelPagesOption } from '../../descriptions/options';
import { listLocator } from '../../locators/list';
import { DEFAULT_MAX_REMOVAL_PERCENT } from '../../settings';
import { itemClient } from '../../api/client';
import { memberFieldsCollection } from '../memberFields';
import { isToolRun } from '../tool';
import { applyPlan } from './sync/apply';
import { readSyncInput } from './sync/people';
import type { SyncMode } from './sync/plan';
import { planSync, removalRefusal } from './sync/plan';
import { hintSummary, syncItems } from './sync/report';
import { listName, optionOf } from '../parameters';

const properties: INodeProperties[] = [
	listLocator({ description: 'The list that is to hold exactly the people of the input items' }),
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		options: [
			{
				name: 'Add and Update',
				value: 'addAndUpdate',
				description:
					'Add the people missing from the list and update those whose fields differ; nobody leaves the list',
			},
			{
				name: 'Mirror',
				value: 'mirror',
				description:
					'Add and update, and also take off the list everyone not in the input (they stay in the audience, not opted out)',
			},
		],
		default: 'mirror',
	},
	{
		displayName: 'Dry Run',
		name: 'dryRun',
		type: 'boolean',
		default: true,
		description:
			'Whether to only show what the sync would change, changing nothing. Turn it off to apply the plan.',
		hint: 'Run once with Dry Run on and check the plan in the output; then turn it off to apply it',
	},
	emailField({
		description: "The person's email address: one input item per person the list should hold",
		placeholder: 'e.g. {{ $json.email }}',
	}),
	memberFieldsCollection('Additional Fields', 'additionalFields', 'describing'),
	optionsCollection('allItems', [
		{
			displayName: 'Max Removals (%)',
			name: 'maxRemovalPercent',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 100, numberPrecision: 1 },
			default: DEFAULT_MAX_REMOVAL_PERCENT,
			description:
				"The largest share of the list's members one run may take off it; a plan that takes off more changes nothing and fails. Taking everyone off needs 100.",
		},
		parallelPagesOption,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceList'], operation: ['sync'] } },
	properties,
);

/**
 * Whether the run only plans. A tool's run applies its plan only when the workflow's author set
 * Dry Run off in the node itself: any expression there (a `$fromAI`, or `$json`, which holds the
 * model's arguments in a tool's run) counts as on, so a model can never turn it off.
 */
function isDryRun(ctx: IExecuteFunctions): boolean {
	if (isToolRun(ctx)) return ctx.getNode().parameters.dryRun !== false;
	return ctx.getNodeParameter('dryRun', 0, true) !== false;
}

function maxRemovalPercent(ctx: IExecuteFunctions): number {
	const given = (ctx.getNodeParameter('options', 0, {}) as { maxRemovalPercent?: unknown })
		.maxRemovalPercent;
	const percent =
		typeof given === 'number' && Number.isFinite(given) ? given : DEFAULT_MAX_REMOVAL_PERCENT;
	return Math.min(100, Math.max(0, percent));
}

/**
 * Audience List → Sync: makes a list hold exactly the people of the run's input items. The input
 * is read first (a bad item stops the run before any request, without Continue On Fail), then the
 * list's members and the audience's opt-outs, side by side; the plan is made from them, and
 * carried out unless it is a dry run or Max Removals refuses it. The list, the mode and the
 * options are the run's, read from the first item.
 */
export async function executeAll(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const list = listName(this, 0);
	const mode = optionOf<SyncMode>(this, 0, properties, 'mode');
	const dryRun = isDryRun(this);
	const input = readSyncInput(this, items.length, list);
	const state = await listAndOptOuts(itemClient(this, 0), list);
	const plan = planSync(input.people, state, mode, input.kept);
	const refusal = removalRefusal(plan, maxRemovalPercent(this), list);
	if (refusal && !dryRun)
		throw new NodeOperationError(this.getNode(), refusal.message, {
			description: refusal.description,
			itemIndex: 0,
		});
	const failures = dryRun ? undefined : await applyPlan(this, list, plan);
	hintSummary(this, plan, dryRun, refusal?.message.replace(/^Sync refused: /, ''), isToolRun(this));
	return syncItems(input, plan, failures, dryRun);
}
