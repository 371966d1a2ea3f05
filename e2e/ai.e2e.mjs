/**
 * End-to-end, `n8n start` with the packed package: the Mad Mimi node used by AI, as n8n offers it
 * (the node is `usableAsTool`, so n8n adds a "Mad Mimi Tool" node type). The model is a scripted
 * OpenAI-compatible server (e2e/model-server.mjs): it calls the tools the test wants, then
 * answers, and the test reads back what n8n sent it (each tool's name, description, input schema
 * and result, their sizes printed; also in .tmp/e2e/n8n-<version>/ai/model-requests-*.json).
 *
 * On n8n 2.41.1 every check below; on the maintained 1.x line (1.123.81, whose AI Agent is
 * version 3) the Agent's, with and without streaming (the example's Agent is 3.1, a 2.x version;
 * MCP stays 2.x's). Only for those targets among E2E_N8N_VERSIONS. The tool nodes and the
 * scripted model: e2e/ai-tools.mjs; the MCP check: e2e/ai-mcp.mjs.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';

import { mcpClientUsesTheTools } from './ai-mcp.mjs';
import {
	TOOLS,
	byteLength,
	firstRun,
	toolName,
	toolNodes,
	withScriptedModel,
} from './ai-tools.mjs';
import {
	MIN,
	VERSIONS,
	note,
	postWebhook,
	published,
	n8nForSuite,
	processesEndWithTheFile,
} from './fixture.mjs';
import { answer, callTool, offeredTools, toolResults } from './model-server.mjs';

/** The releases the AI checks run on; `all`: the example and MCP too. */
const TARGETS = { '2.41.1': { all: true }, '1.123.81': { all: false } };
const RUN_ON = Object.keys(TARGETS).filter((version) => VERSIONS.includes(version));
const SKIP =
	RUN_ON.length > 0
		? false
		: `the AI checks run on n8n ${Object.keys(TARGETS).join(' and ')} only (E2E_N8N_VERSIONS=${VERSIONS.join(',')})`;
/** The AI Agent's version: n8n 1.x has version 3 only. */
const agentVersion = (version) => (version.startsWith('1.') ? 3 : 3.1);
/** The largest tool result the model may be sent: a tool's answer goes whole into the model's context. */
const MAX_RESULT_BYTES = 20000;
/** List members' default Limit (Return All off). */
const LIST_MEMBERS_LIMIT = 50;

if (!SKIP) processesEndWithTheFile('e2e ai');

// skipped as one test (e2e/run.mjs counts tests, not suites)
if (SKIP) it('the Mad Mimi node as an AI tool', { skip: SKIP }, () => {});
for (const version of RUN_ON)
	describe(`n8n ${version}, the Mad Mimi node as an AI tool`, { concurrency: false }, () => {
		const ctx = n8nForSuite(version, 'ai', { start: true });
		const allOf = TARGETS[version].all;

		it(
			'an AI Agent calls four Mad Mimi tools (add a member, list members, send an email, mailing stats), one completion per model turn: each does its work and its result reaches the model',
			{ timeout: 4 * MIN },
			() => agentUsesTheTools(ctx, { streaming: false }),
		);
		it(
			'the same with the answer streamed (a Webhook set to Streaming, as chats stream it)',
			{ timeout: 4 * MIN },
			() => agentUsesTheTools(ctx, { streaming: true }),
		);
		it(
			"a tool call that fails (a list the account lacks) reaches the model with the account's lists, and the model's second call adds the member: the run succeeds",
			{ timeout: 4 * MIN },
			() => toolErrorReachesTheModel(ctx),
		);
		if (!allOf) return;
		it(
			'the newsletter-assistant example, a model connected as its note says, adds a person and reports on the last mailing',
			{ timeout: 4 * MIN },
			() => exampleAssistant(ctx),
		);
		it(
			'an MCP client (the official SDK, Streamable HTTP) lists the tools of a published MCP Server Trigger and adds a member through one',
			{ timeout: 3 * MIN },
			() => mcpClientUsesTheTools(ctx, 'streamableHttp', 'mcp@example.com'),
		);
		it('the same over SSE', { timeout: 3 * MIN }, () =>
			mcpClientUsesTheTools(ctx, 'sse', 'mcp.sse@example.com'),
		);
	});

