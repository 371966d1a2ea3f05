/**
 * Credentials as n8n handles them (stored encrypted, decrypted for a node, defaults of the
 * credential type filled in, generic `authenticate` expressions resolved against them), what n8n
 * gives every execution beside them, and the credential's "Test" button.
 */
import './environment';

import { Container } from '@n8n/di';
import { randomBytes } from 'node:crypto';

import { Cipher, Credentials, EncryptionKeyProxy, LoadOptionsContext } from 'n8n-core';
import type { ExecutionLifecycleHooks } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';

import { MadMimiApi } from '../../credentials/MadMimiApi.credentials';
import { CREDENTIAL_ID, CREDENTIALS_TYPE, madMimiNode, nodeTypes } from './nodes';

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

const credentialTypes: Record<string, ICredentialType> = { [CREDENTIALS_TYPE]: new MadMimiApi() };

interface StoredCredential {
	id: string;
	name: string;
	type: string;
	data: string; // encrypted, as n8n stores it
}

/** The credential type's defaults filled in, as n8n's CredentialsHelper does (applyDefaultsAndOverwrites). */
function withDefaults(type: string, data: INodeParameters): ICredentialDataDecryptedObject {
	const filled = NodeHelpers.getNodeParameters(
		credentialTypes[type].properties,
		data,
		true,
		false,
		null,
		null,
	);
	return (filled ?? data) as ICredentialDataDecryptedObject;
}

class HarnessCredentialsHelper extends ICredentialsHelper {
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
		return withDefaults(type, (await credentials.getData()) as INodeParameters);
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

const credentialsHelper = new HarnessCredentialsHelper();

/** Stores the account's credentials (encrypted) under CREDENTIAL_ID for the nodes to use. */
export async function setCredentials(data: {
	username: string;
	apiKey: string;
	baseUrl?: string;
}): Promise<void> {
	await credentialsHelper.save(CREDENTIAL_ID, CREDENTIALS_TYPE, data);
}

/** What n8n gives every execution: the execution's id (n8n puts it there when it starts one), its hooks. */
export function additionalData(hooks?: ExecutionLifecycleHooks): IWorkflowExecuteAdditionalData {
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
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		// every expression reads them ($execution.resumeUrl)
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('Task runners are not available in the harness');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
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
	const filled = withDefaults(CREDENTIALS_TYPE, data as INodeParameters);
	const request = type.test!.request;
	const options: IHttpRequestOptions = {
		method: request.method ?? 'GET',
		baseURL: String(resolve(String(request.baseURL), filled, workflow, node)),
		url: String(resolve(String(request.url), filled, workflow, node)),
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
				data: filled,
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
	const e = error as { httpCode?: unknown; cause?: { response?: { status?: unknown } } };
	return Number(e.httpCode ?? e.cause?.response?.status) || undefined;
}
