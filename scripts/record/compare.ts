import { DEMO_CREDENTIALS, startEmulator } from '../../emulator';
import { nodeReading } from './readers';
import type { NodeReading } from './readers';
import { Redactor } from './redact';
import { runSession } from './session';
import { describeShape, shapeDifference, shapeOf } from './shape';
import type { Exchange, SessionOptions } from './types';

/*
 * The emulator's side of every probe: the same session run against an in-process emulator with
 * the demo data (its own list, member and promotion found by the same reads), and each answer of
 * the service compared with the emulator's for the same probe.
 */

/** The demo member a session puts on its list when the service's member already existed. */
const DEMO_MEMBER = 'ann.archer@example.com';
/** An address the demo data does not have (the service's member was new to the audience). */
const NEW_MEMBER = 'record.member@example.com';
const DEMO_SEND_TO = 'record.send-to@example.com';
/** Child paths whose names are the account's own (a member's custom fields). */
const OPEN = ['audience/member'];

/** Runs the session the recordings come from against a fresh demo emulator: writes and send as they did, no waiting. */
export async function emulatorAnswers(probes: string[]): Promise<Map<string, Exchange>> {
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

export async function probeRow(
	service: Exchange,
	emulator: Exchange | undefined,
): Promise<ProbeRow> {
	const params = new URLSearchParams(service.request.params ?? {}).toString();
	return {
		probe: service.probe,
		request: `${service.request.method} ${service.request.path}${params ? `?${params}` : ''}`,
		emulator: summary(emulator),
		service: summary(service),
		node: await nodeReading(service),
		difference: emulator ? answerDifference(service, emulator) : undefined,
	};
}
