/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: reads the emulator's README */
/**
 * The guesses have one home (emulator/guessRows.json): the README's table "What is guessed" is its
 * rendering, row for row, and every row's probes are probes the record command asks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { GUESSES, guessTableRows } from '../../emulator/guesses';
import { readerName } from '../../scripts/record/readers';
import { CUSTOM_JUDGED } from '../../scripts/record/verdicts';

const README = readFileSync(path.join(__dirname, '..', '..', 'emulator', 'README.md'), 'utf8');

function readmeRows(): string[] {
	const lines = README.split('## What is guessed')[1].split('\n## ')[0].split('\n');
	const start = lines.findIndex((l) => l.startsWith('| endpoint | what is guessed |')) + 2;
	const end = lines.findIndex((l, i) => i >= start && !l.startsWith('|'));
	return lines.slice(start, end < 0 ? undefined : end);
}

test("the README's table is the rendering of GUESSES, row for row", () => {
	expect(readmeRows()).toEqual(guessTableRows());
});

test('ids are unique; a custom judge for each custom row and no other; a reason for every row never checked', () => {
	expect(new Set(GUESSES.map((g) => g.id)).size).toBe(GUESSES.length);
	expect(
		GUESSES.filter((g) => g.compare === 'custom')
			.map((g) => g.id)
			.sort(),
	).toEqual([...CUSTOM_JUDGED].sort());
	for (const g of GUESSES.filter((x) => x.probes.length === 0)) expect(g.needs).toBeTruthy();
	for (const g of GUESSES.filter((x) => x.probes.length > 0)) expect(g.compare).toBeDefined();
});

test("the two bold rows (the retry check's promises) are judged by the one email", () => {
	const bold = GUESSES.filter((g) => g.endpoint.startsWith('**'));
	expect(bold.map((g) => g.id)).toEqual(['attempts-transactional', 'transactional-count-utc-day']);
	for (const g of bold) expect(g.probes).toContain('send-mailer');
	expect(readerName('send-attempts-0s')).toBe('promotionAttempts');
});
