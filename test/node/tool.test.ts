import type { INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import workflowPackage from 'n8n-workflow/package.json';

import { DEMO_IDS } from '../../emulator';
import { RESOURCES, TOOL_ACTIONS } from '../../nodes/MadMimi/actions/resources';
import { MODEL_RESULT_MAX_BYTES } from '../../nodes/MadMimi/settings';
import { MadMimi } from '../../nodes/MadMimi/MadMimi.node';
import { ACTION_TYPE, madMimiNode, nodeTypes, runNode, TOOL_TYPE } from '../harness';
import type { NodeSpec } from '../harness';
import { itemsOf, nodeParams, useEmulator } from './setup';

/*
 * The node as an AI Agent's tool (n8n's "Mad Mimi Tool"): what the model is told, the size of what
 * it gets back, and errors it can act on. Run as n8n runs the tool type it generates (harness).
 */

const env = useEmulator();

const bytes = (items: INodeExecutionData[]) => JSON.stringify(items.map((i) => i.json)).length;

function addMembers(count: number): void {
	const start = Date.now() - 30 * 86_400_000;
	for (let k = 0; k < count; k++) {
		env.emulator.store.addMember(`member${k}@example.com`, {
			createdAt: start + k * 1000,
			firstName: `First${k}`,
			lastName: `Last${k}`,
			lists: [DEMO_IDS.listNames.newsletter],
		});
	}
}

describe('what the model is told', () => {
	test('every operation has a tool action of its own: what it does, what it needs, what it returns', () => {
		const operations = RESOURCES.flatMap((r) =>
			r.operations.map((op) => `${r.value}:${op.value}`),
		).sort();
		expect(Object.keys(TOOL_ACTIONS).sort()).toEqual(operations);
		for (const text of Object.values(TOOL_ACTIONS)) expect(text.length).toBeGreaterThan(40);
	});

	/** The node's parameters as n8n fills them in the tool it runs (Workflow's constructor), and the description n8n gives the model (createNodeAsTool). */
	function asRunByN8n(type: string, parameters: INodeParameters) {
		const nodeType = nodeTypes.getByNameAndVersion(type) as INodeType;
		const node = madMimiNode({ type, parameters });
		node.parameters = NodeHelpers.getNodeParameters(
			nodeType.description.properties,
			node.parameters,
			true,
			false,
			node,
			nodeType.description,
		)!;
		return {
			parameters: node.parameters,
			description: NodeHelpers.getToolDescriptionForNode(node, nodeType),
		};
	}

	test('the model is told what the tool does, needs and returns; the editor keeps its short action texts', () => {
		const tool = asRunByN8n(TOOL_TYPE, { resource: 'audienceMember', operation: 'getAll' });
		expect(tool.description).toBe(`${TOOL_ACTIONS['audienceMember:getAll']} in Mad Mimi`);
		expect(asRunByN8n(TOOL_TYPE, { resource: 'email', operation: 'send' }).description).toBe(
			`${TOOL_ACTIONS['email:send']} in Mad Mimi`,
		);
		const own = asRunByN8n(
			TOOL_TYPE,
			nodeParams('email', 'send', {
				descriptionType: 'manual',
				toolDescription: 'Sends the welcome email',
			}),
		);
		expect(own.description).toBe('Sends the welcome email');
		const editor = new MadMimi().description.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes('audienceMember'),
		)!;
		expect(
			(editor.options as Array<{ value: string; action: string }>).find(
				(o) => o.value === 'getAll',
			)!.action,
		).toBe('Get many members');
	});

	test("Simplify is on by default in the tool, off in the editor's node", () => {
		expect(
			asRunByN8n(TOOL_TYPE, { resource: 'audienceMember', operation: 'getAll' }).parameters
				.simplify,
		).toBe(true);
		expect(
			asRunByN8n(ACTION_TYPE, { resource: 'audienceMember', operation: 'getAll' }).parameters
				.simplify,
		).toBe(false);
		expect(
			asRunByN8n(ACTION_TYPE, { resource: 'audienceMember', operation: 'getAll' }).parameters,
		).not.toHaveProperty('toolDescription');
	});
});

