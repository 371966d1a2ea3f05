import { MAX_ONCE_ONLY_OUTCOMES } from '../../nodes/MadMimi/settings';
import {
	recallForRetryOnFail,
	rememberForRetryOnFail,
} from '../../nodes/MadMimi/transport/retryOnFail';

/** How many of the outcomes of these executions are still recalled. */
function recalled(executions: string[], writes: number): number {
	let count = 0;
	for (const execution of executions)
		for (let i = 0; i < writes; i++)
			if (recallForRetryOnFail({ execution, write: String(i) })) count++;
	return count;
}

describe('the memory of once-only writes', () => {
	test('an outcome is recalled in its execution only', () => {
		rememberForRetryOnFail(
			{ execution: 'e1', write: 'node|0|3|The email to a@example.com may have gone out' },
			{ done: true, body: '123' },
		);
		expect(
			recallForRetryOnFail({
				execution: 'e1',
				write: 'node|0|3|The email to a@example.com may have gone out',
			}),
		).toEqual({ done: true, body: '123' });
		expect(
			recallForRetryOnFail({
				execution: 'e2',
				write: 'node|0|3|The email to a@example.com may have gone out',
			}),
		).toBeUndefined();
		expect(
			recallForRetryOnFail({
				execution: 'e1',
				write: 'node|0|4|The email to a@example.com may have gone out',
			}),
		).toBeUndefined();
	});

	test('is bounded: older executions are forgotten first, the one in progress never', () => {
		for (let e = 0; e < 30; e++) {
			for (let i = 0; i < 5_000; i++)
				rememberForRetryOnFail(
					{ execution: `bound-${e}`, write: String(i) },
					{ done: true, body: String(i) },
				);
		}
		const bound = Array.from({ length: 30 }, (_, e) => `bound-${e}`);
		expect(recalled(bound, 5_000)).toBeLessThanOrEqual(MAX_ONCE_ONLY_OUTCOMES);
		expect(recallForRetryOnFail({ execution: 'bound-0', write: '0' })).toBeUndefined();
		expect(recallForRetryOnFail({ execution: 'bound-29', write: '4999' })).toEqual({
			done: true,
			body: '4999',
		});
		// one execution larger than the bound keeps all of its outcomes while it runs
		for (let i = 0; i < 120_000; i++)
			rememberForRetryOnFail({ execution: 'huge', write: String(i) }, { done: true, body: '' });
		expect(recallForRetryOnFail({ execution: 'huge', write: '0' })).toEqual({
			done: true,
			body: '',
		});
		// and every other execution is forgotten, the first test's included
		expect(recalled(bound, 5_000)).toBe(0);
		expect(
			recallForRetryOnFail({
				execution: 'e1',
				write: 'node|0|3|The email to a@example.com may have gone out',
			}),
		).toBeUndefined();
	});
});
