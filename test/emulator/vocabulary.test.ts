/**
 * The second vocabulary: every guessed answer, with no record, one and several, served under other
 * names and another layout, with the same records and the same values.
 */
import { XMLValidator } from 'fast-xml-parser';

import {
	DEMO_CREDENTIALS,
	DEMO_IDS,
	elementChildren,
	isTextOnly,
	ownText,
	parseXml,
	SECOND_VOCABULARY,
	SECOND_VOCABULARY_COUNTER,
	secondName,
	startEmulator,
	toSecondVocabularyJson,
	toSecondVocabularyRecords,
	toSecondVocabularyXml,
	writeXml,
} from '../../emulator';
import type { Emulator, Store, Vocabulary, XmlElement } from '../../emulator';

const AUTH = { username: DEMO_CREDENTIALS.username, api_key: DEMO_CREDENTIALS.apiKey };
const ORIGINALS = new Set(Object.keys(SECOND_VOCABULARY));
const P = DEMO_IDS.promotions.weeklyDigest;

let emu: Emulator;

beforeAll(async () => {
	emu = await startEmulator();
});

afterAll(async () => {
	await emu.close();
});

beforeEach(() => {
	emu.clock.set(Date.UTC(2024, 5, 1, 12, 0, 0)); // the same seed in both runs of a case
	emu.reset('demo');
});

afterAll(() => {
	emu.clock.useRealTime();
});

interface Reply {
	status: number;
	text: string;
	type: string;
}

async function get(path: string, accept?: string): Promise<Reply> {
	const res = await fetch(
		`${emu.baseUrl}${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(AUTH).toString()}`,
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
		emu.reset('demo');
		emu.vocabulary = vocabulary;
		setup(emu.store, n);
		out[vocabulary] = await get(path, accept);
		expect(out[vocabulary].status).toBe(200);
	}
	return out;
}

// ---------------------------------------------------------------- what the answers must keep

/** Every element and attribute name at any depth. */
function namesIn(el: XmlElement, into: string[] = []): string[] {
	into.push(el.name, ...el.attrs.map(([n]) => n));
	for (const kid of elementChildren(el)) namesIn(kid, into);
	return into;
}

/** Every value of a record: attribute values and the texts of elements without child elements. */
function valuesIn(el: XmlElement, into: string[] = []): string[] {
	into.push(...el.attrs.map(([, v]) => v));
	const kids = elementChildren(el);
	if (kids.length === 0 && el.attrs.length === 0) into.push(ownText(el));
	else if (kids.length === 0 && ownText(el) !== '') into.push(ownText(el));
	for (const kid of kids) valuesIn(kid, into);
	return into;
}

const isWrapperName = (name: string): boolean => SECOND_VOCABULARY[name]?.wrapper === true;

/**
 * `s` is `g` below the root: renamed; g's attributes are s's first child elements (text-only, same
 * values, in order); g's text-only children (not wrappers) are s's attributes; wrappers stay
 * elements (their empty form kept) holding records checked the same way.
 */
function expectSwapped(g: XmlElement, s: XmlElement): void {
	expect(s.name).toBe(secondName(g.name));
	const kids = elementChildren(g);
	if (kids.length === 0 && g.attrs.length === 0) {
		// a text-only record keeps its text
		expect([s.attrs, elementChildren(s), ownText(s)]).toEqual([[], [], ownText(g)]);
		return;
	}
	const simple = kids.filter((k) => !isWrapperName(k.name) && isTextOnly(k));
	expect(s.attrs).toEqual(simple.map((k) => [secondName(k.name), ownText(k)]));
	const sKids = elementChildren(s);
	const fromAttrs = sKids.slice(0, g.attrs.length);
	expect(fromAttrs.map((e) => [e.name, isTextOnly(e), ownText(e)])).toEqual(
		g.attrs.map(([n, v]) => [secondName(n), true, v]),
	);
	const rest = sKids.slice(g.attrs.length);
	const complex = kids.filter((k) => isWrapperName(k.name) || !isTextOnly(k));
	expect(rest).toHaveLength(complex.length);
	complex.forEach((k, i) => {
		if (!isWrapperName(k.name)) return expectSwapped(k, rest[i]);
		expect(rest[i].name).toBe(secondName(k.name));
		expect(rest[i].attrs).toEqual([]);
		const a = elementChildren(k);
		const b = elementChildren(rest[i]);
		expect(b).toHaveLength(a.length);
		if (a.length === 0) expect(rest[i].selfClosing).toBe(k.selfClosing);
		a.forEach((x, j) => expectSwapped(x, b[j]));
	});
}