describe('results sized for a model', () => {
	test("Get Many members with the tool's defaults, on an audience of 5,000: 50 simplified members and a note of how many there are, under 20 kB", async () => {
		addMembers(5000);
		env.emulator.store.optOut('member1@example.com', Date.now());
		const items = await itemsOf({
			type: TOOL_TYPE,
			parameters: { resource: 'audienceMember', operation: 'getAll' } as INodeParameters,
		});
		expect(items).toHaveLength(51);
		const member = items.find((i) => String(i.json.email).startsWith('member'))!.json;
		expect(member).not.toHaveProperty('city');
		expect(member.lists).toEqual([DEMO_IDS.listNames.newsletter]);
		const note = String(items[50].json.note);
		expect(note).toMatch(
			/^50 of the \d{4} members of the audience are shown: ask with a higher limit for more, or search for someone; 3 members who opted out are left out \(ask with includeSuppressed to see them\)\.$/,
		);
		expect(bytes(items)).toBeLessThan(MODEL_RESULT_MAX_BYTES);
	});

	test('Return All chosen by the author, on 5,000 members: cut at 20 kB, with a note saying how many were left out', async () => {
		addMembers(5000);
		const items = await itemsOf({
			type: TOOL_TYPE,
			parameters: nodeParams('audienceMember', 'getAll', { returnAll: true }),
		});
		expect(bytes(items)).toBeLessThanOrEqual(MODEL_RESULT_MAX_BYTES);
		expect(String(items[items.length - 1].json.note)).toMatch(
			/^\d+ more of \d+ records are not shown: the result was cut at 20,000 bytes\./,
		);
	});

	test("the editor's node is unchanged: no note, no cut, every field", async () => {
		addMembers(200);
		const { items } = await runNode({
			type: ACTION_TYPE,
			parameters: { resource: 'audienceMember', operation: 'getAll' } as INodeParameters,
		});
		expect(items).toHaveLength(50);
		expect(items[0].json).toHaveProperty('city', null);
		expect(items.some((i) => 'note' in i.json)).toBe(false);
	});
});

describe('errors a model can act on', () => {
	test("an unknown list: the message says what to do and names the account's lists (n8n gives a model the message only)", async () => {
		const { error } = await runNode({
			type: TOOL_TYPE,
			parameters: nodeParams('audienceMember', 'upsert', {
				email: 'ada@example.com',
				list: { __rl: true, mode: 'name', value: 'newsletter' },
			}),
		});
		expect(error?.message).toBe(
			'Mad Mimi has no list named "newsletter". Pick the list from the dropdown, or check its name (upper and lower case count). To have the node create it, turn on the option "Create List If Missing". This item was not sent to Mad Mimi. The account\'s lists are: "Beta testers (EU)", "Newsletter", "VIP Customers".',
		);
		expect(env.emulator.store.getMember('ada@example.com')).toBeUndefined();
	});

	test("the editor's error keeps its message and its description apart", async () => {
		const { error } = await runNode({
			parameters: nodeParams('audienceMember', 'upsert', {
				email: 'ada@example.com',
				list: { __rl: true, mode: 'name', value: 'newsletter' },
			}),
		});
		expect(error?.message).toBe('Mad Mimi has no list named "newsletter"');
		expect(error?.description).toMatch(/^Pick the list from the dropdown/);
	});
});

