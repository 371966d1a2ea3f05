/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- the local emulator's demo accounts: made-up keys that open nothing but the emulator */
/**
 * Seed data of the emulator: the 'demo' account (demoSeed.ts) and the 'empty' account, the
 * service-wide catalogues both have, and the credentials the emulator takes. Deterministic: every
 * value is fixed or derived from the clock's "now" at seeding time.
 */
import { seedDemo } from './demoSeed';
import type { Addon, SocialLinkDef } from './model';
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

/** The service-wide addon catalogue (the 'empty' seed has it too, all deactivated). */
function addonCatalogue(): Addon[] {
	return [
		{
			id: 1,
			key: 'ab_testing',
			name: 'A/B testing',
			description: 'Send two versions of a promotion and keep the better one.',
			paid: false,
			status: 'activated',
		},
		{
			id: 2,
			key: 'custom_domain',
			name: 'Custom domain',
			description: 'Serve promotions and links from your own domain.',
			paid: true,
			status: 'deactivated',
		},
		{
			id: 3,
			key: 'social_sharing',
			name: 'Social sharing',
			description: 'Adds share buttons to every promotion.',
			paid: false,
			status: 'deactivated',
		},
		{
			id: 4,
			key: 'advanced_reporting',
			name: 'Advanced reporting',
			description: 'Click maps, domain breakdowns & long-term trends.',
			paid: true,
			status: 'activated',
		},
		{
			id: 5,
			key: 'rss_campaigns',
			name: 'RSS campaigns',
			description: 'Mail your blog posts to a list automatically.',
			paid: false,
			status: 'activated',
		},
	];
}

function socialLinkCatalogue(): SocialLinkDef[] {
	return [
		{
			key: 'facebook',
			name: 'Facebook',
			description: 'Your Facebook page',
			formatting: 'https://www.facebook.com/<page>',
		},
		{
			key: 'twitter',
			name: 'Twitter',
			description: 'Your Twitter profile',
			formatting: 'https://twitter.com/<username>',
		},
		{
			key: 'wordpress',
			name: 'WordPress',
			description: 'Your WordPress blog',
			formatting: 'https://<blog>.wordpress.com',
		},
		{
			key: 'linkedin',
			name: 'LinkedIn',
			description: 'Your LinkedIn profile',
			formatting: 'https://www.linkedin.com/in/<profile>',
		},
		{
			key: 'instagram',
			name: 'Instagram',
			description: 'Your Instagram account',
			formatting: 'https://www.instagram.com/<username>',
		},
	];
}

/** A new store with the named seed. */
export function createStore(seed: SeedName, now: () => number): Store {
	const store = new Store(now);
	store.addons = addonCatalogue();
	store.socialLinkDefs = socialLinkCatalogue();
	if (seed === 'empty') {
		for (const a of store.addons) a.status = 'deactivated';
		return store;
	}
	seedDemo(store, now());
	return store;
}
