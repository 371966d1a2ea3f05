/**
 * No source shows the element and attribute names of these answers: the emulator's names are our
 * guesses, and the real service's will differ. The emulator can serve every such answer under a
 * second vocabulary (every name changed, wrappers named unlike their children, attributes moved
 * to child elements and back, JSON arrays wrapped beside a counter). For every operation that
 * reads one, with no record, one and many, the node's output under both vocabularies must hold
 * the same records with the same values, field names aside.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Emulator } from '../../emulator';
import { DEMO_IDS } from '../../emulator';
import { callMethod, runNode } from '../harness';
import { itemsOf, nodeParams, useEmulator } from './setup';
import { toIsoDateTime } from '../../nodes/MadMimi/parsing';

const env = useEmulator();
const { promotions: P, mailings: M } = DEMO_IDS;

type Vocabulary = 'guessed' | 'second';

/** A value with its field names taken away: objects become their values, sorted; arrays keep their order. */
function valuesOnly(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(valuesOnly);
	if (value !== null && typeof value === 'object') {
		return Object.values(value as IDataObject)
			.map(valuesOnly)
			.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
	}
	// a value is typed by its field's name (parsing/fieldTypes.ts): a guessed name renamed may be
	// text where the guessed one is a number or a time, so values compare as the text they stand for
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (typeof value === 'string') return toIsoDateTime(value) ?? value;
	return value;
}

/** The names used at any depth of the output (to show that the vocabularies really differ). */
function fieldNames(value: unknown, into = new Set<string>()): Set<string> {
	if (Array.isArray(value)) for (const v of value) fieldNames(v, into);
	else if (value !== null && typeof value === 'object') {
		for (const [k, v] of Object.entries(value as IDataObject)) {
			into.add(k);
			fieldNames(v, into);
		}
	}
	return into;
}

interface Case {
	name: string;
	parameters: INodeParameters;
	/** Sets the store up with `count` records of the kind the operation reads (0, 1 or many). */
	setup: (emulator: Emulator, count: number) => void;
	/** Fields the node adds itself (the IDs it was given, its own flags): the same names in both runs. */
	own?: string[];
}

const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
const byKey = (value: string) => ({ __rl: true, mode: 'key', value });
const MANY = 7;

const OUTCOMES = [
	'sent',
	'read',
	'clicked_thru',
	'opt_out',
	'bounced',
	'forwarded',
	'abused',
	'unopened',
] as const;

/** A fresh mailing of the weekly digest with `count` recipients of one outcome (and links). */
function mailingWith(emulator: Emulator, outcome: (typeof OUTCOMES)[number], count: number): void {
	const store = emulator.store;
	store.addMailing(P.weeklyDigest, { id: 900 });
	if (outcome !== 'sent') store.seedRecipients(P.weeklyDigest, 900, 'sent', count);
	store.seedRecipients(P.weeklyDigest, 900, outcome, count);
}

function linksWith(emulator: Emulator, count: number): void {
	emulator.store.addMailing(P.weeklyDigest, {
		id: 900,
		links: Array.from({ length: count }, (_, i) => ({
			url: `https://example.com/page-${i + 1}?a=1&b=2`,
			clicks: 10 + i,
			uniqueClicks: 5 + i,
		})),
	});
}

/** `count` records: the demo ones, then more of the same kinds under other keys and names. */
function grown<T extends { key: string; name: string }>(
	demo: T[],
	count: number,
	more: (base: T, i: number) => Partial<T> = () => ({}),
): T[] {
	return Array.from({ length: count }, (_, i) => {
		const base = demo[i % demo.length];
		return i < demo.length
			? base
			: { ...base, key: `${base.key}_${i}`, name: `${base.name} ${i}`, ...more(base, i) };
	});
}

/** The node's own fields of a mailing read, and those it takes from the recorded promotions document. */
const MAILING_OWN = [
	'promotionId',
	'promotionName',
	'mailingId',
	'subject',
	'startedSend',
	'finishedSend',
	'openRate',
	'clickRate',
];
const mailing = (operation: string, extra: IDataObject = {}): INodeParameters => ({
	resource: 'mailing',
	operation,
	promotionId: byId(P.weeklyDigest),
	mailingId: byId(900),
	...extra,
});

