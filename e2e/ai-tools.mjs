/**
 * What the AI suite (e2e/ai.e2e.mjs) builds its workflows from: the Mad Mimi Tool nodes (their
 * parameters filled by the model through `$fromAI()`), a scripted model (e2e/model-server.mjs)
 * behind an OpenAI credential, and a workflow published for the time of a check.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { PACKAGE_NAME } from '../scripts/lib/constants.mjs';
import { CREDENTIALS, storedRun, waitUntil, workflowExecutions } from './fixture.mjs';
import { startModelServer } from './model-server.mjs';

/** The node type n8n generates from the Mad Mimi node for AI tools (n8n/dist/tool-generation/ai-tools.js). */
const TOOL_TYPE = `${PACKAGE_NAME}.madMimiTool`;

/** A Mad Mimi Tool node; `$fromAI()` in its parameters makes the tool's input schema. */
const madMimiTool = (name, position, parameters) => ({
	id: randomUUID(),
	name,
	type: TOOL_TYPE,
	typeVersion: 1,
	position,
	parameters,
	credentials: CREDENTIALS,
});

/** The four tools, by node name: the name the model sees is n8n's tool name for it (spaces → `_`). */
export const TOOLS = {
	'Add subscriber': (position) =>
		madMimiTool('Add subscriber', position, {
			resource: 'audienceMember',
			operation: 'upsert',
			email: "={{ $fromAI('email', 'The email address of the person', 'string') }}",
			list: {
				__rl: true,
				mode: 'name',
				value: "={{ $fromAI('list', 'The exact name of the audience list', 'string') }}",
			},
		}),
	'List members': (position) =>
		madMimiTool('List members', position, { resource: 'audienceMember', operation: 'getAll' }),
	'Send email': (position) =>
		madMimiTool('Send email', position, {
			resource: 'email',
			operation: 'send',
			promotionName: { __rl: true, mode: 'name', value: 'Weekly digest' },
			recipient: "={{ $fromAI('recipient', 'An email address', 'string') }}",
		}),
	'Mailing stats': (position) =>
		madMimiTool('Mailing stats', position, {
			resource: 'mailing',
			operation: 'getStats',
			promotionId: {
				__rl: true,
				mode: 'id',
				value: "={{ $fromAI('promotionId', 'The ID of the promotion', 'number') }}",
			},
			mailingId: {
				__rl: true,
				mode: 'id',
				value: "={{ $fromAI('mailingId', 'The ID of the mailing', 'number') }}",
			},
		}),
};

/** The tool nodes, connected to `target` as its tools. */
export function toolNodes(names, target) {
	const nodes = names.map((name, k) => TOOLS[name]([200 + 160 * k, 240]));
	const connections = Object.fromEntries(
		names.map((name) => [name, { ai_tool: [[{ node: target, type: 'ai_tool', index: 0 }]] }]),
	);
	return { nodes, connections };
}

/** n8n's tool name for a node (n8n-workflow's nodeNameToToolName). */
export const toolName = (nodeName) => nodeName.replace(/[^a-zA-Z0-9_-]+/g, '_');

export const byteLength = (text) => Buffer.byteLength(text, 'utf8');

/**
 * Runs `use(credential)` with a scripted model (e2e/model-server.mjs) and an OpenAI credential
 * (`{ id, name }`) whose Base URL is the model's; returns the bodies of the requests the model
 * got, in order. They are written to the suite's logs too (`model-requests-<label>.json`).
 */
export async function withScriptedModel(ctx, label, script, use) {
	const model = await startModelServer({ script });
	try {
		const data = { apiKey: 'sk-scripted', url: model.baseUrl };
		const credential = (
			await ctx.rest.request('POST', '/rest/credentials', {
				name: `Scripted model (${label})`,
				type: 'openAiApi',
				data,
			})
		).json.data;
		await use({ id: credential.id, name: credential.name });
		return model.requests.map((r) => r.body);
	} finally {
		await model.close();
		fs.writeFileSync(
			path.join(ctx.logs, `model-requests-${label}.json`),
			JSON.stringify(model.requests, null, 2),
		);
	}
}

/** The first run of a published workflow, once it ended, as stored: `{ status, runData }`. */
export async function firstRun(ctx, workflowId) {
	const execution = await waitUntil(
		async () => (await workflowExecutions(ctx, workflowId))[0],
		60000,
		'the run to be listed',
	);
	return await storedRun(ctx, execution.id);
}
