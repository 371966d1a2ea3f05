/**
 * The 'demo' account (README.md "Seeds"): its lists, members, promotions and mailings with their
 * statistics, child accounts, drip campaigns and signup form. The data is in seedData.json
 * ("demo"); this file lays it into a store. Deterministic: every value is fixed or derived from the clock's
 * "now" at seeding time (a `daysAgo` counts back from it).
 */
import { OUTCOME_COUNTER, OUTCOMES } from './model';
import type { Outcome, Recipient } from './model';
import seedData from './seedData.json';
import type { Store } from './store';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Ids and names of the demo seed, for tests. */
export const DEMO_IDS = {
	lists: { newsletter: 101, vipCustomers: 102, betaTesters: 103 },
	listNames: {
		newsletter: 'Newsletter',
		vipCustomers: 'VIP Customers',
		betaTesters: 'Beta testers (EU)',
	},
	promotions: {
		/** updated 2011-02-14 14:59:05 UTC, renders in the legacy date form */
		winterClearance: 1,
		springSale: 2,
		weeklyDigest: 3,
		apiReceipt: 4,
		summerLaunch: 5,
		productUpdate: 6,
	},
	promotionCount: 25,
	mailings: {
		winterClearance: 31,
		springSaleFirst: 32,
		springSaleSecond: 33,
		/** 250 sent recipients, other outcomes populated */
		weeklyDigest: 34,
		/** not sent yet */
		summerLaunchUnsent: 35,
		productUpdate: 36,
	},
	/** Members opted out in the seed (1 and 3 days before seeding). */
	optedOut: ['ines.ivanova@example.com', 'dan.diaz@example.com'],
	memberCount: 12,
	signupId: 42,
	transactional: [
		{ promotionName: 'API: Receipt', date: '2024-06-03', count: 17 },
		{ promotionName: 'API: Receipt', date: '2024-06-04', count: 42 },
	],
	children: ['child.one@example.com', 'child.two@example.com'],
	dripCampaigns: { onboarding: 5, winBack: 6 },
} as const;

const demo = seedData.demo;

/**
 * The demo account (README.md "Seeds"), part by part, in an order that matters: it gives the
 * lists their ids (101, 102, 103) and the members theirs (from 7130012110).
 */
export function seedDemo(store: Store, now: number): void {
	for (const l of demo.lists) store.createList(l.name, l.displayName);
	for (const m of demo.members) {
		store.addMember(m.email, {
			createdAt: now - m.daysAgo * DAY - 3 * HOUR,
			lists: m.lists,
			fields: { first_name: m.first, last_name: m.last },
		});
		if (m.optedOutDaysAgo !== undefined) store.optOut(m.email, now - m.optedOutDaysAgo * DAY);
	}
	const ann = store.getMember('ann.archer@example.com');
	if (ann) ann.fields.company = 'Archer Outfitters';
	// Leo's other fields were cleared (empty texts): the members documents write them <x></x>, the
	// others' unset fields <x/>, as the recorded document mixes both.
	const leo = store.getMember('leo.lopez@example.com');
	if (leo)
		for (const f of ['city', 'phone', 'company', 'title', 'address', 'state', 'zip', 'country'])
			leo.fields[f] = '';
	seedPromotions(store, now);
	seedMailings(store, now);
	store.analyticsDomains = [...demo.analyticsDomains];
	store.socialLinks = { ...demo.socialLinks };
	for (const { createdDaysAgo, permissions, ...child } of demo.childAccounts) {
		store.participants.set(child.email, {
			...child,
			createdAt: now - createdDaysAgo * DAY,
			permissions: structuredClone(permissions),
		});
	}
	store.dripCampaigns = demo.dripCampaigns.map(({ createdDaysAgo, drips, ...c }) => ({
		...c,
		createdAt: now - createdDaysAgo * DAY,
		drips: drips.map((d) => ({ ...d })),
	}));
	store.signups.set(demo.signup.id, structuredClone(demo.signup));
	store.transactional = DEMO_IDS.transactional.map((t) => ({ ...t }));
}

