/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- the demo account's child accounts: made-up keys that open nothing but the emulator */
/**
 * The 'demo' account (README.md "Seeds"): its lists, members, promotions and mailings with their
 * statistics, child accounts, drip campaigns and signup form. Deterministic: every value is fixed
 * or derived from the clock's "now" at seeding time.
 */
import type { Outcome, Recipient } from './model';
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

interface DemoMember {
	email: string;
	first: string;
	last: string;
	daysAgo: number;
	lists: string[];
	optedOutDaysAgo?: number;
}

const N = DEMO_IDS.listNames.newsletter;
const V = DEMO_IDS.listNames.vipCustomers;
const B = DEMO_IDS.listNames.betaTesters;

const DEMO_MEMBERS: DemoMember[] = [
	{ email: 'ann.archer@example.com', first: 'Ann', last: 'Archer', daysAgo: 58, lists: [N, V] },
	{ email: 'ben.baker@example.com', first: 'Ben', last: 'Baker', daysAgo: 52, lists: [N] },
	{ email: 'cara.cole@example.com', first: 'Cara', last: 'Cole', daysAgo: 47, lists: [N, B] },
	{
		email: 'dan.diaz@example.com',
		first: 'Dan',
		last: 'Diaz',
		daysAgo: 41,
		lists: [N],
		optedOutDaysAgo: 3,
	},
	{ email: 'eve.evans@example.com', first: 'Eve', last: 'Evans', daysAgo: 36, lists: [V] },
	{ email: 'finn.fox@example.com', first: 'Finn', last: 'Fox', daysAgo: 30, lists: [N, B] },
	{ email: 'gia.grant@example.com', first: 'Gia', last: 'Grant', daysAgo: 24, lists: [N] },
	{ email: 'hugo.hill@example.com', first: 'Hugo', last: 'Hill', daysAgo: 19, lists: [V, B] },
	{
		email: 'ines.ivanova@example.com',
		first: 'Ines',
		last: 'Ivanova',
		daysAgo: 13,
		lists: [N],
		optedOutDaysAgo: 1,
	},
	{ email: 'jon.jones@example.com', first: 'Jon', last: 'Jones', daysAgo: 8, lists: [B] },
	{ email: 'kim.kato@example.com', first: 'Kim', last: 'Kato', daysAgo: 4, lists: [N] },
	{ email: 'leo.lopez@example.com', first: 'Leo', last: 'Lopez', daysAgo: 1, lists: [] },
];

const PROMOTION_NAMES = [
	'Winter clearance 2010',
	'Spring sale',
	'Weekly digest',
	'API: Receipt',
	'Summer launch',
	'Product update (June)',
	'Customer survey',
	'Black Friday preview',
	'Webinar invitation',
	'New features roundup',
	'Holiday greetings',
	'Back to school',
	'Loyalty rewards',
	'Flash sale: 24 hours',
	'Community meetup',
	'Year in review',
	'Partner spotlight',
	'Welcome series #1',
	'Welcome series #2',
	'Price change notice',
	'Case study: Acme & Co',
	'Release notes 3.2',
	'Autumn catalogue',
	'Re-engagement: we miss you',
	'Monthly newsletter',
];

/**
 * Mimio codes given explicitly (the others derive from the id): one all digits, as the service's
 * own `293145` (a code, not a number).
 */
const DEMO_MIMIOS: Record<number, string> = { 1: '0a9f3e', 2: 'c4e1b7', 3: '293145', 5: '5e77a0' };

/**
 * The demo account (README.md "Seeds"), part by part, in an order that matters: it gives the
 * lists their ids (101, 102, 103) and the members theirs (from 7130012110).
 */
export function seedDemo(store: Store, now: number): void {
	seedLists(store);
	seedMembers(store, now);
	seedPromotions(store, now);
	const people: Recipient[] = DEMO_MEMBERS.map((m) => ({
		email: m.email,
		firstName: m.first,
		lastName: m.last,
		at: 0,
	}));
	seedWinterClearanceMailing(store);
	seedSpringSaleMailings(store, now, people);
	seedWeeklyDigestMailing(store, now, people);
	seedOtherMailings(store, now);
	store.analyticsDomains = ['example.com', 'shop.example.com'];
	store.socialLinks = {
		twitter: 'https://twitter.com/demo_shop',
		wordpress: 'https://demoshop.wordpress.com',
	};
	seedChildAccounts(store, now);
	seedDripCampaigns(store, now);
	seedSignupForm(store);
	store.transactional = DEMO_IDS.transactional.map((t) => ({ ...t }));
}

