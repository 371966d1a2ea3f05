import type { ProbeRow } from './compare';
import { emulatorAnswers, probeRow } from './compare';
import { fileNameOf, readRecording, RECORDED_BY, recordingFiles } from './recording';
import type { Recording } from './recording';
import { secretsIn } from './redact';
import type { Exchange } from './types';

/*
 * The recorded-answer check, one function for the jest test over test/recorded/ and for the
 * record command over what it just wrote: every file's header, nothing secret-looking in it, its
 * body read by the node's own reader for the endpoint, and its shape the emulator's for the same
 * probe. A problem found is a line saying which file and what; none: the recordings are accepted.
 */

export interface CheckResult {
	problems: string[];
	rows: ProbeRow[];
	recordings: Recording[];
	emulator: Map<string, Exchange>;
}

function headerProblems(r: Recording): string[] {
	const out: string[] = [];
	if (r.by !== RECORDED_BY) out.push(`"by" is "${r.by}", not "${RECORDED_BY}"`);
	if (!/^https?:\/\/[^/?#@]+$/.test(r.origin))
		out.push(`"origin" is not a scheme and host: "${r.origin}"`);
	if (!r.file.endsWith(fileNameOf(r.probe)))
		out.push(`the file is not named after its probe "${r.probe}"`);
	if (r.status !== 0 && !r.contentType && r.body !== '') out.push('a body without a content type');
	return out;
}

/**
 * Checks every recording of a directory. `known`: credentials that must appear nowhere (the
 * record command passes the ones it used; the jest test has none and relies on the patterns).
 */
export async function checkRecordings(dir: string, known: string[] = []): Promise<CheckResult> {
	const problems: string[] = [];
	const recordings: Recording[] = [];
	for (const file of recordingFiles(dir)) {
		const read = readRecording(file);
		if (typeof read === 'string') {
			problems.push(`${file}: ${read}`);
			continue;
		}
		for (const p of headerProblems(read)) problems.push(`${file}: ${p}`);
		const whole = [JSON.stringify(read.request), read.origin, read.body, read.error ?? ''].join(
			'\n',
		);
		for (const s of secretsIn(whole, known)) problems.push(`${file}: holds ${s}`);
		recordings.push(read);
	}
	const emulator = recordings.length
		? await emulatorAnswers(recordings.map((r) => r.probe))
		: new Map<string, Exchange>();
	const rows: ProbeRow[] = [];
	for (const r of recordings) {
		const row = await probeRow(r, emulator.get(r.probe));
		rows.push(row);
		if (row.node.reads === 'no')
			problems.push(`${r.file}: the node cannot read it (${row.node.reader}): ${row.node.detail}`);
		if (!emulator.has(r.probe))
			problems.push(`${r.file}: the emulator's session has no probe "${r.probe}" to compare with`);
		if (row.difference)
			problems.push(
				`${r.file}: the emulator is wrong: ${r.probe} (${row.request}): ${row.difference}`,
			);
	}
	return { problems, rows, recordings, emulator };
}