// ---------------------------------------------------------------------------------------------
// an AI Agent

const ADA = 'ada@example.com';

/** What the scripted model does: each tool once, as a user asking for all four would have it do, then an answer. */
const SCRIPT = [
	callTool((t) => t.name === toolName('Add subscriber'), { email: ADA, list: 'Newsletter' }),
	callTool((t) => t.name === toolName('List members'), {}),
	callTool((t) => t.name === toolName('Send email'), { recipient: ADA }),
	// Weekly digest and its mailing with recorded statistics (emulator/demoSeed.ts, DEMO_IDS)
	callTool((t) => t.name === toolName('Mailing stats'), { promotionId: 3, mailingId: 34 }),
	answer('Done.'),
];

/**
 * Webhook → AI Agent (of the n8n `version`), with the OpenAI Chat Model (the `credential`, Chat
 * Completions) and the tools named (the four by default). The webhook answers with the agent's
 * output, streamed or once the run ends.
 */
function agentWorkflow({
	name,
	webhookPath,
	streaming,
	credential,
	version,
	toolNames = Object.keys(TOOLS),
}) {
	const tools = toolNodes(toolNames, 'AI Agent');
	return {
		name,
		nodes: [
			{
				id: randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2.1,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: {
					httpMethod: 'POST',
					path: webhookPath,
					responseMode: streaming ? 'streaming' : 'lastNode',
					options: {},
				},
			},
			{
				id: randomUUID(),
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: agentVersion(version),
				position: [240, 0],
				parameters: { promptType: 'define', text: '={{ $json.body.message }}', options: {} },
			},
			{
				id: randomUUID(),
				name: 'OpenAI Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.3,
				position: [40, 240],
				// Chat Completions, which every OpenAI-compatible server has (1.3's default is the Responses API)
				parameters: {
					model: { __rl: true, mode: 'id', value: 'scripted-model' },
					responsesApiEnabled: false,
					options: {},
				},
				credentials: { openAiApi: credential },
			},
			...tools.nodes,
		],
		connections: {
			Webhook: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': {
				ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
			},
			...tools.connections,
		},
		settings: { executionOrder: 'v1' },
	};
}

/** The agent's answer in the webhook's response: the output of the last node, or the streamed chunks' text. */
async function agentAnswer(response, streaming) {
	const text = await response.text();
	assert.equal(response.status, 200, text);
	if (!streaming) return JSON.parse(text).output;
	return text
		.split('\n')
		.filter((line) => line.trim())
		.map((line) => JSON.parse(line))
		.filter((chunk) => chunk.type === 'item')
		.map((chunk) => chunk.content)
		.join('');
}

/**
 * The agent workflow (`agentWorkflow`) with a scripted model, published, its webhook called once
 * with `message`: `{ requests, answer, run }` (what the model got, the agent's answer, the run).
 */
async function runAgent(ctx, label, script, { name, message, streaming = false, toolNames }) {
	let answer;
	let run;
	const requests = await withScriptedModel(ctx, label, script, async (credential) => {
		const webhookPath = `ai-${randomUUID().slice(0, 8)}`;
		const workflow = agentWorkflow({
			name,
			webhookPath,
			streaming,
			credential,
			version: ctx.version,
			toolNames,
		});
		await published(ctx, workflow, async (created) => {
			answer = await agentAnswer(await postWebhook(ctx, webhookPath, { message }), streaming);
			run = await firstRun(ctx, created.id);
		});
	});
	return { requests, answer, run };
}

