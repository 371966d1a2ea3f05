/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- tooling: `npm run record` writes its files and waits with a timer, never inside n8n */
import { readFileSync, rmSync } from 'node:fs';

import { checkRecordings } from './checker';
import type { CheckResult, ProbeRow } from './checker';
import { FIRST_LINE, originOnly, recordingFiles, writeRecordings } from './recording';
import { Redactor } from './redact';
import { runSession } from './session';
import type { SessionOptions, Target } from './types';
import type { GuessVerdict } from './verdicts';
import { judgeGuesses } from './verdicts';

/*
 * `npm run record` as a function (cli.ts gives it the command line): the session against the
 * service, every exchange redacted and saved, the saved files checked as the recorded-answer
 * test checks them (against an in-process emulator asked the same probes), and the table.
 */

export interface RecordOptions
	extends Target,
		Partial<Pick<SessionOptions, 'waitsMs' | 'sleep' | 'now' | 'log'>> {
	/** `--writes`: the member address put on the list it creates. */
	member?: string;
	writes: boolean;
	sendTo?: string;
	out: string;
}

export interface RecordOutcome {
	files: string[];
	notes: string[];
	check: CheckResult;
	verdicts: GuessVerdict[];
	/** Everything printed after the session: the tables, the notes, the problems. */
	report: string;
}

/* The printed table: one line per probe, then the guess table answered. Plain text, fixed columns. */
function cell(text: string, width: number): string {
	const t = text.replace(/\s+/g, ' ');
	return t.length > width ? `${t.slice(0, width - 1)}…` : t.padEnd(width);
}

function probeTable(rows: ProbeRow[]): string {
	const head = `${cell('probe', 28)} ${cell('emulator answers', 44)} ${cell('the service answered', 44)} node reads it`;
	const lines = rows.map((r) => {
		const reads = r.node.reads === 'n/a' ? '- (never asked)' : r.node.reads;
		const line = `${cell(r.probe, 28)} ${cell(r.emulator, 44)} ${cell(r.service, 44)} ${reads}`;
		return r.difference ? `${line}\n${' '.repeat(29)}DIFFERS: ${r.difference}` : line;
	});
	return [head, '-'.repeat(head.length), ...lines].join('\n');
}

function guessTable(verdicts: GuessVerdict[]): string {
	const plain = (md: string) => md.replace(/\*\*/g, '').replace(/`/g, '');
	const lines = verdicts.map(
		(v) =>
			`${cell(v.verdict, 12)} ${cell(plain(v.guess.endpoint), 44)} ${cell(plain(v.guess.guessed), 40)} ${v.detail}`,
	);
	const head = `${cell('verdict', 12)} ${cell('endpoint', 44)} ${cell('what is guessed', 40)} why`;
	return [head, '-'.repeat(110), ...lines].join('\n');
}

function verdictCounts(verdicts: GuessVerdict[]): string {
	const n = (v: string) => verdicts.filter((x) => x.verdict === v).length;
	return `${n('confirmed')} confirmed, ${n('refuted')} refuted, ${n('not checked')} not checked (of ${verdicts.length})`;
}

/** Earlier recordings in `out` (files of this format only): replaced, so the check sees this run alone. */
function removeEarlier(out: string): number {
	let removed = 0;
	for (const file of recordingFiles(out))
		if (readFileSync(file, 'utf8').startsWith(`${FIRST_LINE}\n`)) {
			rmSync(file);
			removed++;
		}
	return removed;
}

export async function record(options: RecordOptions): Promise<RecordOutcome> {
	const log = options.log ?? (() => {});
	const session: SessionOptions = {
		writes: options.writes ? { member: (options.member ?? options.sendTo)! } : undefined,
		sendTo: options.sendTo,
		waitsMs: options.waitsMs ?? [0, 60_000, 300_000],
		sleep: options.sleep ?? (async (ms) => await new Promise((r) => setTimeout(r, ms))),
		now: options.now ?? (() => Date.now()),
		log,
	};
	if (options.writes && !session.writes?.member)
		throw new Error('--writes needs --member <address> or --send-to <address>');
	const { baseUrl, username, apiKey } = options;
	const target: Target = { baseUrl, username, apiKey };
	log(
		`Reading ${originOnly(options.baseUrl)}${options.writes ? ', writing only what it creates' : ''}${options.sendTo ? ', one email' : ''}:`,
	);
	const result = await runSession(target, session);
	const redactor = new Redactor(target);
	const removed = removeEarlier(options.out);
	const files = writeRecordings(
		options.out,
		result.exchanges.map((x) => redactor.exchange(x)),
		originOnly(options.baseUrl),
	);
	// printed on the owner's own terminal: the addresses stay (the owner must know which member is left)
	const notes = [...result.notes, ...result.skipped.map((s) => `not asked: ${s}`)];
	const check = await checkRecordings(options.out, [options.apiKey, options.username]);
	const service = new Map(check.recordings.map((r) => [r.probe, r]));
	const verdicts = judgeGuesses(service, check.emulator);
	const report = [
		`${files.length} answers saved in ${options.out}${removed ? ` (${removed} earlier recordings replaced)` : ''}.`,
		'',
		probeTable(check.rows),
		'',
		`The emulator's guesses (emulator/README.md, "What is guessed"): ${verdictCounts(verdicts)}`,
		guessTable(verdicts),
		'',
		...notes,
		...(check.problems.length
			? [
					'',
					`${check.problems.length} problem(s): the recorded-answer test would fail:`,
					...check.problems,
				]
			: ['', 'The recorded-answer test accepts these files.']),
	].join('\n');
	log(report);
	return { files, notes, check, verdicts, report };
}
