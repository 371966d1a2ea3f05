/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- the local emulator's demo accounts: made-up keys that open nothing but the emulator */
/**
 * Seed data of the emulator (seedData.json): the 'demo' account (demoSeed.ts) and the 'empty'
 * account, the service-wide catalogues both have, and the credentials the emulator takes.
 * Deterministic: every value is fixed or derived from the clock's "now" at seeding time.
 */
import { seedDemo } from './demoSeed';
import type { Addon } from './model';
import seedData from './seedData.json';
import { Store } from './store';

export const DEMO_CREDENTIALS = {
	username: 'demo@example.com',
	apiKey: 'demo-key-7f3a9c2e51b84d6a',
};
export const NO_RIGHTS_CREDENTIALS = {
	username: 'norights@example.com',
	apiKey: 'norights-key-0b1c2d3e',
};
/** The demo username with a key the emulator refuses. */
export const WRONG_CREDENTIALS = { username: 'demo@example.com', apiKey: 'wrong-key-123456' };

export type SeedName = 'demo' | 'empty';

/** A new store with the named seed. */
export function createStore(seed: SeedName, now: () => number): Store {
	const store = new Store(now);
	// the service-wide catalogues: the 'empty' seed has them too, its addons all deactivated
	store.addons = seedData.addons.map((a) => ({ ...a }) as Addon);
	store.socialLinkDefs = seedData.socialLinkDefs.map((d) => ({ ...d }));
	if (seed === 'empty') {
		for (const a of store.addons) a.status = 'deactivated';
		return store;
	}
	seedDemo(store, now());
	return store;
}
