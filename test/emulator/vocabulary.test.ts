/**
 * The second vocabulary: every guessed answer, with no record, one and several, served under other
 * names and another layout, with the same records and the same values (secondVocabulary.ts). The
 * rename table, the XML reader and the switch: vocabularyTable.test.ts.
 */
import { XMLValidator } from 'fast-xml-parser';

import {
	DEMO_IDS,
	elementChildren,
	parseXml,
	SECOND_VOCABULARY_COUNTER,
	secondName,
} from '../../emulator';
import type { Store, Vocabulary } from '../../emulator';
import { DEMO_AUTH, useDemoEmulator } from '../support/emulatorClient';
import type { Reply } from '../support/emulatorClient';
import {
	expectRenamedJson,
	expectSecondXml,
	expectSwapped,
	jsonKeys,
	namesIn,
	ORIGINALS,
	valuesIn,
} from './secondVocabulary';

const P = DEMO_IDS.promotions.weeklyDigest;

// the same seed in both runs of a case
const env = useDemoEmulator(Date.UTC(2024, 5, 1, 12, 0, 0));

async function get(path: string, accept?: string): Promise<Reply> {
	const res = await fetch(
		`${env.emulator.baseUrl}${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(DEMO_AUTH).toString()}`,
		{
			headers: accept === undefined ? {} : { accept },
		},
	);
	return {
		status: res.status,
		text: await res.text(),
		type: res.headers.get('content-type') ?? '',
	};
}

/** The same request on the same fresh store and rotation, once in each vocabulary. */
async function inBoth(
	setup: (store: Store, n: number) => void,
	n: number,
	path: string,
	accept?: string,
): Promise<Record<Vocabulary, Reply>> {
	const out = {} as Record<Vocabulary, Reply>;
	for (const vocabulary of ['guessed', 'second'] as const) {
		env.emulator.reset('demo');
		env.emulator.vocabulary = vocabulary;
		setup(env.emulator.store, n);
		out[vocabulary] = await get(path, accept);
		expect(out[vocabulary].status).toBe(200);
	}
	return out;
}

// ---------------------------------------------------------------- the guessed endpoints

interface XmlCase {
	name: string;
	path: string;
	setup: (store: Store, n: number) => void;
	several: number;
}

const OUTCOMES = [
	'sent',
	'read',
	'clicked_thru',
	'unopened',
	'opt_out',
	'bounced',
	'forwarded',
	'abused',
] as const;

function links(store: Store, n: number): void {
	store.addMailing(P, {
		id: 900,
		links: Array.from({ length: n }, (_, i) => ({
			url: `https://example.com/page-${i + 1}?a=1&b=2`,
			clicks: 10 + i,
			uniqueClicks: i,
		})),
	});
}

function participants(store: Store, n: number): void {
	const template = [...store.participants.values()][0];
	store.participants.clear();
	for (let i = 0; i < n; i++) {
		const email = `child-${i + 1}@example.com`;
		// every other one without last name and organization: empty attributes
		const empty = i % 2 === 1;
		store.participants.set(email, {
			...template,
			email,
			lastName: empty ? undefined : `Last ${i}`,
			organizationName: empty ? undefined : 'Org & "Co"',
			createdAt: template.createdAt + i * 1000,
		});
	}
}

function dripCampaigns(store: Store, n: number): void {
	const template = store.dripCampaigns[0];
	store.dripCampaigns = Array.from({ length: n }, (_, i) => ({
		...template,
		id: 70 + i,
		name: `Campaign <${i + 1}>`,
		drips: Array.from({ length: i % 3 }, (_d, k) => ({
			id: 700 + i * 10 + k,
			name: `Step ${k + 1}`,
			delayDays: k * 2,
			promotionId: 18,
		})),
	}));
}

