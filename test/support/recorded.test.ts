/**
 * The recordings the tests serve (recorded.ts) against the page they come from
 * (docs/recorded-answers.md): the page is the source, so each recorded document must stand on it
 * byte for byte, and the two cannot drift apart.
 */
import { DECLARATION, RECORDED, recordedAnswersPage } from './recorded';

const { text: PAGE, blocks: BLOCKS } = recordedAnswersPage();

/**
 * RECORDED.listMembers as the page shows it: on an account with two custom fields, up to its first
 * member.
 */
function listMembersAsShown(): string {
	const twoCustom = RECORDED.listMembers
		.split('    <custom_value_1/>\n    <custom_value_2/>\n')
		.join('');
	const firstMemberEnd = twoCustom.indexOf('  </member>\n') + '  </member>\n'.length;
	return `${twoCustom.slice(0, firstMemberEnd)}</audience>`;
}

test("the page's whole documents, in its order: lists, promotions, statistics, a list's members (RECORDED's first three are read from it)", () => {
	const whole = BLOCKS.filter((b) => b.startsWith(DECLARATION));
	expect(whole.map((b) => /\n<([a-z_]+)/.exec(b)?.[1])).toEqual([
		'lists',
		'promotions',
		'mailing',
		'audience',
	]);
	expect(whole).toEqual([
		RECORDED.lists,
		RECORDED.promotions,
		RECORDED.mailingStats,
		listMembersAsShown(),
	]);
});

test("RECORDED.noLists is the page's `<lists>\\n</lists>` under the declaration", () => {
	expect(PAGE).toContain(
		'No lists, or a member on no list (`/audience_members/{email}/lists.xml`): `<lists>\\n</lists>`.',
	);
	expect(RECORDED.noLists).toBe(`${DECLARATION}<lists>\n</lists>`);
});

test('RECORDED.promotionTwoMailings (no recording) holds what the page says of the older fixture, in the recorded layout', () => {
	const doc = RECORDED.promotionTwoMailings;
	expect(PAGE).toContain(
		'An older client fixture shows two mailings in one promotion, the second never sent\n(`<started_send></started_send>`), and dates as `Thu Feb 10 07:53:11 -0500 2011`.',
	);
	expect(doc.match(/<mailing /g)).toHaveLength(2);
	expect(doc).toContain('    <started_send></started_send>\n');
	expect(doc).toContain('Thu Feb 10 07:53:11 -0500 2011');
	// each line, values left out, is a line of the recorded promotions document
	const shape = (line: string) => line.replace(/="[^"]*"/g, '=""').replace(/>[^<]+</g, '><');
	const recordedShapes = new Set(RECORDED.promotions.split('\n').map(shape));
	expect(
		doc
			.split('\n')
			.map(shape)
			.filter((line) => !recordedShapes.has(line)),
	).toEqual([]);
});

test('every document of RECORDED is checked above', () => {
	expect(Object.keys(RECORDED).sort()).toEqual([
		'listMembers',
		'lists',
		'mailingStats',
		'noLists',
		'promotionTwoMailings',
		'promotions',
	]);
});
