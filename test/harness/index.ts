/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in jest, never inside n8n */
/**
 * Runs whole workflows through n8n-core's real execution engine (WorkflowExecute), with
 * credentials stored encrypted and resolved the way n8n resolves them (defaults applied,
 * generic `authenticate` expressions evaluated), and polling triggers through n8n-core's
 * PollContext, resource-locator searches through its LoadOptionsContext.
 */
import { Container } from '@n8n/di';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// n8n-core reads its settings folder and encryption key when first loaded
process.env.N8N_USER_FOLDER ??= mkdtempSync(path.join(tmpdir(), 'madmimi-harness-'));
process.env.N8N_ENCRYPTION_KEY ??= 'harness-encryption-key-for-tests-only';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
// n8n-core logs every failed execution; tests assert on errors themselves (MADMIMI_TEST_LOG_LEVEL=debug to see them)
process.env.N8N_LOG_LEVEL = process.env.MADMIMI_TEST_LOG_LEVEL ?? 'silent';

import {
	Cipher,
	Credentials,
	EncryptionKeyProxy,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PollContext,
	WorkflowExecute,
} from 'n8n-core';
// not exported from n8n-core's index (a deep import: n8n-core is pinned in package.json, and a move
// of this file fails the harness's type check at once); it keeps a timer per execution that must be stopped
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRequestOptionsSimplified,
	IRun,
	IRunExecutionData,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	NodeExecutionHint,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';

import { MadMimiApi } from '../../credentials/MadMimiApi.credentials';
import { MadMimi } from '../../nodes/MadMimi/MadMimi.node';
import { MadMimiTrigger } from '../../nodes/MadMimiTrigger/MadMimiTrigger.node';

export const PACKAGE = 'n8n-nodes-madmimi';
export const ACTION_TYPE = `${PACKAGE}.madMimi`;
export const TRIGGER_TYPE = `${PACKAGE}.madMimiTrigger`;
/** The tool n8n generates from the action node for AI Agents (`usableAsTool`). */
export const TOOL_TYPE = `${PACKAGE}.madMimiTool`;
export const START_TYPE = 'n8n-nodes-base.manualTrigger';
export const CREDENTIALS_TYPE = 'madMimiApi';

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

	async execute(this: import('n8n-workflow').IExecuteFunctions) {
		return [this.getInputData()];
	}
}

/**
 * n8n's server installs an encryption key provider at start-up (keys kept in its database):
 * the harness installs one key of its own, a data key wrapped with the instance key, so
 * credentials are encrypted and decrypted by n8n-core's real Cipher.
 */
function installEncryptionKey(): void {
	const proxy = Container.get(EncryptionKeyProxy);
	const cipher = Container.get(Cipher);
	const key = {
		id: 'harness',
		value: cipher.encryptDEKWithInstanceKey(randomBytes(32).toString('hex')),
		algorithm: 'aes-256-gcm',
		format: 'prefixed' as const,
	};
	proxy.setProvider({
		getActiveKey: async () => key,
		getKeyById: async (id: string) => (id === key.id ? key : null),
		getLegacyKey: async () => key,
	});
}
installEncryptionKey();

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

export const nodeTypes: INodeTypes = {
	getByName(name: string): INodeType | IVersionedNodeType {
		const type = registry[name];
		if (!type) throw new Error(`Unknown node type ${name}`);
		return type;
	},
	getByNameAndVersion(name: string): INodeType {
		const type = registry[name];
		if (!type) throw new Error(`Unknown node type ${name}`);
		return type;
	},
	getKnownTypes() {
		return {};
	},
};

const credentialTypes: Record<string, ICredentialType> = { [CREDENTIALS_TYPE]: new MadMimiApi() };

interface StoredCredential {
	id: string;
	name: string;
	type: string;
	data: string; // encrypted, as n8n stores it
}

