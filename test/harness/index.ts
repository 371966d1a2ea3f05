/**
 * Runs whole workflows through n8n-core's real execution engine (WorkflowExecute), with
 * credentials stored encrypted and resolved the way n8n resolves them (credentials.ts), and
 * polling triggers through n8n-core's PollContext, resource-locator searches through its
 * LoadOptionsContext. The node types it knows: nodes.ts.
 */
import './environment';

import { Container } from '@n8n/di';

import {
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PollContext,
	WorkflowExecute,
} from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IRun,
	IRunExecutionData,
	IWorkflowBase,
	NodeExecutionHint,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';

import { additionalData } from './credentials';
import { SSHClientsManager } from './n8nInternals';
import { madMimiNode, nodeTypes, START_TYPE, TRIGGER_TYPE } from './nodes';
import type { NodeSpec } from './nodes';

export { ACTION_TYPE, TOOL_TYPE, madMimiNode, nodeTypes, registerNodeType } from './nodes';
export type { NodeSpec } from './nodes';
export { setCredentials, testCredentials } from './credentials';

export interface RunResult {
	/** The Mad Mimi node's output items (first output, first run). */
	items: INodeExecutionData[];
	/** The node's error when the workflow failed, as n8n records it. */
	error?: Error & { description?: string; context?: IDataObject; httpCode?: string };
	/** The execution hints the node added (n8n's yellow notices on a node). */
	hints: NodeExecutionHint[];
	run: IRun;
	/** The workflow that ran (for a retry of the run). */
	workflow: IWorkflowBase;
}

/**
 * Runs Start → Mad Mimi through WorkflowExecute with the given input items, and returns the
 * Mad Mimi node's output (or its error).
 */
export async function runNode(
	spec: NodeSpec,
	input: INodeExecutionData[] = [{ json: {} }],
	mode: WorkflowExecuteMode = 'manual',
): Promise<RunResult> {
	const start: INode = {
		id: 'start',
		name: 'Start',
		type: START_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const node = madMimiNode(spec);
	const workflowData = {
		id: 'harness',
		name: 'Harness workflow',
		active: false,
		nodes: [start, node],
		connections: { Start: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	} as unknown as IWorkflowBase;
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node: start, data: { main: [input] }, source: null }] },
	});
	return await execute(workflowData, runExecutionData, mode, node.name);
}

/** Runs a workflow's execution data through WorkflowExecute, and returns the named node's output (or its error). */
async function execute(
	workflowData: IWorkflowBase,
	runExecutionData: IRunExecutionData,
	mode: WorkflowExecuteMode,
	nodeName: string,
): Promise<RunResult> {
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes: workflowData.nodes,
		connections: workflowData.connections,
		active: false,
		nodeTypes,
		settings: workflowData.settings,
	});

	const hooks = new ExecutionLifecycleHooks(
		mode,
		`exec-${Date.now()}-${Math.random().toString(36).slice(2)}`,
		workflowData,
	);
	let resolveRun: (run: IRun) => void = () => {};
	const finished = new Promise<IRun>((resolve) => (resolveRun = resolve));
	hooks.addHandler('workflowExecuteAfter', (fullRunData) => resolveRun(fullRunData));

	const executor = new WorkflowExecute(additionalData(hooks), mode, runExecutionData);
	try {
		await executor.processRunExecutionData(workflow);
	} catch (error) {
		// n8n refuses to start a workflow whose nodes have issues (a required parameter left empty)
		return {
			items: [],
			error: error as RunResult['error'],
			hints: [],
			run: undefined as unknown as IRun,
			workflow: workflowData,
		};
	}
	const run = await finished;
	const runs = run.data.resultData.runData[nodeName] ?? [];
	const taskData = runs[runs.length - 1];
	const items = taskData?.data?.main?.[0] ?? [];
	const error = (taskData?.error ?? run.data.resultData.error) as RunResult['error'];
	return { items, error, hints: taskData?.hints ?? [], run, workflow: workflowData };
}

/**
 * The user's Retry of a failed run, as n8n 2.41's ExecutionService.retry does it: a new execution in
 * mode 'retry' over the failed run's own data (its execution context carried over unchanged), the
 * failed node's last run popped and the node still on the stack, so it runs again over all its
 * input items. `spec` changes the node as "Retry with the saved workflow" would (loadWorkflow); by
 * default the node is run as the failed run had it. `withoutContext`: as an n8n that carries no
 * execution context into the retry.
 */