describe("an AI Agent's tool call that fails: the error reaches the model on every n8n", () => {
	const unknownList: NodeSpec = {
		type: TOOL_TYPE,
		asAgentToolCall: true,
		parameters: nodeParams('audienceMember', 'upsert', {
			email: 'ada@example.com',
			list: { __rl: true, mode: 'name', value: 'newsletter' },
		}),
	};
	const toolCall = async (spec = unknownList) => {
		const { run } = await runNode(spec);
		const [task] = run.data.resultData.runData['Mad Mimi'];
		return { task, toolOutput: task.data?.ai_tool?.[0]?.map((i) => i.json), run };
	};
	const onN8n1 = () => jest.replaceProperty(workflowPackage, 'version', '1.120.31');
	afterEach(() => jest.restoreAllMocks());

	test('n8n 2.x (n8n-core 2.41): the node throws as always, and n8n hands the model { error }', async () => {
		const { task, toolOutput } = await toolCall();
		expect(task.error?.message).toMatch(/^Mad Mimi has no list named "newsletter"\. Pick the list/);
		expect(toolOutput).toEqual([{ error: task.error?.message }]);
	});

	test('n8n 1.x, which would end the run: the node hands n8n the same { error } item itself', async () => {
		const thrown = (await toolCall()).task.error?.message;
		onN8n1();
		const { task, toolOutput, run } = await toolCall();
		expect(task.error).toBeUndefined();
		expect(toolOutput).toEqual([{ error: thrown }]);
		expect(toolOutput?.[0].error).toMatch(/The account's lists are: "Beta testers \(EU\)"/);
		expect(run.data.resultData.error).toBeUndefined();
		expect(env.emulator.store.getMember('ada@example.com')).toBeUndefined();
	});

	test.each([
		['2.8.0', true],
		['2.24.3', true],
		['2.25.0', false],
	])('n8n-workflow %s: the node hands the model { error } itself: %s', async (version, itself) => {
		jest.replaceProperty(workflowPackage, 'version', version);
		const { task, toolOutput } = await toolCall();
		expect(task.error === undefined).toBe(itself);
		expect(toolOutput?.[0].error).toMatch(/^Mad Mimi has no list named "newsletter"/);
	});

	test('n8n 1.x, the tool node set to Stop Workflow on error, or the node outside an agent: it throws', async () => {
		onN8n1();
		const stop = await toolCall({ ...unknownList, onError: 'stopWorkflow' });
		expect(stop.task.error?.message).toMatch(/^Mad Mimi has no list named "newsletter"/);
		const outside = await runNode({ ...unknownList, asAgentToolCall: false });
		expect(outside.error?.message).toMatch(/^Mad Mimi has no list named "newsletter"/);
	});
});

describe('every parameter fillable by $fromAI', () => {
	test('Custom Fields (JSON): one object of names and values, beside the key/value pairs', async () => {
		await itemsOf({
			parameters: nodeParams('audienceMember', 'upsert', {
				email: 'ada@example.com',
				additionalFields: {
					customFields: { field: [{ key: 'plan', value: 'gold' }] },
					customFieldsJson: '={{ JSON.stringify({ city_of_birth: "Lyon", level: 3 }) }}',
				},
			}),
		});
		expect(env.emulator.store.getMember('ada@example.com')!.fields).toMatchObject({
			plan: 'gold',
			city_of_birth: 'Lyon',
			level: '3',
		});
	});

	test('Custom Fields (JSON) that is no object is refused before any request, saying what to give', async () => {
		const { error } = await runNode({
			parameters: nodeParams('audienceMember', 'upsert', {
				email: 'ada@example.com',
				additionalFields: { customFieldsJson: '[1, 2]' },
			}),
		});
		expect(error?.message).toBe('The field "Custom Fields (JSON)" is not a JSON object');
		expect(env.emulator.requests).toHaveLength(0);
	});

	test('an options field takes an option\'s name or its value in any case ("Clicked Thru", "SENT"); anything else is refused with the values it takes', async () => {
		const params = (outcome: string) =>
			nodeParams('mailing', 'getRecipients', {
				promotionId: { __rl: true, mode: 'id', value: String(DEMO_IDS.promotions.weeklyDigest) },
				mailingId: { __rl: true, mode: 'id', value: String(DEMO_IDS.mailings.weeklyDigest) },
				outcome,
			}) as INodeParameters;
		const clicked = await runNode({ parameters: params('={{ "Clicked" }}') });
		expect(clicked.error).toBeUndefined();
		expect(env.emulator.requests.some((r) => r.path.endsWith('/clicked_thru.xml'))).toBe(true);
		const sent = await runNode({ parameters: params('={{ "SENT" }}') });
		expect(sent.error).toBeUndefined();
		const wrong = await runNode({ parameters: params('={{ "opened twice" }}') });
		expect(wrong.error?.message).toBe('The field "Outcome" cannot be "opened twice"');
		expect(wrong.error?.description).toMatch(
			/^Give one of: abused \(Abused\), bounced \(Bounced\), clickedThru \(Clicked\),/,
		);
	});
});
