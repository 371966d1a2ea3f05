/**
 * What the trigger's tests share: an emulator whose clock moves with n8n's (Date.now), each test
 * starting on an empty account; the trigger's workflow for an event; and the place the trigger
 * keeps in the workflow's static data.
 */
import type { IDataObject } from 'n8n-workflow';

import { PollingWorkflow } from '../harness';
import { useEmulator } from './setup';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * One emulator per test file (useEmulator), emptied before each test, and the simulated time of
 * n8n and of the service, in step at 2026-01-01 08:00 UTC until a test skews them.
 */
export function useTriggerEmulator() {
	const env = useEmulator();

	/** The simulated time of n8n (Date.now) and of the service (the emulator's clock). */
	const clock = {
		n8n: Date.UTC(2026, 0, 1, 8),
		skewMs: 0,
		set(n8nMs: number) {
			this.n8n = n8nMs;
			env.emulator.clock.set(n8nMs - this.skewMs);
		},
		advance(ms: number) {
			this.set(this.n8n + ms);
		},
		/** The service's time now. */
		get service() {
			return this.n8n - this.skewMs;
		},
	};

	beforeEach(() => {
		clock.skewMs = 0;
		jest.spyOn(Date, 'now').mockImplementation(() => clock.n8n);
		clock.set(Date.UTC(2026, 0, 1, 8));
		env.emulator.reset('empty');
	});

	afterEach(() => {
		jest.restoreAllMocks();
		env.emulator.clock.useRealTime();
	});

	return { env, clock };
}

export const trigger = (event: string, extra: IDataObject = {}) =>
	new PollingWorkflow({ event, ...extra });
export const onList = (value: string, options?: { fullCheckHours?: number }) => ({
	list: { __rl: true, mode: 'list', value },
	...(options ? { options } : {}),
});

/** A trigger's place as n8n saves it: in the workflow's global static data, under the node's ID. */
export function placeOf(w: PollingWorkflow): {
	version: number;
	cursors: Record<string, { checkedAt: number; emitted: IDataObject }>;
} {
	const places = (w.savedStaticData().global as IDataObject | undefined)?.madMimiTrigger as
		| IDataObject
		| undefined;
	return places?.[w.node.id] as never;
}