/**
 * Credentials as n8n handles them: stored encrypted, decrypted for a node, defaults of the
 * credential type filled in, generic `authenticate` expressions resolved against them.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	private readonly store = new Map<string, StoredCredential>();

	async save(id: string, type: string, data: ICredentialDataDecryptedObject): Promise<void> {
		const credentials = new Credentials({ id, name: `${type} ${id}` }, type);
		await credentials.setData(data);
		const saved = credentials.getDataToSave();
		this.store.set(id, { id, name: `${type} ${id}`, type, data: saved.data as string });
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incoming: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const options = incoming as IHttpRequestOptions;
		const type = credentialTypes[typeName];
		const auth = type?.authenticate;
		if (typeof auth === 'function') return await auth(credentials, options);
		if (auth && auth.type === 'generic') {
			options.headers ??= {};
			for (const [outerKey, outerValue] of Object.entries(auth.properties)) {
				const target = ((options as unknown as Record<string, IDataObject>)[outerKey] ??= {});
				for (const [key, value] of Object.entries(outerValue as Record<string, string>)) {
					const resolvedKey = resolve(key, credentials, workflow, node);
					target[String(resolvedKey)] = resolve(
						value,
						credentials,
						workflow,
						node,
					) as IDataObject[string];
				}
			}
		}
		return options;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentials> {
		const stored = nodeCredentials.id ? this.store.get(nodeCredentials.id) : undefined;
		if (!stored || stored.type !== type) {
			throw new Error(`Credentials with ID "${nodeCredentials.id}" of type "${type}" do not exist`);
		}
		return new Credentials({ id: stored.id, name: stored.name }, stored.type, stored.data);
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const credentials = await this.getCredentials(nodeCredentials, type);
		const data = (await credentials.getData()) as INodeParameters;
		// the credential's defaults filled in, as n8n's CredentialsHelper does (applyDefaultsAndOverwrites)
		const withDefaults = NodeHelpers.getNodeParameters(
			credentialTypes[type].properties,
			data,
			true,
			false,
			null,
			null,
		);
		return (withDefaults ?? data) as ICredentialDataDecryptedObject;
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialTypes[type]?.properties ?? [];
	}
}

function resolve(
	value: string,
	credentials: ICredentialDataDecryptedObject,
	workflow?: Workflow,
	node?: INode,
): unknown {
	if (typeof value !== 'string' || !value.startsWith('=') || !workflow || !node) return value;
	return workflow.expression.getSimpleParameterValue(
		node,
		value,
		'internal',
		{ $credentials: credentials } as never,
		undefined,
		'',
	);
}

export const credentialsHelper = new HarnessCredentialsHelper();

export const CREDENTIAL_ID = 'madmimi-1';

/** Stores the account's credentials (encrypted) under CREDENTIAL_ID for the nodes to use. */
export async function setCredentials(data: {
	username: string;
	apiKey: string;
	baseUrl?: string;
}): Promise<void> {
	await credentialsHelper.save(CREDENTIAL_ID, CREDENTIALS_TYPE, data);
}

/** What n8n gives every execution: the execution's id (n8n puts it there when it starts one), its hooks, the URLs. */
function additionalData(hooks?: ExecutionLifecycleHooks): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper,
		hooks,
		executionId: hooks?.executionId,
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not available in the harness');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('Task runners are not available in the harness');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

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
	credentialId?: string;
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
			[CREDENTIALS_TYPE]: { id: spec.credentialId ?? CREDENTIAL_ID, name: 'Mad Mimi account' },
		},
		...(spec.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...(spec.retryOnFail
			? {
					retryOnFail: true,
					maxTries: spec.maxTries ?? 3,
					waitBetweenTries: spec.waitBetweenTries ?? 0,
				}
			: {}),
	};
}

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
		isArchived: false,
		nodes: [start, node],
		connections: { Start: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		createdAt: new Date(),
		updatedAt: new Date(),
		activeVersionId: null,
	} as unknown as IWorkflowBase;
	const runExecutionData = {
		version: 1,
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: null,
			nodeExecutionStack: [{ node: start, data: { main: [input] }, source: null }],
		},
	} as unknown as IRunExecutionData;
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
	assertDefined(lastNode, 'the failed run names no last node');
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

function assertDefined<T>(value: T | undefined, what: string): asserts value is T {
	if (value === undefined) throw new Error(what);
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
): Promise<unknown> {
	const node = madMimiNode({ parameters });
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
	const type = registry[node.type];
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

/**
 * Runs the credential type's `test` request with the given credential values, as n8n's
 * "Test" button does: expressions resolved against the credentials, `authenticate` applied,
 * any HTTP error status a failure, worded by the type's `responseCode` rules when one names it.
 * Returns n8n's verdict shape.
 */
export async function testCredentials(
	data: ICredentialDataDecryptedObject,
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const type = credentialTypes[CREDENTIALS_TYPE];
	const node = madMimiNode({ parameters: {} });
	const workflow = new Workflow({
		id: 'harness-credentials',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	const withDefaults = (NodeHelpers.getNodeParameters(
		type.properties,
		data as INodeParameters,
		true,
		false,
		null,
		null,
	) ?? data) as ICredentialDataDecryptedObject;
	const request = type.test!.request;
	const options: IHttpRequestOptions = {
		method: request.method ?? 'GET',
		baseURL: String(resolve(String(request.baseURL), withDefaults, workflow, node)),
		url: String(resolve(String(request.url), withDefaults, workflow, node)),
		encoding: 'text',
		returnFullResponse: false,
	};
	const ctx = new LoadOptionsContext(workflow, node, additionalData(), 'parameters');
	try {
		await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIALS_TYPE, options, {
			credentialsDecrypted: {
				id: 'test',
				name: 'test',
				type: CREDENTIALS_TYPE,
				data: withDefaults,
			},
		});
		return { status: 'OK', message: 'Connection successful!' };
	} catch (error) {
		// as n8n's credentials tester: a status named by a `responseCode` rule gives the rule's message
		const status = statusOf(error);
		const rule = (type.test!.rules ?? []).find(
			(r) => r.type === 'responseCode' && r.properties.value === status,
		);
		if (rule && rule.type === 'responseCode')
			return { status: 'Error', message: rule.properties.message };
		return { status: 'Error', message: (error as Error).message };
	}
}

/** The HTTP status of a failed request, wherever n8n-core's error keeps it. */
function statusOf(error: unknown): number | undefined {
	const candidates = [
		(error as { httpCode?: unknown }).httpCode,
		(error as { cause?: { response?: { status?: unknown } } }).cause?.response?.status,
		(error as { response?: { status?: unknown } }).response?.status,
	];
	const found = candidates.map(Number).find((n) => Number.isInteger(n) && n >= 100);
	return found;
}
