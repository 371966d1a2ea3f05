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

/**
 * Requests to a running emulator as the service's clients make them: the credentials and
 * parameters in the query string for GET and DELETE, as a form body otherwise.
 */
export function emulatorClient(emulator: () => Emulator) {
	async function request(
		method: string,
		path: string,
		params: Params = {},
		auth: Params = DEMO_AUTH,
	): Promise<Reply> {
		const all = new URLSearchParams({ ...auth, ...params }).toString();
		const url = `${emulator().baseUrl}${path}`;
		const res =
			method === 'GET' || method === 'DELETE'
				? await fetch(`${url}?${all}`, { method })
				: await fetch(url, {
						method,
						headers: { 'content-type': 'application/x-www-form-urlencoded' },
						body: all,
					});
		return {
			status: res.status,
			text: await res.text(),
			type: res.headers.get('content-type') ?? '',
		};
	}
	return {
		request,
		get: (path: string, params: Params = {}): Promise<Reply> => request('GET', path, params),
		post: (path: string, params: Params = {}): Promise<Reply> => request('POST', path, params),
	};
}

/**
 * The emulator of a test file: started before its tests and closed after them; before each test,
 * its clock frozen at `now` and its state back to the demo data, nothing recorded, no fault.
 * `emulator` is the running one; the client's requests go to it.
 */
export function useDemoEmulator(now: number) {
	let running: Emulator | undefined;
	beforeAll(async () => {
		running = await startEmulator();
	});
	afterAll(async () => {
		await running?.close();
	});
	beforeEach(() => {
		running!.clock.set(now);
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
