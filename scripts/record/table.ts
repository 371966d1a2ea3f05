import type { ProbeRow } from './compare';
import type { GuessVerdict } from './verdicts';

/* The printed table: one line per probe, then the guess table answered. Plain text, fixed columns. */

function cell(text: string, width: number): string {
	const t = text.replace(/\s+/g, ' ');
	return t.length > width ? `${t.slice(0, width - 1)}…` : t.padEnd(width);
}

export function probeTable(rows: ProbeRow[]): string {
	const head = `${cell('probe', 28)} ${cell('emulator answers', 44)} ${cell('the service answered', 44)} node reads it`;
	const lines = rows.map((r) => {
		const reads = r.node.reads === 'n/a' ? '- (never asked)' : r.node.reads;
		const line = `${cell(r.probe, 28)} ${cell(r.emulator, 44)} ${cell(r.service, 44)} ${reads}`;
		return r.difference ? `${line}\n${' '.repeat(29)}DIFFERS: ${r.difference}` : line;
	});
	return [head, '-'.repeat(head.length), ...lines].join('\n');
}

export function guessTable(verdicts: GuessVerdict[]): string {
	const plain = (md: string) => md.replace(/\*\*/g, '').replace(/`/g, '');
	const lines = verdicts.map(
		(v) =>
			`${cell(v.verdict, 12)} ${cell(plain(v.guess.endpoint), 44)} ${cell(plain(v.guess.guessed), 40)} ${v.detail}`,
	);
	const head = `${cell('verdict', 12)} ${cell('endpoint', 44)} ${cell('what is guessed', 40)} why`;
	return [head, '-'.repeat(110), ...lines].join('\n');
}

export function verdictCounts(verdicts: GuessVerdict[]): string {
	const n = (v: string) => verdicts.filter((x) => x.verdict === v).length;
	return `${n('confirmed')} confirmed, ${n('refuted')} refuted, ${n('not checked')} not checked (of ${verdicts.length})`;
}
