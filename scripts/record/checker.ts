import { DEMO_CREDENTIALS, startEmulator } from '../../emulator';
import { nodeReading } from './readers';
import type { NodeReading } from './readers';
import { fileNameOf, readRecording, RECORDED_BY, recordingFiles } from './recording';
import type { Recording } from './recording';
import { Redactor, secretsIn } from './redact';
import { runSession } from './session';
import { describeShape, shapeDifference, shapeOf } from './shape';
import type { Exchange, SessionOptions } from './types';

/*
 * The recorded-answer check, one function for the jest test over test/recorded/ and for the
 * record command over what it just wrote: every file's header, nothing secret-looking in it, its
 * body read by the node's own reader for the endpoint, and its shape the emulator's for the same
 * probe, which comes from the same session run against an in-process emulator with the demo data
 * (its own list, member and promotion found by the same reads). A problem found is a line saying
 * which file and what; none: the recordings are accepted.
 */

/** The demo member a session puts on its list when the service's member already existed. */
const DEMO_MEMBER = 'ann.archer@example.com';
/** An address the demo data does not have (the service's member was new to the audience). */
const NEW_MEMBER = 'record.member@example.com';
const DEMO_SEND_TO = 'record.send-to@example.com';
/** Child paths whose names are the account's own (a member's custom fields). */
const OPEN = ['audience/member'];

/** Runs the session the recordings come from against a fresh demo emulator: writes and send as they did, no waiting. */
async function emulatorAnswers(probes: string[]): Promise<Map<string, Exchange>> {
	const emu = await startEmulator({ seed: 'demo' });
	try {
		const waits = probes
			.map((p) => /^send-attempts-(\d+)s$/.exec(p)?.[1])
			.filter((s): s is string => s !== undefined)
			.map((s) => Number(s) * 1000);
		const options: SessionOptions = {
			writes: probes.includes('write-member-before')
				? { member: probes.includes('list-add-member') ? DEMO_MEMBER : NEW_MEMBER }
				: undefined,
			sendTo: probes.includes('send-save') ? DEMO_SEND_TO : undefined,
			waitsMs: waits.length ? waits : [0],
			sleep: async () => {},
			now: () => Date.now(),
			log: () => {},
		};
		const target = { baseUrl: emu.baseUrl, ...DEMO_CREDENTIALS };
		const result = await runSession(target, options);
		const redactor = new Redactor(target);
		return new Map(result.exchanges.map((x) => [x.probe, redactor.exchange(x)]));
	} finally {
		await emu.close();
	}
}

/** A status and shape, for the table: `200 xml lists/list: id name …`. */
function summary(x: Exchange | undefined): string {
	if (!x) return '(not asked)';
	if (x.status === 0) return `no answer (${x.error ?? '?'})`;
	return `${x.status} ${describeShape(shapeOf(x.body))}`;
}

/** How the service's answer differs from the emulator's, or undefined when they agree. */
export function answerDifference(service: Exchange, emulator: Exchange): string | undefined {
	if (service.status !== emulator.status)
		return `the service answered ${service.status}, the emulator ${emulator.status}`;
	const s = shapeOf(service.body);
	const e = shapeOf(emulator.body);
	// an answer of addresses and an empty one are the same document, with or without people
	const lines = ['blank', 'address lines'];
	if (s.kind === 'text' && e.kind === 'text' && lines.includes(s.text) && lines.includes(e.text))
		return undefined;
	return shapeDifference(s, e, OPEN);
}

export interface ProbeRow {
	probe: string;
	request: string;
	emulator: string;
	service: string;
	node: NodeReading;
	/** Set when the service and the emulator disagree. */
	difference?: string;
}

export interface CheckResult {
	problems: string[];
	rows: ProbeRow[];
	recordings: Recording[];
	emulator: Map<string, Exchange>;
}

/**
 * Checks every recording of a directory. `known`: credentials that must appear nowhere (the
 * record command passes the ones it used; the jest test has none and relies on the patterns).
 */
export async function checkRecordings(dir: string, known: string[] = []): Promise<CheckResult> {
	const problems: string[] = [];
	const problem = (file: string, what: string) => problems.push(`${file}: ${what}`);
	const recordings: Recording[] = [];
	for (const file of recordingFiles(dir)) {
		const r = readRecording(file);
		if (typeof r === 'string') {
			problem(file, r);
			continue;
		}
		if (r.by !== RECORDED_BY) problem(file, `"by" is "${r.by}", not "${RECORDED_BY}"`);
		if (!/^https?:\/\/[^/?#@]+$/.test(r.origin))
			problem(file, `"origin" is not a scheme and host: "${r.origin}"`);
		if (!file.endsWith(fileNameOf(r.probe)))
			problem(file, `the file is not named after its probe "${r.probe}"`);
		if (r.status !== 0 && !r.contentType && r.body !== '')
			problem(file, 'a body without a content type');
		const whole = [JSON.stringify(r.request), r.origin, r.body, r.error ?? ''].join('\n');
		for (const s of secretsIn(whole, known)) problem(file, `holds ${s}`);
		recordings.push(r);
	}
	const emulator = recordings.length
		? await emulatorAnswers(recordings.map((r) => r.probe))
		: new Map<string, Exchange>();
	const rows: ProbeRow[] = [];
	for (const r of recordings) {
		const e = emulator.get(r.probe);
		const params = new URLSearchParams(r.request.params ?? {}).toString();
		const request = `${r.request.method} ${r.request.path}${params ? `?${params}` : ''}`;
		const node = await nodeReading(r);
		const difference = e ? answerDifference(r, e) : undefined;
		rows.push({
			probe: r.probe,
			request,
			emulator: summary(e),
			service: summary(r),
			node,
			difference,
		});
		if (node.reads === 'no')
			problem(r.file, `the node cannot read it (${node.reader}): ${node.detail}`);
		if (!e) problem(r.file, `the emulator's session has no probe "${r.probe}" to compare with`);
		if (difference)
			problem(r.file, `the emulator is wrong: ${r.probe} (${request}): ${difference}`);
	}
	return { problems, rows, recordings, emulator };
}