/** 25 promotions, ids 1–25; 1 updated in 2011, 7 hidden, every third one plain text only. */
function seedPromotions(store: Store, now: number): void {
	const mimios: Record<string, string> = demo.mimios;
	demo.promotions.forEach((name, index) => {
		const id = index + 1;
		const updatedAt =
			id === 1 ? Date.UTC(2011, 1, 14, 14, 59, 5) : now - (26 - id) * 2 * DAY - id * HOUR;
		store.addPromotion(name, {
			id,
			mimio: mimios[String(id)],
			updatedAt,
			hidden: id === 7,
			rawHtml:
				id % 3 === 0 ? undefined : `<html><body><h1>${name}</h1>[[unsubscribe]]</body></html>`,
			rawPlainText: id % 3 === 0 ? `${name}\n\n[[unsubscribe]]` : undefined,
		});
	});
}

interface DemoMailing {
	promotion: number;
	id: number;
	subject?: string;
	unsent?: boolean;
	/** When it was sent: `startedAt` (ISO), or `daysAgo`; `sendSeconds` it took (default 10 min). */
	startedAt?: string;
	daysAgo?: number;
	sendSeconds?: number;
	stats?: Record<string, number>;
	links?: { url: string; clicks: number; uniqueClicks: number }[];
	/** Demo members (indexes of `members`) per outcome, `afterMs` the start of the send. */
	recipients?: Partial<Record<Outcome, { members: number[]; afterMs: number }>>;
}

/** The mailings of seedData.json, then the Weekly digest's 250 recipients. */
function seedMailings(store: Store, now: number): void {
	const people: Recipient[] = demo.members.map((m) => ({
		email: m.email,
		firstName: m.first,
		lastName: m.last,
		at: 0,
	}));
	for (const d of demo.mailings as DemoMailing[]) {
		const start =
			d.startedAt !== undefined ? Date.parse(d.startedAt) : now - (d.daysAgo ?? 0) * DAY;
		const mailing = store.addMailing(d.promotion, {
			id: d.id,
			subject: d.subject,
			unsent: d.unsent,
			startedSend: d.unsent ? undefined : start,
			finishedSend: d.sendSeconds === undefined ? undefined : start + d.sendSeconds * 1000,
			stats: d.stats,
			links: d.links,
		});
		for (const [outcome, r] of Object.entries(d.recipients ?? {}))
			mailing.recipients[outcome as Outcome] = r.members.map((i) => ({
				...people[i],
				at: start + r.afterMs,
			}));
	}
	seedWeeklyDigest(store, now, people);
}

/** 3: Weekly digest: 250 sent (the 12 demo members first), every outcome populated. */
function seedWeeklyDigest(store: Store, now: number, people: Recipient[]): void {
	const digest = now - 6 * DAY;
	const { weeklyDigest } = DEMO_IDS.promotions;
	const m34 = store.getMailing(weeklyDigest, DEMO_IDS.mailings.weeklyDigest)!;
	m34.recipients.sent = people.map((p, i) => ({ ...p, at: digest + i * 50 }));
	store.seedRecipients(weeklyDigest, m34.id, 'sent', 250 - people.length);
	m34.stats.sent = 250;
	const sent = m34.recipients.sent;
	const choose = (outcome: Outcome, test: (i: number) => boolean, offset: number): void => {
		const out: Recipient[] = [];
		for (let i = 0; i < sent.length; i++)
			if (test(i)) out.push({ ...sent[i], at: digest + offset + i * 1000 });
		m34.recipients[outcome] = out;
	};
	choose('read', (i) => i % 2 === 0 && i < 240, HOUR);
	choose('clicked_thru', (i) => i % 6 === 0 && i < 240, 2 * HOUR);
	choose('unopened', (i) => i % 25 === 1, 0);
	choose('opt_out', (i) => i === 3 || i === 8 || i === 100, 3 * HOUR);
	choose('bounced', (i) => [13, 57, 101, 149, 201].includes(i), 60_000);
	choose('forwarded', (i) => i === 0 || i === 30, 5 * HOUR);
	choose('abused', (i) => i === 77, 6 * HOUR);
	for (const outcome of OUTCOMES)
		if (outcome !== 'sent') m34.stats[OUTCOME_COUNTER[outcome]] = m34.recipients[outcome].length;
}