export async function retryRun(
	failed: RunResult,
	spec?: NodeSpec,
	options: { withoutContext?: boolean } = {},
): Promise<RunResult> {
	const data = JSON.parse(JSON.stringify(failed.run.data)) as IRunExecutionData;
	const lastNode = data.resultData.lastNodeExecuted;
	if (!lastNode) throw new Error('the failed run names no last node');
	delete data.resultData.error;
	const nodeRuns = data.resultData.runData[lastNode];
	if (nodeRuns && nodeRuns.length > 0 && nodeRuns[nodeRuns.length - 1].error !== undefined)
		nodeRuns.pop();
	if (options.withoutContext && data.executionData) delete data.executionData.runtimeData;
	const node = spec ? madMimiNode(spec) : undefined;
	if (node)
		for (const stacked of data.executionData?.nodeExecutionStack ?? [])
			if (stacked.node.name === node.name) stacked.node = node;
	const nodes = failed.workflow.nodes.map((n) => (node && n.name === node.name ? node : n));
	return await execute({ ...failed.workflow, nodes }, data, 'retry', node?.name ?? lastNode);
}

/** The result of one poll: the items it emitted (null when none), as n8n's poll loop sees them. */
export interface PollResult {
	items: INodeExecutionData[] | null;
	error?: Error & { description?: string };
}

/**
 * A polling trigger in a workflow that lives across polls: its static data persists between
 * them (and can be saved and restored to simulate a restart of n8n).
 */
export class PollingWorkflow {
	readonly node: INode;

	workflow: Workflow;

	/** `node`: the trigger's name and ID, as a renamed trigger (same ID) or a new one (another ID) has them. */
	constructor(
		parameters: INodeParameters,
		staticData?: IDataObject,
		node: { name?: string; id?: string } = {},
	) {
		this.node = madMimiNode({
			parameters,
			name: node.name ?? 'Mad Mimi Trigger',
			id: node.id ?? 'node-Mad Mimi Trigger',
			type: TRIGGER_TYPE,
		});
		this.workflow = this.build(staticData);
	}

	private build(staticData?: IDataObject): Workflow {
		return new Workflow({
			id: 'harness-poll',
			name: 'Harness polling workflow',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes,
			staticData: staticData ? JSON.parse(JSON.stringify(staticData)) : undefined,
			settings: { executionOrder: 'v1' },
		});
	}

	/** The static data n8n would save to its database after a poll. */
	savedStaticData(): IDataObject {
		return JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
	}

	/** Simulates a restart of n8n: a new Workflow from the saved static data. */
	restart(): void {
		this.workflow = this.build(this.savedStaticData());
	}

	/** One poll, as n8n runs it: 'trigger' mode when active, 'manual' for "Fetch test event". */
	async poll(
		mode: WorkflowExecuteMode = 'trigger',
		activation: WorkflowActivateMode = 'activate',
	): Promise<PollResult> {
		const type = nodeTypes.getByNameAndVersion(this.node.type, 1) as INodeType;
		if (!type.poll) throw new Error(`${this.node.type} has no poll()`);
		const ctx = new PollContext(this.workflow, this.node, additionalData(), mode, activation);
		try {
			const items = await type.poll.call(ctx);
			return { items: items ? items[0] : null };
		} catch (error) {
			return { items: null, error: error as PollResult['error'] };
		}
	}
}

/** Calls a listSearch or loadOptions method of the action node as the editor does. */
export async function callMethod(
	kind: 'listSearch' | 'loadOptions',
	method: string,
	parameters: INodeParameters,
	filter?: string,
	paginationToken?: string,
	options: { withoutCredential?: boolean } = {},
): Promise<unknown> {
	const withCredential = madMimiNode({ parameters });
	const node = options.withoutCredential
		? { ...withCredential, credentials: undefined }
		: withCredential;
	const workflow = new Workflow({
		id: 'harness-methods',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	const ctx = new LoadOptionsContext(
		workflow,
		node,
		{ ...additionalData(), currentNodeParameters: parameters },
		'parameters',
	);
	const type = nodeTypes.getByNameAndVersion(node.type, 1) as INodeType;
	const methods = type.methods as
		| Record<
				string,
				Record<string, (this: unknown, f?: string, token?: string) => Promise<unknown>>
		  >
		| undefined;
	const fn = methods?.[kind]?.[method];
	if (!fn) throw new Error(`No ${kind} method ${method}`);
	return await fn.call(ctx, filter, paginationToken);
}

/** Call in afterAll: n8n-core keeps a timer per execution otherwise, and jest would not exit. */
export function shutdownHarness(): void {
	if (Container.has(SSHClientsManager)) Container.get(SSHClientsManager).onShutdown();
}
