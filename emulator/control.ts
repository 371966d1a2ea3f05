/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the emulator is test code: a stand-in for the Mad Mimi service, run by jest and by `npm run emulator`, never loaded by n8n */
/**
 * The /__emulator control endpoints (no auth, not recorded, no latency; README.md "Control
 * endpoints"). A control request's JSON body is read, then its action (`<METHOD> <path>`, e.g.
 * `POST /clock`) is looked up in CONTROL_ACTIONS. Bad input answers `400 {"error": ...}`, an
 * unknown action `404 {"error": ...}`.
 */
import type { IncomingMessage } from 'node:http';

import { ALL_DATE_STYLES } from './dates';
import type { DateStyle } from './dates';
import { faultRuleFromJson } from './faults';
import { isRecord, MAX_BODY_BYTES, readBody } from './requestBody';
import { jsonAnswer } from './routes';
import type { Answer } from './routes';
import type { Outcome } from './model';
import type { Emulator } from './server';

/** The JSON body (an object; `{}` when empty or not an object). */
type ControlInput = Record<string, unknown>;
type ControlAction = (emu: Emulator, input: ControlInput) => Answer;

/**
 * The answer to a control request (`sub`: its path after `/__emulator`), or undefined when the
 * client went away while sending its body.
 */
export async function controlAnswer(
	emu: Emulator,
	req: IncomingMessage,
	method: string,
	sub: string,
): Promise<Answer | undefined> {
	const read = await readBody(req, MAX_BODY_BYTES);
	if (!read.ok)
		return read.reason === 'tooLarge'
			? jsonAnswer({ error: 'Request entity too large' }, 413)
			: undefined;
	const input = jsonInput(read.body);
	if (input === undefined) return jsonAnswer({ error: 'Body must be JSON' }, 400);
	const action = `${method} ${sub.replace(/\/+$/, '')}`;
	try {
		const run = CONTROL_ACTIONS.get(action);
		return run ? run(emu, input) : jsonAnswer({ error: `Unknown control endpoint ${action}` }, 404);
	} catch (err) {
		const message = err instanceof Error ? err.message : String(err);
		return jsonAnswer({ error: message }, 400);
	}
}

/** The body as a JSON object (`{}` when empty or another JSON value), undefined when it is not JSON. */
function jsonInput(body: Buffer): ControlInput | undefined {
	const text = body.toString('utf8').trim();
	if (text === '') return {};
	try {
		const parsed: unknown = JSON.parse(text);
		return isRecord(parsed) ? parsed : {};
	} catch {
		return undefined;
	}
}

/** An action that answers `{"ok": true}` once done. */
const done =
	(act: (emu: Emulator, input: ControlInput) => void): ControlAction =>
	(emu, input) => {
		act(emu, input);
		return jsonAnswer({ ok: true });
	};

/** Counts only: cheap even with 100,000 members (benchmarks). */
function summary(emu: Emulator): Answer {
	const store = emu.store;
	return jsonAnswer({
		requests: emu.requests.length,
		maxInFlight: emu.maxInFlight,
		members: store.members.size,
		lists: Object.fromEntries([...store.lists.values()].map((l) => [l.name, l.members.size])),
		imports: store.imports.map((i) => ({ id: i.id, rows: i.rows.length })),
		transactions: store.transactions.length,
		sends: store.sends.length,
	});
}

function seedRecipients(emu: Emulator, input: ControlInput): void {
	const { promotionId, mailingId, outcome, count } = input;
	if (
		typeof promotionId !== 'number' ||
		typeof mailingId !== 'number' ||
		typeof outcome !== 'string' ||
		typeof count !== 'number'
	) {
		throw new Error('give promotionId, mailingId, outcome and count');
	}
	emu.store.seedRecipients(promotionId, mailingId, outcome as Outcome, count);
}

function reset(emu: Emulator, { seed }: ControlInput): void {
	if (seed !== undefined && seed !== 'demo' && seed !== 'empty')
		throw new Error('seed must be "demo" or "empty"');
	emu.reset(seed);
}

function setClock(emu: Emulator, input: ControlInput): Answer {
	if (input.real === true) emu.clock.useRealTime();
	if (input.set !== undefined) {
		if (typeof input.set !== 'number') throw new Error('set must be a number (ms)');
		emu.clock.set(input.set);
	}
	if (input.advance !== undefined) {
		if (typeof input.advance !== 'number') throw new Error('advance must be a number (ms)');
		emu.clock.advance(input.advance);
	}
	return jsonAnswer({ now: emu.clock.now() });
}

function setLatency(emu: Emulator, { latencyMs }: ControlInput): void {
	if (typeof latencyMs !== 'number' || latencyMs < 0)
		throw new Error('latencyMs must be a number >= 0');
	emu.latencyMs = latencyMs;
}

/** A fixed date style, or null for the rotation. */
function setDateStyle(emu: Emulator, { dateStyle }: ControlInput): void {
	if (dateStyle !== null && !(ALL_DATE_STYLES as readonly unknown[]).includes(dateStyle))
		throw new Error(`dateStyle must be one of ${ALL_DATE_STYLES.join(', ')} or null`);
	emu.dateStyle = (dateStyle ?? undefined) as DateStyle | undefined;
}

/** Every control endpoint: `<METHOD> <path after /__emulator>` → what it does and answers. */
const CONTROL_ACTIONS: ReadonlyMap<string, ControlAction> = new Map<string, ControlAction>([
	['GET /requests', (emu) => jsonAnswer(emu.requests)],
	['DELETE /requests', done((emu) => emu.clearRequests())],
	['GET /state', (emu) => jsonAnswer(emu.store.snapshot())],
	['GET /summary', summary],
	['POST /recipients', done(seedRecipients)],
	['POST /reset', done(reset)],
	['POST /faults', done((emu, input) => emu.faults.add(faultRuleFromJson(input)))],
	['POST /clock', setClock],
	['POST /latency', done(setLatency)],
	['POST /date-style', done(setDateStyle)],
]);
