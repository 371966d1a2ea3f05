/**
 * What the retried-execution tests share: a write Mad Mimi carries out with its connection cut
 * before the response (the run that fails in doubt), and a count of the calls made.
 */
import type { Emulator } from '../../emulator';

export function retryFaults(env: { readonly emulator: Emulator }) {
	/**
	 * The nth (1-based) request to this method and path is carried out, and its connection cut
	 * before the response.
	 */
	function cutAfterWork(method: string, path: string | RegExp, nth: number): void {
		env.emulator.faults.add({ method, path, after: nth - 1, times: 1, respond: 'resetAfterWork' });
	}

	/** The requests to this method and path the emulator received. */
	function apiCalls(method: string, path: RegExp): number {
		return env.emulator.requests.filter((r) => r.effectiveMethod === method && path.test(r.rawPath))
			.length;
	}

	return { cutAfterWork, apiCalls };
}
