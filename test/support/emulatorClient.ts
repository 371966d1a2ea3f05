import { DEMO_CREDENTIALS, startEmulator } from '../../emulator';
import type { Emulator } from '../../emulator';

/** An answer of the emulator as the service's clients see it. */
export interface Reply {
	status: number;
	text: string;
	type: string;
}

export const DEMO_AUTH: Record<string, string> = {
	username: DEMO_CREDENTIALS.username,
	api_key: DEMO_CREDENTIALS.apiKey,
};

type Params = Record<string, string>;

async function reply(res: Response): Promise<Reply> {
	return {
		status: res.status,
		text: await res.text(),
		type: res.headers.get('content-type') ?? '',
	};
}

/**
 * Requests to a running emulator as the service's clients make them: the credentials and
 * parameters in the query string for GET and DELETE, as a form body otherwise (`send`: a form
 * body whatever the method).
 */
export function emulatorClient(emulator: () => Emulator) {
	async function request(
		method: string,
		path: string,
		params: Params = {},
		auth: Params = DEMO_AUTH,
		init: RequestInit = {},
	): Promise<Reply> {
		const all = new URLSearchParams({ ...auth, ...params }).toString();
		const url = `${emulator().baseUrl}${path}`;
		return await reply(
			method === 'GET' || method === 'DELETE'
				? await fetch(`${url}?${all}`, { ...init, method })
				: await fetch(url, {
						...init,
						method,
						headers: { 'content-type': 'application/x-www-form-urlencoded' },
						body: all,
					}),
		);
	}
	return {
		request,
		get: (path: string, params: Params = {}, init: RequestInit = {}): Promise<Reply> =>
			request('GET', path, params, DEMO_AUTH, init),
		post: (path: string, params: Params = {}): Promise<Reply> => request('POST', path, params),
		/** The parameters and the credentials as a form body, whatever the method (a PUT's, a DELETE's). */
		send: async (path: string, form: Params = {}, method = 'POST'): Promise<Reply> =>
			await reply(
				await fetch(`${emulator().baseUrl}${path}`, {
					method,
					headers: { 'content-type': 'application/x-www-form-urlencoded' },
					body: new URLSearchParams({ ...DEMO_AUTH, ...form }).toString(),
				}),
			),
	};
}

/** How many times `needle` occurs in `text`. */
export function occurrences(text: string, needle: string): number {
	return text.split(needle).length - 1;
}

/**
 * The emulator of a test file: started before its tests and closed after them; before each test,
 * its clock frozen at `now` (or following real time, without one), no latency, and its state back
 * to the demo data, nothing recorded, no fault. `emulator` is the running one; the client's
 * requests go to it.
 */
export function useDemoEmulator(now?: number) {
	let running: Emulator | undefined;
	beforeAll(async () => {
		running = await startEmulator();
	});
	afterAll(async () => {
		await running?.close();
	});
	beforeEach(() => {
		if (now === undefined) running!.clock.useRealTime();
		else running!.clock.set(now);
		running!.latencyMs = 0;
		running!.reset('demo');
	});
	const current = (): Emulator => running!;
	return {
		get emulator(): Emulator {
			return current();
		},
		...emulatorClient(current),
	};
}