const CASES: Case[] = [
	...OUTCOMES.map(
		(outcome): Case => ({
			name: `Mailing → Get Recipients (${outcome})`,
			parameters: mailing('getRecipients', {
				outcome: outcome.replace(/_(.)/, (_m, c: string) => c.toUpperCase()),
				returnAll: true,
			}),
			setup: (emulator, count) => mailingWith(emulator, outcome, count),
			own: ['promotionId', 'mailingId', 'outcome'],
		}),
	),
	{
		name: 'Mailing → Get Links',
		parameters: mailing('getLinks'),
		setup: linksWith,
		own: MAILING_OWN,
	},
	{
		name: 'Mailing → Get Stats (the links inside the recorded document are guessed)',
		parameters: mailing('getStats'),
		setup: linksWith,
		own: MAILING_OWN,
	},
	{
		name: 'Audience Member → Get Promotion Attempts',
		parameters: nodeParams('audienceMember', 'getPromotionAttempts', {
			email: 'vocab@example.com',
		}),
		setup: (emulator, count) => {
			const store = emulator.store;
			store.addMember('vocab@example.com');
			for (let i = 0; i < count; i++) {
				const mailing = store.addMailing(P.springSale, { id: 950 + i });
				const at = mailing.startedSend ?? store.now();
				store.addRecipient(P.springSale, mailing.id, 'sent', {
					email: 'vocab@example.com',
					firstName: 'Vo',
					at,
				});
				if (i % 2 === 0)
					store.addRecipient(P.springSale, mailing.id, 'read', {
						email: 'vocab@example.com',
						at: at + 1000,
					});
			}
		},
		own: ['email'],
	},
	{
		name: 'Addon → Get Available',
		parameters: { resource: 'addon', operation: 'getAvailable' },
		setup: (emulator, count) => {
			emulator.store.addons = grown(emulator.store.addons, count, (_b, i) => ({ id: 100 + i }));
		},
	},
	{
		name: 'Addon → Get Many',
		parameters: { resource: 'addon', operation: 'getAll' },
		setup: (emulator, count) => {
			emulator.store.addons = grown(emulator.store.addons, count, (_b, i) => ({ id: 100 + i }));
		},
	},
	{
		name: 'Analytics Domain → Get Many',
		parameters: { resource: 'analyticsDomain', operation: 'getAll' },
		setup: (emulator, count) => {
			emulator.store.analyticsDomains = Array.from(
				{ length: count },
				(_, i) => `site-${i + 1}.example.com`,
			);
		},
	},
	{
		name: 'Child Account → Get Many',
		parameters: { resource: 'childAccount', operation: 'getAll' },
		setup: (emulator, count) => {
			const store = emulator.store;
			const all = [...store.participants.values()];
			store.participants.clear();
			for (let i = 0; i < count; i++) {
				const base = all[i % all.length];
				const email = `child-${i + 1}@example.com`;
				store.participants.set(email, {
					...base,
					email,
					lastName: i % 2 ? undefined : base.lastName,
					createdAt: base.createdAt + i * 1000,
				});
			}
		},
	},
	{
		name: 'Drip Campaign → Get Many (campaigns with no drip, one and several)',
		parameters: { resource: 'dripCampaign', operation: 'getAll' },
		setup: (emulator, count) => {
			const store = emulator.store;
			const template = store.dripCampaigns[0];
			store.dripCampaigns = Array.from({ length: count }, (_, i) => ({
				...template,
				id: 70 + i,
				name: `Campaign ${i + 1}`,
				drips: Array.from({ length: i % 3 }, (_d, k) => ({
					id: 700 + i * 10 + k,
					name: `Step ${k + 1}`,
					delayDays: k * 2,
					promotionId: 18,
				})),
			}));
		},
	},
	{
		name: 'Social Link → Get Available (JSON)',
		parameters: { resource: 'socialLink', operation: 'getAvailable' },
		setup: (emulator, count) => {
			emulator.store.socialLinkDefs = grown(emulator.store.socialLinkDefs, count);
		},
	},
	{
		name: 'Social Link → Get Many (JSON)',
		parameters: { resource: 'socialLink', operation: 'getAll' },
		setup: (emulator, count) => {
			emulator.store.socialLinkDefs = grown(emulator.store.socialLinkDefs, count);
			const keys = emulator.store.socialLinkDefs.map((d) => d.key);
			emulator.store.socialLinks = Object.fromEntries(
				keys.map((k) => [k, `https://social.example.com/${k}`]),
			);
		},
	},
];