/** The whole check of a guessed XML document against its second-vocabulary form. */
function expectSecondXml(guessedText: string, secondText: string, records: number): void {
	expect(XMLValidator.validate(secondText)).toBe(true);
	expect(secondText).toBe(toSecondVocabularyXml(guessedText)); // the one generic transformation
	const g = parseXml(guessedText);
	const s = parseXml(secondText);
	// every name of the guessed document is in the table; none survives in the second
	expect(namesIn(g).filter((n) => !ORIGINALS.has(n))).toEqual([]);
	expect(namesIn(s).filter((n) => ORIGINALS.has(n))).toEqual([]);
	// the root: renamed, its attributes kept attributes, its empty form kept
	expect(s.name).toBe(secondName(g.name));
	expect(s.attrs).toEqual(g.attrs.map(([n, v]) => [secondName(n), v]));
	const gRecords = elementChildren(g);
	const sRecords = elementChildren(s);
	expect(gRecords).toHaveLength(records);
	expect(sRecords).toHaveLength(records);
	if (records === 0) expect(s.selfClosing).toBe(g.selfClosing);
	// the same values in each record, records in the same order
	expect(sRecords.map((r) => valuesIn(r).sort())).toEqual(gRecords.map((r) => valuesIn(r).sort()));
	gRecords.forEach((r, i) => expectSwapped(r, sRecords[i]));
}

function jsonKeys(value: unknown, into: string[] = []): string[] {
	if (Array.isArray(value)) for (const v of value) jsonKeys(v, into);
	else if (value !== null && typeof value === 'object') {
		for (const [k, v] of Object.entries(value)) {
			into.push(k);
			jsonKeys(v, into);
		}
	}
	return into;
}

