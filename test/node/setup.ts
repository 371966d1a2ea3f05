import type { Emulator } from '../../emulator';
import { DEMO_CREDENTIALS, startEmulator } from '../../emulator';
import { setCredentials, shutdownHarness } from '../harness';

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