const XML_CASES: XmlCase[] = [
	...OUTCOMES.map(
		(outcome): XmlCase => ({
			name: `${outcome}.xml`,
			path: `/promotions/${P}/mailings/900/${outcome}.xml`,
			setup: (store, n) => {
				store.addMailing(P, { id: 900 });
				if (outcome !== 'sent') store.seedRecipients(P, 900, 'sent', n);
				store.seedRecipients(P, 900, outcome, n);
			},
			several: 12, // the 9th generated recipient has no last name
		}),
	),
	{
		name: 'clicked.xml (links)',
		path: `/promotions/${P}/mailings/900/clicked.xml`,
		setup: links,
		several: 4,
	},
	{
		name: 'promotion_attempts.xml',
		path: '/audience_members/vocab%40example.com/promotion_attempts.xml',
		setup: (store, n) => {
			store.addMember('vocab@example.com');
			for (let i = 0; i < n; i++) {
				const mailing = store.addMailing(DEMO_IDS.promotions.springSale, { id: 950 + i });
				const at = mailing.startedSend ?? store.now();
				store.addRecipient(DEMO_IDS.promotions.springSale, mailing.id, 'sent', {
					email: 'vocab@example.com',
					at,
				});
				if (i % 2 === 0)
					store.addRecipient(DEMO_IDS.promotions.springSale, mailing.id, 'read', {
						email: 'vocab@example.com',
						at: at + 1000,
					});
			}
		},
		several: 5,
	},
	{
		name: 'addons/available.xml',
		path: '/addons/available.xml',
		setup: (store, n) => {
			store.addons = store.addons.slice(0, n);
		},
		several: 5,
	},
	{
		name: 'addons.xml',
		path: '/addons.xml',
		setup: (store, n) => {
			store.addons = store.addons.slice(0, n);
		},
		several: 5,
	},
	{
		name: 'google_analytics.xml',
		path: '/google_analytics.xml',
		setup: (store, n) => {
			store.analyticsDomains = Array.from({ length: n }, (_, i) => `site-${i + 1}.example.com`);
		},
		several: 4,
	},
	{
		name: 'social_links/available.xml',
		path: '/social_links/available.xml',
		setup: (store, n) => {
			store.socialLinkDefs = store.socialLinkDefs.slice(0, n);
		},
		several: 5,
	},
	{
		name: 'social_links.xml',
		path: '/social_links.xml',
		setup: (store, n) => {
			store.socialLinks = Object.fromEntries(
				store.socialLinkDefs
					.slice(0, n)
					.map((d) => [d.key, `https://social.example.com/${d.key}?x=1&y=2`]),
			);
		},
		several: 5,
	},
	{ name: 'participants.xml', path: '/participants.xml', setup: participants, several: 5 },
	{
		name: 'drip_campaigns/list.xml',
		path: '/drip_campaigns/list.xml',
		setup: dripCampaigns,
		several: 7,
	},
];

describe.each(XML_CASES)('$name in the second vocabulary', (c) => {
	it.each([
		['no record', 0],
		['one record', 1],
		['several records', c.several],
	])(
		'%s: the same records and values, no original name, attributes and simple children swapped, wrappers kept',
		async (_label, n) => {
			const { guessed, second } = await inBoth(c.setup, n, c.path);
			expect(second.type).toBe(guessed.type);
			expectSecondXml(guessed.text, second.text, n);
		},
	);
});

describe('the forms of empty elements in the second vocabulary', () => {
	it('an empty wrapper stays an element in the form it had; both forms appear', async () => {
		const { guessed, second } = await inBoth(dripCampaigns, 7, '/drip_campaigns/list.xml');
		expect(guessed.text).toContain('<drips/>');
		expect(guessed.text).toContain('<drips></drips>');
		expect(second.text).toContain('<sequence/>');
		expect(second.text).toContain('<sequence></sequence>');
		expect(second.text).toMatch(
			/<flow>\n {4}<serial>70<\/serial>\n {4}<label>Campaign &lt;1&gt;<\/label>\n/,
		);
	});

	it('an empty attribute becomes an empty element, <x/> and <x></x> in turn; an empty simple child an empty attribute', async () => {
		const { second } = await inBoth(participants, 5, '/participants.xml');
		expect(second.text).toContain('<family/>');
		expect(second.text).toContain('<family></family>');
		expect(second.text).toContain('<company>Org &amp; &quot;Co&quot;</company>');
		const recipients = await inBoth(XML_CASES[0].setup, 12, XML_CASES[0].path);
		expect(recipients.guessed.text).toContain('<last_name/>');
		expect(recipients.second.text).toContain(' family=""');
		expect(recipients.second.text).toMatch(
			/^<\?xml[^>]+>\n<catalog folio="1" batch="30">\n {2}<entry inbox="recipient1\.m900@example\.com" given="Ava" family="Smith" stamp="[^"]+"\/>\n/,
		);
	});

	it('an empty root keeps its form and its renamed attributes', async () => {
		const past = await inBoth(
			XML_CASES[0].setup,
			3,
			`/promotions/${P}/mailings/900/sent.xml?page=5`,
		);
		expect(past.guessed.text).toBe(
			'<?xml version="1.0" encoding="UTF-8"?>\n<recipients page="5" per_page="30"/>',
		);
		expect(past.second.text).toBe(
			'<?xml version="1.0" encoding="UTF-8"?>\n<catalog folio="5" batch="30"/>',
		);
	});
});

// ---------------------------------------------------------------- the links inside the recorded statistics document

