/**
 * The second vocabulary (emulator/vocabulary.ts): its rename table and rules, and the forms of
 * empty elements it keeps. That the node reads every guessed answer alike in both vocabularies:
 * test/node/vocabulary.test.ts; that the recorded answers never change with it: recorded.test.ts.
 */
import {
	SECOND_VOCABULARY,
	secondName,
	toSecondVocabularyJson,
	toSecondVocabularyRecords,
	toSecondVocabularyXml,
} from '../../emulator/vocabulary';

const ORIGINALS = Object.keys(SECOND_VOCABULARY);

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
			'<drip_campaigns><drip_campaign id="5" name="" status="a &amp; b"><drips/></drip_campaign><drip_campaign id="6" name="" status="">' +
			'<drips><drip id="1"><name>one</name><delay_days></delay_days></drip></drips></drip_campaign>' +
			'<drip_campaign id="7" name="x" status="b"><drips></drips></drip_campaign></drip_campaigns>';
		// an empty attribute is an empty element, <x/> and <x></x> in turn by name; an empty
		// wrapper keeps the form it had
		expect(toSecondVocabularyXml(doc)).toBe(
			'<?xml version="1.0" encoding="UTF-8"?>\n' +
				'<journeys>\n' +
				'  <flow>\n    <serial>5</serial>\n    <label/>\n    <phase>a &amp; b</phase>\n    <sequence/>\n  </flow>\n' +
				'  <flow>\n    <serial>6</serial>\n    <label></label>\n    <phase/>\n    <sequence>\n' +
				'      <step label="one" pause="">\n        <serial>1</serial>\n      </step>\n    </sequence>\n  </flow>\n' +
				'  <flow>\n    <serial>7</serial>\n    <label>x</label>\n    <phase>b</phase>\n    <sequence></sequence>\n  </flow>\n' +
				'</journeys>',
		);
		// an empty root keeps its form
		expect(toSecondVocabularyXml('<drip_campaigns/>')).toBe('<journeys/>');
		expect(toSecondVocabularyXml('<drip_campaigns></drip_campaigns>')).toBe(
			'<journeys></journeys>',
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
