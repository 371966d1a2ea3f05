import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import { version as n8nWorkflowVersion } from 'n8n-workflow/package.json';

import { accountListNames, isNoSuchList } from '../api/audienceList';
import { itemClient } from '../api/client';
import { MODEL_LISTS_SHOWN, MODEL_NOTE_ROOM, MODEL_RESULT_MAX_BYTES } from '../settings';

/*
 * The node as an AI Agent's tool (n8n's "Mad Mimi Tool", generated from `usableAsTool`). What
 * reaches the model differs from what reaches a person at the editor: n8n passes the tool's output
 * items to the model as they are, however large, and of a failure only the error's message (the
 * description, where the editor shows what to do, is dropped).
 */

/** Whether this run is the tool variant's: n8n names its type `<node>Tool`. */
export function isToolRun(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().type.endsWith('Tool');
}

/**
 * Whether n8n would end the agent's whole run with this tool call's error instead of handing it
 * to the model. An AI Agent (v3) has n8n run each tool call as a node of its own, its output
 * rewired to `ai_tool`. n8n 2.25 and later hand a failure there to the model as
 * `{ error: message }` unless the node's On Error is "Stop Workflow" (n8n-core's
 * workflow-execute, `aiToolDefaultsToContinue`, first published in n8n-core 2.25.0); n8n 1.x and
 * 2.0 to 2.24 stop the run. n8n-workflow's version follows n8n's (1.120 for n8n 1.123, 2.8 for
 * 2.8.4, 2.41 for 2.41.1), so it tells them apart: from 2.25 on the node throws as it always did.
 */
/** Whether the n8n of this n8n-workflow version stops an agent's run on a tool's error. */
function endsTheRunOnToolError(version: string): boolean {
	const [major, minor] = version.split('.').map(Number);
	return major < 2 || (major === 2 && minor < 25);
}

export function toolErrorEndsTheRun(ctx: IExecuteFunctions): boolean {
	const node = ctx.getNode();
	return (
		endsTheRunOnToolError(n8nWorkflowVersion) &&
		node.rewireOutputLogTo === NodeConnectionTypes.AiTool &&
		node.onError !== 'stopWorkflow'
	);
}

/**
 * The items a tool returns, cut at MODEL_RESULT_MAX_BYTES: as many whole items as fit, then one
 * that says how many were left out and how to ask for fewer. Never cut silently.
 */
export function sizedForModel(items: INodeExecutionData[]): INodeExecutionData[] {
	// one pass, each item written once and none past the bound: the result as JSON is
	// 2 + Σ length + (n − 1) characters; the kept items leave room for the note
	let whole = 1;
	let withNote = 2 + MODEL_NOTE_ROOM;
	let fitting = 0;
	for (const item of items) {
		const length = JSON.stringify(item.json).length + 1;
		whole += length;
		withNote += length;
		if (withNote <= MODEL_RESULT_MAX_BYTES) fitting++;
		if (whole > MODEL_RESULT_MAX_BYTES) break;
	}
	if (whole <= MODEL_RESULT_MAX_BYTES) return items;
	const kept = items.slice(0, fitting);
	const note = `${items.length - kept.length} more of ${items.length} records are not shown: the result was cut at ${MODEL_RESULT_MAX_BYTES.toLocaleString('en-US')} bytes. Ask for fewer (a lower limit, a search, a shorter date range).`;
	return [
		...kept,
		{ json: { note }, pairedItem: kept[kept.length - 1]?.pairedItem ?? { item: 0 } },
	];
}

/**
 * An error as a model can act on it: its message says what to do (n8n passes the model the message
 * only), and a list the account lacks comes with the lists it has. The editor's errors keep their
 * message and description as they are.
 */
export async function errorForModel(ctx: IExecuteFunctions, error: unknown): Promise<Error> {
	if (!(error instanceof NodeApiError || error instanceof NodeOperationError))
		return error instanceof Error ? error : new Error(String(error));
	let more = '';
	if (isNoSuchList(error.message)) {
		const names = await accountListNames(itemClient(ctx, 0)).catch(() => undefined);
		if (names) {
			const shown = names
				.slice(0, MODEL_LISTS_SHOWN)
				.map((name) => `"${name}"`)
				.join(', ');
			more =
				names.length === 0
					? ' The account has no lists.'
					: ` The account's lists are: ${shown}${names.length > MODEL_LISTS_SHOWN ? `, and ${names.length - MODEL_LISTS_SHOWN} more` : ''}.`;
		}
	}
	const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
	error.message = [
		sentence(error.message),
		error.description ? sentence(error.description) : '',
		more.trim(),
	]
		.filter((part) => part !== '')
		.join(' ');
	return error;
}