describe('the statistics document: recorded, with guessed <link> elements inside', () => {
	it.each([
		['no link', 0],
		['one link', 1],
		['several links', 4],
	])('%s: only the <link> elements change', async (_label, n) => {
		const { guessed, second } = await inBoth(links, n, `/promotions/${P}/mailings/900.xml`);
		expect(XMLValidator.validate(second.text)).toBe(true);
		const split = (t: string): [string, string, string] => {
			const start = t.indexOf('  <links>\n') + '  <links>\n'.length;
			const end = t.indexOf('  </links>\n');
			return [t.slice(0, start), t.slice(start, end), t.slice(end)];
		};
		const [gHead, gLinks, gTail] = split(guessed.text);
		const [sHead, sLinks, sTail] = split(second.text);
		expect([sHead, sTail]).toEqual([gHead, gTail]); // the recorded part, byte for byte
		if (n === 0) expect(second.text).toBe(guessed.text);
		const gRecords = elementChildren(parseXml(`<links>${gLinks}</links>`));
		const sRecords = elementChildren(parseXml(`<trail>${sLinks}</trail>`));
		expect(gRecords).toHaveLength(n);
		expect(sRecords).toHaveLength(n);
		expect(gLinks.split('\n').filter((l) => l.startsWith('    <link>'))).toHaveLength(n); // one per line, indented 4
		gRecords.forEach((r, i) => expectSwapped(r, sRecords[i]));
		expect(sRecords.map((r) => valuesIn(r).sort())).toEqual(
			gRecords.map((r) => valuesIn(r).sort()),
		);
		expect(sRecords.flatMap((r) => namesIn(r)).filter((x) => ORIGINALS.has(x))).toEqual([]);
	});
});

// ---------------------------------------------------------------- JSON

interface JsonCase {
	name: string;
	path: string;
	root: string;
	accept?: string;
	setup: (store: Store, n: number) => void;
	several: number;
}

const JSON_CASES: JsonCase[] = [
	{
		name: 'social_links/available.json',
		path: '/social_links/available.json',
		root: 'social_links',
		setup: (store, n) => {
			store.socialLinkDefs = store.socialLinkDefs.slice(0, n);
		},
		several: 5,
	},
	{
		name: 'social_links.json',
		path: '/social_links.json',
		root: 'social_links',
		setup: (store, n) => {
			store.socialLinks = Object.fromEntries(
				store.socialLinkDefs.slice(0, n).map((d) => [d.key, `https://social.example.com/${d.key}`]),
			);
		},
		several: 5,
	},
	{
		name: '/promotions with Accept: application/json',
		path: '/promotions',
		root: 'promotions',
		accept: 'application/json',
		setup: (store, n) => {
			store.promotions.clear();
			for (let i = 0; i < n; i++) {
				const p = store.addPromotion(`Promotion ${i + 1}`, { id: 500 + i, hidden: i % 2 === 1 });
				for (let k = 0; k < i % 3; k++)
					store.addMailing(p.id, { id: 5000 + i * 10 + k, unsent: k === 1, stats: { sent: k } });
			}
		},
		several: 6,
	},
];

describe.each(JSON_CASES)('$name in the second vocabulary', (c) => {
	it.each([
		['no record', 0],
		['one record', 1],
		['several records', c.several],
	])(
		'%s: the array wrapped beside a counter, every key renamed, the same values',
		async (_label, n) => {
			const { guessed, second } = await inBoth(c.setup, n, c.path, c.accept);
			expect(second.type).toBe('application/json; charset=utf-8');
			const g = JSON.parse(guessed.text) as unknown[];
			const s = JSON.parse(second.text) as Record<string, unknown>;
			expect(g).toHaveLength(n);
			expect(Object.keys(s)).toEqual([SECOND_VOCABULARY_COUNTER, secondName(c.root)]);
			expect(s[SECOND_VOCABULARY_COUNTER]).toBe(n);
			expectRenamedJson(g, s[secondName(c.root)]);
			expect(jsonKeys(g).filter((k) => !ORIGINALS.has(k))).toEqual([]);
			expect(jsonKeys(s).filter((k) => ORIGINALS.has(k))).toEqual([]);
		},
	);
});

it('the JSON of social links in the second vocabulary, as an example', async () => {
	const { second } = await inBoth(() => undefined, 0, '/social_links.json');
	expect(JSON.parse(second.text)).toEqual({
		total: 2,
		networks: [
			{ code: 'twitter', label: 'Twitter', href: 'https://twitter.com/demo_shop' },
			{ code: 'wordpress', label: 'WordPress', href: 'https://demoshop.wordpress.com' },
		],
	});
});
