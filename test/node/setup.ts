import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Emulator } from '../../emulator';
import { DEMO_CREDENTIALS, startEmulator } from '../../emulator';
import type { NodeSpec } from '../harness';
import { runNode, setCredentials, shutdownHarness } from '../harness';

/**
 * One emulator per test file, reset (demo data, no faults, no recorded requests) before each
 * test, with the harness's credentials pointing at it.
 */
export function useEmulator(): { readonly emulator: Emulator } {
	const holder: { emulator?: Emulator } = {};
	beforeAll(async () => {
		holder.emulator = await startEmulator({ seed: 'demo' });
		await setCredentials({ ...DEMO_CREDENTIALS, baseUrl: holder.emulator.baseUrl });
	});
	beforeEach(async () => {
		holder.emulator!.reset('demo');
		await setCredentials({ ...DEMO_CREDENTIALS, baseUrl: holder.emulator!.baseUrl });
	});
	afterAll(async () => {
		await holder.emulator?.close();
		shutdownHarness();
	});
	return {
		get emulator() {
			return holder.emulator!;
		},
	};
}

/** The requests the emulator received, without the credentials, for assertions. */
export function received(emulator: Emulator) {
	return emulator.requests.map((r) => ({
		method: r.effectiveMethod,
		path: r.rawPath,
		params: r.params,
	}));
}

export interface Refusal {
	name: string;
	parameters: INodeParameters;
	/** The whole message, or a pattern of it. */
	message: string | RegExp;
	input?: INodeExecutionData[];
	/** A text the error's description holds. */
	description?: string;
}

/** One test per case: the run fails with the case's message, and nothing reaches Mad Mimi. */
export function refusedBeforeAnyRequest(
	env: { readonly emulator: Emulator },
	cases: Refusal[],
): void {
	test.each(cases)('$name is refused before any request', async (c) => {
		const { error } = await runNode({ parameters: c.parameters }, c.input);
		if (typeof c.message === 'string') expect(error?.message).toBe(c.message);
		else expect(error?.message).toMatch(c.message);
		if (c.description) expect(error?.description).toContain(c.description);
		expect(env.emulator.requests).toHaveLength(0);
	});
}

/** The `after + 1`th request to this method (undefined: any) and path is answered with this status and body, once. */
export function answerOnce(
	emulator: Emulator,
	method: string | undefined,
	path: string | RegExp,
	after: number,
	status: number,
	body: string,
	contentType?: string,
): void {
	emulator.faults.add({ method, path, after, times: 1, respond: { status, body, contentType } });
}

/** Input items of one field each: `each('email', 'a@example.com', 'b@example.com')`. */
export const each = (field: string, ...values: unknown[]): INodeExecutionData[] =>
	values.map((value) => ({ json: { [field]: value } as IDataObject }));

/** A run's parameters: the resource, the operation and the fields given. */
export const nodeParams = (
	resource: string,
	operation: string,
	fields: IDataObject = {},
): INodeParameters => ({ resource, operation, ...fields }) as INodeParameters;

/** A run that must succeed: its output items. */
export async function itemsOf(
	spec: NodeSpec,
	input?: INodeExecutionData[],
	mode?: Parameters<typeof runNode>[2],
): Promise<INodeExecutionData[]> {
	const { items, error } = await runNode(spec, input, mode);
	expect(error).toBeUndefined();
	return items;
}
