/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: reads docs/recorded-answers.md, never inside n8n */
/**
 * The service's answers as recorded (docs/recorded-answers.md), byte for byte. The emulator's
 * tests prove it renders them (test/emulator/recorded.test.ts); node tests serve them through the
 * emulator's fault switch, so the node is proven against the real service's documents whatever
 * the emulator renders. recorded.test.ts checks each against the page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The declaration every recorded XML document starts with, its line break included. */
export const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** docs/recorded-answers.md, the record of what the real service answered. */
const RECORDED_ANSWERS_PAGE = path.join(__dirname, '../../docs/recorded-answers.md');

/** The page's text and its fenced code blocks (each without its fences and its last line break). */
export function recordedAnswersPage(): { text: string; blocks: string[] } {
	const text = readFileSync(RECORDED_ANSWERS_PAGE, 'utf8');
	const blocks = [...text.matchAll(/^```[a-z]*\n([\s\S]*?)\n```$/gm)].map((m) => m[1]);
	return { text, blocks };
}

/** The page's whole XML documents, in its order (recorded.test.ts checks the order). */
const [lists, promotions, mailingStats] = recordedAnswersPage().blocks.filter((block) =>
	block.startsWith(DECLARATION),
);

export const RECORDED = {
	/** Two lists. */
	lists,
	noLists: `${DECLARATION}<lists>\n</lists>`,
	/** Two promotions: one never sent (no mailing), one with one mailing. */
	promotions,
	/**
	 * Not a recording: the page describes an older client fixture in words (two mailings in one
	 * promotion, the second never sent: `<started_send></started_send>`; dates as
	 * `Thu Feb 10 07:53:11 -0500 2011`). This puts that in the layout of the recorded promotions
	 * document; its names, ids, counts and other times are ours.
	 */
	promotionTwoMailings:
		`${DECLARATION}<promotions>\n` +
		'<promotion name="Newsletter Feb" id="1234" mimio="a1b2c3" updated_at="Thu Feb 10 07:53:11 -0500 2011" hidden="false" thumbnail="https://snaps.madmimi.com/v2/thumbs.php?size=b&amp;wait=120&amp;url=https%3A%2F%2Fmadmimi.com%2Fp%2Fa1b2c3">\n' +
		'  <mailing id="5001" subject="Newsletter Feb" count="120">\n' +
		'    <started_send>Thu Feb 10 07:53:11 -0500 2011</started_send>\n' +
		'    <finished_send>Thu Feb 10 07:55:40 -0500 2011</finished_send>\n' +
		'  </mailing>\n' +
		'  <mailing id="5002" subject="Newsletter Feb" count="0">\n' +
		'    <started_send></started_send>\n' +
		'    <finished_send></finished_send>\n' +
		'  </mailing>\n' +
		'</promotion>\n' +
		'</promotions>',
	/**
	 * GET /audience_lists/list%201/members.xml, recorded in the +0300 style (membership dates always
	 * in UTC) on an account with four custom fields; the page shows it on one with two, up to its
	 * first member.
	 */
	listMembers:
		`${DECLARATION}<audience count="2" total_pages="1" per_page="30" page="1">\n` +
		'  <member suppressed="false">\n' +
		'    <first_name/>\n' +
		'    <last_name/>\n' +
		'    <email>another@example.com</email>\n' +
		'    <created_at>2014-09-07 22:14:29 +0300</created_at>\n' +
		'    <city/>\n' +
		'    <phone/>\n' +
		'    <company/>\n' +
		'    <title/>\n' +
		'    <address/>\n' +
		'    <state/>\n' +
		'    <zip/>\n' +
		'    <country/>\n' +
		'    <confirmed/>\n' +
		'    <custom_field_1/>\n' +
		'    <custom_value/>\n' +
		'    <custom_value_1/>\n' +
		'    <custom_value_2/>\n' +
		'    <lists>\n' +
		'      <list membership_created_at="2014-09-07 19:14:29 UTC">list 1</list>\n' +
		'    </lists>\n' +
		'  </member>\n' +
		'  <member suppressed="false">\n' +
		'    <first_name/>\n' +
		'    <last_name/>\n' +
		'    <email>new_test1@example.com</email>\n' +
		'    <created_at>2014-09-04 21:32:31 +0300</created_at>\n' +
		'    <city/>\n' +
		'    <phone/>\n' +
		'    <company/>\n' +
		'    <title/>\n' +
		'    <address/>\n' +
		'    <state/>\n' +
		'    <zip/>\n' +
		'    <country/>\n' +
		'    <confirmed/>\n' +
		'    <custom_field_1/>\n' +
		'    <custom_value/>\n' +
		'    <custom_value_1/>\n' +
		'    <custom_value_2/>\n' +
		'    <lists>\n' +
		'      <list membership_created_at="2014-09-04 18:32:31 UTC">list 1</list>\n' +
		'      <list membership_created_at="2014-09-04 18:32:45 UTC">list 2</list>\n' +
		'    </lists>\n' +
		'  </member>\n' +
		'</audience>',
	mailingStats,
} as const;

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';