/** `s` holds `g`'s values under renamed keys, in the same order. */
function expectRenamedJson(g: unknown, s: unknown): void {
	if (Array.isArray(g)) {
		expect(Array.isArray(s)).toBe(true);
		expect(s).toHaveLength(g.length);
		g.forEach((x, i) => expectRenamedJson(x, (s as unknown[])[i]));
	} else if (g !== null && typeof g === 'object') {
		const entries = Object.entries(g);
		expect(Object.keys(s as object)).toEqual(entries.map(([k]) => secondName(k)));
		for (const [k, v] of entries)
			expectRenamedJson(v, (s as Record<string, unknown>)[secondName(k)]);
	} else {
		expect(s).toBe(g);
	}
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

// ---------------------------------------------------------------- the table

describe('the rename table', () => {
	function shared(a: string, b: string, length: number): string | undefined {
		for (let i = 0; i + length <= a.length; i++)
			if (b.includes(a.slice(i, i + length))) return a.slice(i, i + length);
		return undefined;
	}

	it('new names are unique, none is an original, none shares 4 letters in a row with any original', () => {
		const news = Object.values(SECOND_VOCABULARY).map((e) => e.to);
		expect(new Set(news).size).toBe(news.length);
		const clashes: string[] = [];
		for (const [from, { to }] of Object.entries(SECOND_VOCABULARY)) {
			for (const original of ORIGINALS) {
				const s = shared(to, original, 4);
				if (s !== undefined) clashes.push(`${from} → ${to} shares "${s}" with ${original}`);
			}
		}
		expect(clashes).toEqual([]);
	});

	it("no wrapper's new name shares 3 letters in a row with its children's", () => {
		const pairs: [string, string][] = [
			['recipients', 'recipient'],
			['links', 'link'],
			['promotion_attempts', 'promotion_attempt'],
			['addons', 'addon'],
			['google_analytics', 'domain'],
			['social_links', 'social_link'],
			['participants', 'participant'],
			['drip_campaigns', 'drip_campaign'],
			['drips', 'drip'],
		];
		for (const [wrapper, child] of pairs) {
			expect(SECOND_VOCABULARY[wrapper].wrapper).toBe(true);
			expect([wrapper, shared(secondName(wrapper), secondName(child), 3)]).toEqual([
				wrapper,
				undefined,
			]);
		}
	});

	it('a name missing from the table, mixed content or text beside attributes are refused, not guessed', () => {
		expect(() =>
			toSecondVocabularyXml('<addons><addon><colour>red</colour></addon></addons>'),
		).toThrow(/no name for "colour"/);
		expect(() => toSecondVocabularyXml('<addons><addon>a<key>k</key></addon></addons>')).toThrow(
			/mixed content/,
		);
		expect(() =>
			toSecondVocabularyXml('<addons><addon><key id="1">k</key></addon></addons>'),
		).toThrow(/both attributes and text/);
		expect(() => toSecondVocabularyJson({ colour: 1 }, 'addons')).toThrow(/no name for "colour"/);
	});

	it('transforms by the rules on a hand-written document', () => {
		const doc =
			'<?xml version="1.0" encoding="UTF-8"?>\n' +
			'<drip_campaigns><drip_campaign id="5" name="" status="a &amp; b"><drips/></drip_campaign><drip_campaign id="6" name="x" status="">' +
			'<drips><drip id="1"><name>one</name><delay_days></delay_days></drip></drips></drip_campaign></drip_campaigns>';
		expect(toSecondVocabularyXml(doc)).toBe(
			'<?xml version="1.0" encoding="UTF-8"?>\n' +
				'<journeys>\n' +
				'  <flow>\n    <serial>5</serial>\n    <label/>\n    <phase>a &amp; b</phase>\n    <sequence/>\n  </flow>\n' +
				'  <flow>\n    <serial>6</serial>\n    <label>x</label>\n    <phase/>\n    <sequence>\n' +
				'      <step label="one" pause="">\n        <serial>1</serial>\n      </step>\n    </sequence>\n  </flow>\n' +
				'</journeys>',
		);
		expect(toSecondVocabularyRecords(['<link><id>1</id><url>u</url></link>'], '    ')).toEqual([
			'<anchor serial="1" href="u"/>',
		]);
		expect(toSecondVocabularyJson([{ key: 'k', name: null }], 'social_links')).toEqual({
			total: 1,
			networks: [{ code: 'k', label: null }],
		});
	});
});

describe('the XML reader and writer', () => {
	it('reads what it writes, entities, both empty forms and both quotes', () => {
		const el = parseXml(
			`<?xml version="1.0"?>\n<a x='1 &amp; 2' y="&#10;&#x41;"><b/><c></c><d>t &lt;&gt;&quot;&apos;</d></a>`,
		);
		expect(el.attrs).toEqual([
			['x', '1 & 2'],
			['y', '\nA'],
		]);
		expect(elementChildren(el).map((k) => [k.name, k.selfClosing, ownText(k)])).toEqual([
			['b', true, ''],
			['c', false, ''],
			['d', false, `t <>"'`],
		]);
		expect(writeXml(el)).toBe(
			'<a x="1 &amp; 2" y="&#10;A">\n  <b/>\n  <c></c>\n  <d>t &lt;&gt;&quot;&apos;</d>\n</a>',
		);
		expect(() => parseXml('<a><b></a>')).toThrow();
		expect(() => parseXml('<a>&nbsp;</a>')).toThrow(/entity/);
		expect(() => parseXml('<a>x & y</a>')).toThrow(/bare &/);
		expect(() => parseXml('<a/><b/>')).toThrow(/after the root/);
	});
});

// ---------------------------------------------------------------- the switch

describe('the vocabulary switch', () => {
	async function control(
		method: string,
		body?: unknown,
	): Promise<{ status: number; json: unknown }> {
		const res = await fetch(`${emu.baseUrl}/__emulator/vocabulary`, {
			method,
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return { status: res.status, json: await res.json() };
	}

	it('a property and control endpoints; reset() returns to the vocabulary given at start', async () => {
		expect(emu.vocabulary).toBe('guessed');
		expect(await control('GET')).toEqual({ status: 200, json: { vocabulary: 'guessed' } });
		expect(await control('POST', { vocabulary: 'second' })).toEqual({
			status: 200,
			json: { vocabulary: 'second' },
		});
		expect(emu.vocabulary).toBe('second');
		expect((await get('/addons.xml')).text).toContain('<toolkit>');
		expect(await control('POST', { vocabulary: 'third' })).toMatchObject({
			status: 400,
			json: { error: expect.stringContaining('vocabulary') },
		});
		expect(emu.vocabulary).toBe('second');
		emu.reset();
		expect(emu.vocabulary).toBe('guessed');
		expect((await get('/addons.xml')).text).toContain('<addons>');
		expect(() => {
			emu.vocabulary = 'third' as Vocabulary;
		}).toThrow(/vocabulary/);
	});

	it('startEmulator({ vocabulary: "second" }) starts in it and resets to it', async () => {
		const other = await startEmulator({ seed: 'demo', vocabulary: 'second' });
		try {
			expect(other.vocabulary).toBe('second');
			other.vocabulary = 'guessed';
			other.reset();
			expect(other.vocabulary).toBe('second');
			const res = await fetch(
				`${other.baseUrl}/google_analytics.xml?${new URLSearchParams(AUTH).toString()}`,
			);
			expect(await res.text()).toBe(
				'<?xml version="1.0" encoding="UTF-8"?>\n<tracking>\n  <site>example.com</site>\n  <site>shop.example.com</site>\n</tracking>',
			);
		} finally {
			await other.close();
		}
	});
});