/** One date style and a frozen clock, so that both runs see the same dates written the same way. */
const NOW = Date.UTC(2024, 5, 10, 12, 0, 0);

async function outputIn(
	vocabulary: Vocabulary,
	c: Case,
	count: number,
): Promise<INodeExecutionData[]> {
	env.emulator.clock.set(NOW);
	env.emulator.reset('demo');
	env.emulator.dateStyle = '-0400';
	env.emulator.vocabulary = vocabulary;
	c.setup(env.emulator, count);
	const items = await itemsOf({ parameters: c.parameters });
	return items;
}

describe.each(CASES)('$name: the same records under both vocabularies', (c) => {
	test.each([
		['no record', 0],
		['one record', 1],
		['many records', MANY],
	])('%s', async (_label, count) => {
		const guessed = await outputIn('guessed', c, count);
		const second = await outputIn('second', c, count);
		const isSingleDocument = c.parameters.operation === 'getStats';
		expect(guessed).toHaveLength(isSingleDocument ? 1 : count);
		expect(second).toHaveLength(guessed.length);
		expect(second.map((i) => i.pairedItem)).toEqual(guessed.map((i) => i.pairedItem));
		expect(second.map((i) => valuesOnly(i.json))).toEqual(guessed.map((i) => valuesOnly(i.json)));
		if (count > 0) {
			// the vocabularies really differ: beyond the node's own fields, no name is shared
			const own = new Set([...(c.own ?? []), 'domain', 'addon', 'changed']);
			const names = (items: INodeExecutionData[]) =>
				[...fieldNames(items.map((i) => i.json))].filter((n) => !own.has(n));
			const shared = names(second).filter((n) => names(guessed).includes(n));
			const recorded = isSingleDocument
				? [
						'allAudience',
						'sent',
						'views',
						'untraced',
						'clicked',
						'links',
						'forwarded',
						'bounced',
						'unsubscribed',
						'abused',
					]
				: [];
			expect(shared.filter((n) => !recorded.includes(n))).toEqual([]);
		}
	});
});

describe('operations that act on what they read, under the second vocabulary', () => {
	beforeEach(() => {
		env.emulator.dateStyle = '-0400';
		env.emulator.vocabulary = 'second';
	});

	test.each([
		['activate', 'social_sharing', 'activated', true],
		['activate', 'ab_testing', 'activated', false],
		['deactivate', 'rss_campaigns', 'deactivated', true],
		['deactivate', 'social_sharing', 'deactivated', false],
	])(
		'Addon → %s %s: the status read by value, toggled only when needed',
		async (operation, key, wanted, changed) => {
			const items = await itemsOf({
				parameters: { resource: 'addon', operation, addon: byKey(key) },
			});
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({ addon: key, changed });
			expect(Object.values(items[0].json)).toContain(wanted);
			expect(env.emulator.store.addons.find((a) => a.key === key)?.status).toBe(wanted);
		},
	);

	test('the Addon "From List" dropdown gives the same choices under both vocabularies', async () => {
		const second = await callMethod('listSearch', 'searchAddons', nodeParams('addon', 'activate'));
		env.emulator.vocabulary = 'guessed';
		const guessed = await callMethod('listSearch', 'searchAddons', nodeParams('addon', 'activate'));
		expect(second).toEqual(guessed);
		expect((guessed as { results: unknown[] }).results).toHaveLength(5);
	});

	test('Analytics Domain → Get Many gives { domain } in both', async () => {
		const { items } = await runNode({
			parameters: { resource: 'analyticsDomain', operation: 'getAll' },
		});
		expect(items.map((i) => i.json)).toEqual([
			{ domain: 'example.com' },
			{ domain: 'shop.example.com' },
		]);
	});

	test.each([
		['Return All of 250', { outcome: 'sent', returnAll: true }, 250],
		['a Limit of 150 over 120', { outcome: 'read', returnAll: false, limit: 150 }, 120],
	])(
		'Get Recipients over several pages (%s) reads the same recipients',
		async (_n, extra, count) => {
			const parameters = mailing('getRecipients', { mailingId: byId(M.weeklyDigest), ...extra });
			const second = await runNode({ parameters });
			env.emulator.vocabulary = 'guessed';
			const guessed = await runNode({ parameters });
			expect(second.items).toHaveLength(count);
			expect(second.items.map((i) => valuesOnly(i.json))).toEqual(
				guessed.items.map((i) => valuesOnly(i.json)),
			);
		},
	);
});
