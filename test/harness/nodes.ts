/**
 * The node types the harness's workflows know (the Mad Mimi node, its tool, the trigger, a start
 * node), and a Mad Mimi node as a workflow holds it.
 */
import type {
	IExecuteFunctions,
	INode,
	INodeParameters,
	INodeType,
	INodeTypes,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { MadMimi } from '../../nodes/MadMimi/MadMimi.node';
import { MadMimiTrigger } from '../../nodes/MadMimiTrigger/MadMimiTrigger.node';

const PACKAGE = 'n8n-nodes-madmimi';
export const ACTION_TYPE = `${PACKAGE}.madMimi`;
export const TRIGGER_TYPE = `${PACKAGE}.madMimiTrigger`;
/** The tool n8n generates from the action node for AI Agents (`usableAsTool`). */
export const TOOL_TYPE = `${PACKAGE}.madMimiTool`;
export const START_TYPE = 'n8n-nodes-base.manualTrigger';
export const CREDENTIALS_TYPE = 'madMimiApi';
/** The ID of the credential the harness's nodes use (`setCredentials` stores it). */
export const CREDENTIAL_ID = 'madmimi-1';

/** The start node: passes the items the harness puts on its input through, as n8n's manual trigger does. */
class HarnessStart implements INodeType {
	description = {
		displayName: 'Start',
		name: 'manualTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Starts a harness run with the given items',
		defaults: { name: 'Start' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions) {
		return [this.getInputData()];
	}
}

/**
 * The node as n8n builds the tool it runs (n8n 2.41's node-types.js, getByNameAndVersion of a
 * `<name>Tool` type: the node's own description, named `<name>Tool`, its execute); n8n's fields for
 * the tool's description are added only when the node has none of its own (convertNodeToAiTool).
 */
function asTool(node: INodeType): INodeType {
	const description = {
		...node.description,
		name: `${node.description.name}Tool`,
		usableAsTool: undefined,
	};
	if (!description.properties.some((p) => p.name === 'toolDescription'))
		throw new Error('the harness expects the node to bring its own tool description fields');
	return { description, methods: node.methods, execute: node.execute } as INodeType;
}

const registry: Record<string, INodeType> = {};

/** Registers a node type under its package-qualified name (the trigger registers itself when it exists). */
export function registerNodeType(name: string, type: INodeType): void {
	registry[name] = type;
}
registerNodeType(ACTION_TYPE, new MadMimi());
registerNodeType(TOOL_TYPE, asTool(new MadMimi()));
registerNodeType(START_TYPE, new HarnessStart());
registerNodeType(TRIGGER_TYPE, new MadMimiTrigger());

function typeNamed(name: string): INodeType {
	const type = registry[name];
	if (!type) throw new Error(`Unknown node type ${name}`);
	return type;
}

export const nodeTypes: INodeTypes = {
	getByName: typeNamed,
	getByNameAndVersion: typeNamed,
	getKnownTypes: () => ({}),
};

export interface NodeSpec {
	parameters: INodeParameters;
	name?: string;
	/** The node's ID (n8n keeps it through a rename); by default derived from the name. */
	id?: string;
	type?: string;
	continueOnFail?: boolean;
	retryOnFail?: boolean;
	maxTries?: number;
	waitBetweenTries?: number;
	/** Run as an AI Agent's tool call: n8n runs it as a node of its own, its output rewired to `ai_tool`. */
	asAgentToolCall?: boolean;
	onError?: INode['onError'];
}

export function madMimiNode(spec: NodeSpec): INode {
	return {
		id: spec.id ?? `node-${spec.name ?? 'Mad Mimi'}`,
		name: spec.name ?? 'Mad Mimi',
		type: spec.type ?? ACTION_TYPE,
		typeVersion: 1,
		position: [200, 0],
		parameters: spec.parameters,
		credentials: {
			[CREDENTIALS_TYPE]: { id: CREDENTIAL_ID, name: 'Mad Mimi account' },
		},
		...(spec.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...(spec.onError ? { onError: spec.onError } : {}),
		...(spec.asAgentToolCall ? { rewireOutputLogTo: NodeConnectionTypes.AiTool } : {}),
		...(spec.retryOnFail
			? {
					retryOnFail: true,
					maxTries: spec.maxTries ?? 3,
					waitBetweenTries: spec.waitBetweenTries ?? 0,
				}
			: {}),
	};
}