function seedLists(store: Store): void {
	// Lists in a fixed order so their ids are 101, 102, 103.
	store.createList(N);
	store.createList(V, 'Our best customers');
	store.createList(B);
}

function seedMembers(store: Store, now: number): void {
	for (const m of DEMO_MEMBERS) {
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
}

/** 25 promotions, ids 1–25; 1 updated in 2011, 7 hidden, every third one plain text only. */
function seedPromotions(store: Store, now: number): void {
	PROMOTION_NAMES.forEach((name, index) => {
		const id = index + 1;
		const updatedAt =
			id === 1 ? Date.UTC(2011, 1, 14, 14, 59, 5) : now - (26 - id) * 2 * DAY - id * HOUR;
		store.addPromotion(name, {
			id,
			mimio: DEMO_MIMIOS[id],
			updatedAt,
			hidden: id === 7,
			rawHtml:
				id % 3 === 0 ? undefined : `<html><body><h1>${name}</h1>[[unsubscribe]]</body></html>`,
			rawPlainText: id % 3 === 0 ? `${name}\n\n[[unsubscribe]]` : undefined,
		});
	});
}

/** The demo members at `indexes` (of DEMO_MEMBERS) as recipients at `at`. */
function pick(people: Recipient[], indexes: number[], at: number): Recipient[] {
	return indexes.map((i) => ({ ...people[i], at }));
}

/** 1: the 2011 promotion with one old mailing. */
function seedWinterClearanceMailing(store: Store): void {
	store.addMailing(1, {
		id: 31,
		startedSend: Date.UTC(2011, 1, 14, 15, 0, 0),
		finishedSend: Date.UTC(2011, 1, 14, 15, 12, 40),
		stats: {
			sent: 40,
			views: 21,
			untraced: 2,
			clicked: 6,
			forwarded: 0,
			bounced: 1,
			unsubscribed: 0,
			abused: 0,
		},
		links: [{ url: 'https://shop.example.com/winter', clicks: 8, uniqueClicks: 6 }],
	});
}

/** 2: Spring sale, two mailings with a few demo members. */
function seedSpringSaleMailings(store: Store, now: number, people: Recipient[]): void {
	const spring1 = now - 20 * DAY;
	const m32 = store.addMailing(2, {
		id: 32,
		subject: 'Spring sale starts today',
		startedSend: spring1,
		finishedSend: spring1 + 12 * 60_000,
		stats: {
			sent: 4,
			views: 3,
			untraced: 0,
			clicked: 1,
			forwarded: 1,
			bounced: 0,
			unsubscribed: 0,
			abused: 0,
		},
		links: [
			{ url: 'https://shop.example.com/spring', clicks: 3, uniqueClicks: 1 },
			{
				url: 'https://shop.example.com/spring?utm_source=mail&utm_medium=email',
				clicks: 0,
				uniqueClicks: 0,
			},
		],
	});
	m32.recipients.sent = pick(people, [0, 1, 2, 3], spring1 + 60_000);
	m32.recipients.read = pick(people, [0, 1, 2], spring1 + 2 * HOUR);
	m32.recipients.clicked_thru = pick(people, [0], spring1 + 3 * HOUR);
	m32.recipients.forwarded = pick(people, [2], spring1 + 4 * HOUR);
	const spring2 = now - 10 * DAY;
	const m33 = store.addMailing(2, {
		id: 33,
		subject: 'Last days of the spring sale',
		startedSend: spring2,
		finishedSend: spring2 + 9 * 60_000,
		stats: {
			sent: 3,
			views: 1,
			untraced: 0,
			clicked: 0,
			forwarded: 0,
			bounced: 1,
			unsubscribed: 0,
			abused: 0,
		},
	});
	m33.recipients.sent = pick(people, [0, 4, 5], spring2 + 30_000);
	m33.recipients.read = pick(people, [4], spring2 + HOUR);
	m33.recipients.bounced = pick(people, [5], spring2 + 60_000);
}

/** 3: Weekly digest: 250 sent (the 12 demo members first), every outcome populated. */
function seedWeeklyDigestMailing(store: Store, now: number, people: Recipient[]): void {
	const digest = now - 6 * DAY;
	const m34 = store.addMailing(3, {
		id: 34,
		subject: 'Weekly digest: this week on the blog',
		startedSend: digest,
		finishedSend: digest + 25 * 60_000,
		links: [
			{ url: 'https://blog.example.com/this-week', clicks: 52, uniqueClicks: 31 },
			{ url: 'https://blog.example.com/archive?page=2&sort=new', clicks: 14, uniqueClicks: 9 },
			{ url: 'https://events.example.com/meetup', clicks: 4, uniqueClicks: 4 },
		],
	});
	m34.recipients.sent = people.map((p, i) => ({ ...p, at: digest + i * 50 }));
	store.seedRecipients(3, 34, 'sent', 250 - people.length);
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
	m34.stats = {
		sent: 250,
		views: m34.recipients.read.length,
		untraced: m34.recipients.unopened.length,
		clicked: m34.recipients.clicked_thru.length,
		forwarded: m34.recipients.forwarded.length,
		bounced: m34.recipients.bounced.length,
		unsubscribed: m34.recipients.opt_out.length,
		abused: m34.recipients.abused.length,
	};
}

/** 5, 6, 8 and 20: mailings without recipients (5's not sent yet). */
function seedOtherMailings(store: Store, now: number): void {
	// 5: Summer launch: one mailing not sent yet.
	store.addMailing(5, { id: 35, unsent: true });

	// 6: Product update (June): one mailing, no recipients recorded.
	const update = now - 3 * DAY;
	store.addMailing(6, {
		id: 36,
		startedSend: update,
		finishedSend: update + 5 * 60_000,
		stats: {
			sent: 8,
			views: 5,
			untraced: 1,
			clicked: 2,
			forwarded: 0,
			bounced: 0,
			unsubscribed: 1,
			abused: 0,
		},
		links: [{ url: 'https://example.com/changelog', clicks: 2, uniqueClicks: 2 }],
	});

	// 8 and 20: more sent mailings.
	store.addMailing(8, {
		id: 37,
		startedSend: now - 30 * DAY,
		stats: {
			sent: 11,
			views: 7,
			untraced: 0,
			clicked: 3,
			forwarded: 0,
			bounced: 0,
			unsubscribed: 0,
			abused: 0,
		},
	});
	store.addMailing(20, {
		id: 38,
		startedSend: now - 2 * DAY,
		stats: {
			sent: 9,
			views: 2,
			untraced: 0,
			clicked: 0,
			forwarded: 0,
			bounced: 0,
			unsubscribed: 0,
			abused: 0,
		},
	});
	store.addMailing(20, {
		id: 39,
		startedSend: now - DAY,
		stats: {
			sent: 9,
			views: 4,
			untraced: 0,
			clicked: 1,
			forwarded: 0,
			bounced: 0,
			unsubscribed: 0,
			abused: 0,
		},
	});
}

function seedChildAccounts(store: Store, now: number): void {
	store.participants.set('child.one@example.com', {
		email: 'child.one@example.com',
		pwd: 'child-one-pass',
		firstName: 'Carla',
		lastName: 'Child',
		organizationName: 'Child One LLC',
		address: '1 Main Street, Springfield',
		apiKey: 'c0ffee00c0ffee00c0ffee00c0ffee01',
		invited: true,
		createdAt: now - 30 * DAY,
		permissions: { full: [N], read: [V], none: [B] },
	});
	store.participants.set('child.two@example.com', {
		email: 'child.two@example.com',
		firstName: 'Theo',
		lastName: 'Second',
		organizationName: 'Second & Sons',
		apiKey: 'c0ffee00c0ffee00c0ffee00c0ffee02',
		invited: false,
		createdAt: now - 12 * DAY,
		permissions: { full: [], read: [N], none: [] },
	});
}

function seedDripCampaigns(store: Store, now: number): void {
	store.dripCampaigns = [
		{
			id: 5,
			name: 'Onboarding',
			status: 'active',
			createdAt: now - 40 * DAY,
			drips: [{ id: 51, name: 'Welcome', delayDays: 3, promotionId: 18 }],
		},
		{ id: 6, name: 'Win-back', status: 'inactive', createdAt: now - 9 * DAY, drips: [] },
	];
}

function seedSignupForm(store: Store): void {
	store.signups.set(42, {
		name: 'Newsletter signup',
		id: 42,
		url: 'https://signup.example.com/signups/42/join',
		background: { repeat: 'no-repeat', image: null, color: '#f4f4f4' },
		header: { text: 'Join our newsletter', color: '#333333' },
		thumbnail: 'https://signup.example.com/signups/42/thumbnail.png',
		fields: [
			{ type: 'text', display: 'Email', value: null, required: true, name: 'signup[email]' },
			{
				type: 'text',
				display: 'First name',
				value: null,
				required: false,
				name: 'signup[first_name]',
			},
			{
				type: 'text',
				display: 'Company',
				value: 'Acme & Co',
				required: false,
				name: 'signup[company]',
			},
		],
		submit: 'https://signup.example.com/signups/subscribe/42',
	});
}