/**
 * Members enough for List members to give a full default page (Limit 50; the demo account has
 * 12), each with the fields a real list has: the result the model gets is as large as a default
 * List members result can be.
 */
async function fillTheAccount(ctx) {
	const rows = Array.from(
		{ length: LIST_MEMBERS_LIMIT },
		(_, k) => `reader${k + 1}@example.com,Reader,Number ${k + 1},Example Books,Lyon,Newsletter`,
	);
	await ctx.emu.api('POST', '/audience_members', {
		csv_file: `email,first name,last name,company,city,add_list\n${rows.join('\n')}\n`,
	});
}

async function agentUsesTheTools(ctx, { streaming }) {
	await ctx.emu.reset();
	await fillTheAccount(ctx);
	const how = streaming ? 'streamed' : 'completions';
	const { requests, answer, run } = await runAgent(ctx, how, SCRIPT, {
		name: `E2E AI: four Mad Mimi tools (${how})`,
		message: `Add ${ADA} to Newsletter, list the members, send her the Weekly digest email and tell me how its last mailing did.`,
		streaming,
	});
	assert.equal(answer, 'Done.', "the agent's answer is the model's");
	assert.equal(run.status, 'success', `the run ended ${run.status}`);
	for (const name of Object.keys(TOOLS))
		assert.equal(run.runData[name]?.length, 1, `the tool node ${name} ran once`);
	assert.equal(requests.length, SCRIPT.length, 'the model was asked once per turn of the script');
	assert.deepEqual(
		requests.map((body) => body.stream === true),
		requests.map(() => streaming),
		streaming ? 'every turn streamed' : 'no turn streamed',
	);
	await madMimiDidTheWork(ctx);
	const tools = offeredTools(requests[0]);
	assert.deepEqual(
		tools.map((t) => t.name).sort(),
		Object.keys(TOOLS).map(toolName).sort(),
		'the model was offered the four tools',
	);
	for (const body of requests)
		assert.deepEqual(offeredTools(body), tools, 'every turn offers the same tools');
	const toolNamed = (name) => tools.find((t) => t.name === name);
	// what each tool does, needs and returns, in the node's words for a model (not the editor's
	// short action text, "Get many members in Mad Mimi")
	for (const t of tools)
		assert.match(
			t.description ?? '',
			/^[A-Z][^.]{30,}[\s\S]* in Mad Mimi$/,
			`${t.name}'s description: ${t.description}`,
		);
	assert.match(
		toolNamed('List_members').description,
		/Opted-out members are left out unless asked for/,
		'the default filter is said',
	);
	assert.match(toolNamed('Add_subscriber').description, /the list's exact name/);
	assert.match(toolNamed('Send_email').description, /Returns the transaction ID/);
	assert.deepEqual(Object.keys(toolNamed('Add_subscriber').parameters.properties).sort(), [
		'email',
		'list',
	]);
	assert.deepEqual(Object.keys(toolNamed('Mailing_stats').parameters.properties).sort(), [
		'mailingId',
		'promotionId',
	]);
	assert.equal(toolNamed('Send_email').parameters.properties.recipient?.type, 'string');

	const results = toolResults(requests.at(-1));
	assert.deepEqual(
		results.map((r) => r.name),
		Object.keys(TOOLS).map(toolName),
		'each tool result reached the model, in the order of the calls',
	);
	for (const r of results)
		assert.doesNotMatch(
			r.content,
			/"error"/,
			`${r.name} gave no error: ${r.content.slice(0, 300)}`,
		);
	const resultOf = Object.fromEntries(results.map((r) => [r.name, r.content]));
	assert.match(resultOf.Add_subscriber, /ada@example\.com/);
	// the members, and whatever else the node adds for the model (a note on what was left out)
	const members = JSON.parse(resultOf.List_members).filter((item) => item.email);
	assert.equal(members.length, LIST_MEMBERS_LIMIT, 'List members gives its default page');
	assert.ok(
		members.some((m) => m.email === ADA),
		'List members sees the member Add subscriber added',
	);
	assert.match(
		resultOf.Send_email,
		new RegExp(`"transactionId":"${(await ctx.emu.state()).transactions[0].id}"`),
	);
	assert.match(resultOf.Mailing_stats, /"mailingId":34/);

	for (const name of Object.keys(TOOLS).map(toolName)) {
		const { description, parameters } = toolNamed(name);
		note(
			`${name} (${how}): description ${byteLength(description)} B ("${description}"), schema ${byteLength(JSON.stringify(parameters))} B, result ${byteLength(resultOf[name])} B`,
		);
	}
	for (const r of results)
		assert.ok(
			byteLength(r.content) < MAX_RESULT_BYTES,
			`${r.name}'s result sent to the model is ${byteLength(r.content)} bytes (at most ${MAX_RESULT_BYTES})`,
		);
}

/** What the four tool calls did in Mad Mimi: ada on Newsletter, and one email to her. */
async function madMimiDidTheWork(ctx) {
	const state = await ctx.emu.state();
	assert.ok(
		state.members.some((m) => m.email === ADA),
		`${ADA} is a member`,
	);
	assert.ok(
		state.lists.find((l) => l.name === 'Newsletter').members.includes(ADA),
		`${ADA} is on Newsletter`,
	);
	assert.deepEqual(
		state.transactions.map((t) => t.recipient.email),
		[ADA],
		'one transactional email, to ada',
	);
}

// ---------------------------------------------------------------------------------------------
// a tool call that fails

const LIN = 'lin@example.com';

/** The model names a list in the wrong case, reads the error, and calls again with the right name. */
const WRONG_LIST_SCRIPT = [
	callTool((t) => t.name === toolName('Add subscriber'), { email: LIN, list: 'newsletter' }),
	callTool((t) => t.name === toolName('Add subscriber'), { email: LIN, list: 'Newsletter' }),
	answer('Lin is on Newsletter.'),
];

/**
 * n8n 2.25 and later hand a failing tool call's error to the model; n8n 1.x ends the run with it
 * unless the node gives the error as its output (nodes/MadMimi/actions/tool.ts).
 */
async function toolErrorReachesTheModel(ctx) {
	await ctx.emu.reset();
	const { requests, answer, run } = await runAgent(ctx, 'wrong-list', WRONG_LIST_SCRIPT, {
		name: 'E2E AI: a list the account lacks',
		message: `Add ${LIN} to newsletter.`,
		toolNames: ['Add subscriber'],
	});
	assert.equal(answer, 'Lin is on Newsletter.');
	assert.equal(run.status, 'success', `the run ended ${run.status}`);
	assert.equal(run.runData['Add subscriber']?.length, 2, 'the tool node ran twice');
	assert.equal(requests.length, WRONG_LIST_SCRIPT.length, 'the model was asked once per turn');
	const [failed, added] = toolResults(requests.at(-1));
	assert.equal(failed.name, 'Add_subscriber');
	// n8n-core 2.41 gives the model `[{ error }]` for a failed call; the node gives the same on 1.x
	const [{ error, ...rest }] = JSON.parse(failed.content);
	assert.deepEqual(rest, {}, `the failed call's result: ${failed.content}`);
	// the message reaches the model whole, to its end: the account's lists
	assert.match(error, /^Mad Mimi has no list named "newsletter"\. /);
	assert.match(error, /lists are: "Beta testers \(EU\)", "Newsletter", "VIP Customers"\.$/);
	note(`the failed call's result, as the model got it (n8n ${ctx.version}): ${failed.content}`);
	assert.match(added.content, /lin@example\.com/);
	const state = await ctx.emu.state();
	assert.ok(
		state.lists.find((l) => l.name === 'Newsletter').members.includes(LIN),
		`${LIN} is on Newsletter`,
	);
}

// ---------------------------------------------------------------------------------------------
// the newsletter-assistant example

const EXAMPLE = 'ai-newsletter-assistant';
const GRACE = 'grace@example.com';
const EXAMPLE_ANSWER = 'Grace is on Newsletter. The last mailing went out to 9 people.';

/**
 * The model's part in the example's chat: add Grace, read the recent mailings, then ask for the
 * statistics of the one that started sending last, as that tool's description tells it to.
 */
const EXAMPLE_SCRIPT = [
	callTool((t) => t.name === toolName('Add or update a member'), {
		email: GRACE,
		list: 'Newsletter',
		firstName: 'Grace',
	}),
	callTool((t) => t.name === toolName('Get recent mailings'), {}),
	(body) => {
		const recent = JSON.parse(
			toolResults(body).find((r) => r.name === toolName('Get recent mailings')).content,
		);
		const last = recent
			.filter((m) => m.startedSend)
			.sort((a, b) => Date.parse(b.startedSend) - Date.parse(a.startedSend))[0];
		return callTool((t) => t.name === toolName('Get mailing statistics'), {
			promotionId: last.promotionId,
			mailingId: last.id,
		})(body);
	},
	answer(EXAMPLE_ANSWER),
];

/**
 * The example as imported, its OpenAI Chat Model given a credential (what its note asks of the
 * user) and its chat made public, so that the test posts to it as the hosted chat does (the
 * editor's Open chat runs the same nodes, in test mode), published and chatted with once.
 */
async function exampleAssistant(ctx) {
	await ctx.emu.reset();
	const requests = await withScriptedModel(ctx, 'example', EXAMPLE_SCRIPT, async (credential) => {
		const { name, nodes, connections, settings } = ctx.examples[EXAMPLE];
		const webhookId = randomUUID();
		const ready = nodes.map((node) => {
			if (node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi')
				return { ...node, credentials: { openAiApi: credential } };
			if (node.type === '@n8n/n8n-nodes-langchain.chatTrigger')
				return { ...node, webhookId, parameters: { ...node.parameters, public: true } };
			return node;
		});
		await published(
			ctx,
			{ name: `${name} (E2E)`, nodes: ready, connections, settings },
			async (created) => {
				const response = await postWebhook(ctx, `${webhookId}/chat`, {
					action: 'sendMessage',
					sessionId: randomUUID(),
					chatInput: `Add Grace, ${GRACE}, to Newsletter, and tell me how the last mailing did.`,
				});
				assert.equal(await agentAnswer(response, false), EXAMPLE_ANSWER);
				assert.equal((await firstRun(ctx, created.id)).status, 'success');
			},
		);
	});

	assert.equal(
		requests.length,
		EXAMPLE_SCRIPT.length,
		'the model was asked once per turn of the script',
	);
	const tools = offeredTools(requests[0]);
	const toolOf = (nodeName) => tools.find((t) => t.name === toolName(nodeName));
	assert.deepEqual(Object.keys(toolOf('Add or update a member').parameters.properties).sort(), [
		'email',
		'firstName',
		'list',
	]);
	assert.match(
		toolOf('Get recent mailings').description,
		/^Get the 5 most recent mailings/,
		'the description the example sets',
	);
	assert.deepEqual(Object.keys(toolOf('Get mailing statistics').parameters.properties).sort(), [
		'mailingId',
		'promotionId',
	]);
	const state = await ctx.emu.state();
	assert.equal(state.members.find((m) => m.email === GRACE)?.fields.first_name, 'Grace');
	assert.ok(
		state.lists.find((l) => l.name === 'Newsletter').members.includes(GRACE),
		`${GRACE} is on Newsletter`,
	);
	const [stats] = JSON.parse(
		toolResults(requests.at(-1)).find((r) => r.name === toolName('Get mailing statistics')).content,
	);
	// the demo account's last mailing: Price change notice's second, sent a day ago (emulator/demoSeed.ts)
	assert.deepEqual([stats.promotionId, stats.mailingId, stats.sent], [20, 39, 9]);
}
