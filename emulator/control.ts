/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the emulator is test code: a stand-in for the Mad Mimi service, run by jest and by `npm run emulator`, never loaded by n8n */
/**
 * The /__emulator control endpoints (no auth, not recorded, no latency; README.md "Control
 * endpoints"). A control request's JSON body is read, then its action (`<METHOD> <path>`, e.g.
 * `POST /clock`) is looked up in CONTROL_ACTIONS. Bad input answers `400 {"error": ...}`, an
 * unknown action `404 {"error": ...}`.
 */
import type { IncomingMessage } from 'node:http';

import { faultRuleFromJson, faultRuleToJson } from './faults';
import { isRecord, MAX_BODY_BYTES, parseUrlEncoded, readBody } from './requestBody';
import { jsonAnswer } from './routes';
import type { Answer } from './routes';
import type { ControlledEmulator } from './types';
import type { MailerStatus, Outcome } from './model';
import { checkDateStyle, checkVocabulary } from './switches';

/** The JSON body (an object; `{}` when empty or not an object) and the query string. */
type ControlInput = Record<string, unknown>;
type ControlQuery = Record<string, string>;
type ControlAction = (emu: ControlledEmulator, input: ControlInput, query: ControlQuery) => Answer;

/**
 * The answer to a control request (`sub`: its path after `/__emulator`), or undefined when the
 * client went away while sending its body.
 */
export async function controlAnswer(
	emu: ControlledEmulator,
	req: IncomingMessage,
	method: string,
	sub: string,
	rawQuery: string,
): Promise<Answer | undefined> {
	const read = await readBody(req, MAX_BODY_BYTES);
	if (!read.ok)
		return read.reason === 'tooLarge'
			? jsonAnswer({ error: 'Request entity too large' }, 413)
			: undefined;
	const input = jsonInput(read.body);
	if (input === undefined) return jsonAnswer({ error: 'Body must be JSON' }, 400);
	const query = parseUrlEncoded(rawQuery);
	const action = `${method} ${sub.replace(/\/+$/, '')}`;
	try {
		const run = CONTROL_ACTIONS.get(action);
		return run
			? run(emu, input, query)
			: jsonAnswer({ error: `Unknown control endpoint ${action}` }, 404);
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

function ok(): Answer {
	return jsonAnswer({ ok: true });
}

// ---------------------------------------------------------------------- requests and state

function clearRequests(emu: ControlledEmulator): Answer {
	emu.clearRequests();
	return ok();
}

/** Counts only: cheap even with 100,000 members (benchmarks). */
function summary(emu: ControlledEmulator): Answer {
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

function seedRecipients(emu: ControlledEmulator, input: ControlInput): Answer {
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
	return ok();
}

function setTransactionStatus(emu: ControlledEmulator, input: ControlInput): Answer {
	const { id, status } = input;
	if (typeof id !== 'string' || typeof status !== 'string')
		throw new Error('give {"id": "<transaction id>", "status": "<status>"}');
	emu.store.setTransactionStatus(id, status as MailerStatus);
	return jsonAnswer({ ok: true, id, status });
}

function reset(emu: ControlledEmulator, input: ControlInput, query: ControlQuery): Answer {
	const seed = input.seed ?? query.seed;
	if (seed !== undefined && seed !== 'demo' && seed !== 'empty')
		throw new Error('seed must be "demo" or "empty"');
	emu.reset(seed);
	return jsonAnswer({ ok: true, seed: seed ?? emu.startSeed });
}

// ---------------------------------------------------------------------- faults

function addFault(emu: ControlledEmulator, input: ControlInput): Answer {
	emu.faults.add(faultRuleFromJson(input));
	return jsonAnswer({ ok: true, count: emu.faults.rules.length });
}

function seedFaults(emu: ControlledEmulator, input: ControlInput): Answer {
	if (!isRecord(input) || typeof input.seed !== 'number') throw new Error('seed must be a number');
	emu.faults.seed(input.seed);
	return ok();
}

function clearFaults(emu: ControlledEmulator): Answer {
	emu.faults.clear();
	return ok();
}

// ---------------------------------------------------------------------- clock, latency, vocabulary, date style

function clockState(emu: ControlledEmulator): Answer {
	return jsonAnswer({ now: emu.clock.now(), frozen: emu.clock.frozen });
}

function setClock(emu: ControlledEmulator, input: ControlInput): Answer {
	if (input.real === true) emu.clock.useRealTime();
	if (input.set !== undefined) {
		if (typeof input.set !== 'number') throw new Error('set must be a number (ms)');
		emu.clock.set(input.set);
	}
	if (input.advance !== undefined) {
		if (typeof input.advance !== 'number') throw new Error('advance must be a number (ms)');
		emu.clock.advance(input.advance);
	}
	return clockState(emu);
}

function latency(emu: ControlledEmulator): Answer {
	return jsonAnswer({ latencyMs: emu.latencyMs });
}

function setLatency(emu: ControlledEmulator, input: ControlInput): Answer {
	const ms = input.latencyMs ?? input.ms;
	if (typeof ms !== 'number' || ms < 0) throw new Error('latencyMs must be a number >= 0');
	emu.latencyMs = ms;
	return latency(emu);
}

function vocabulary(emu: ControlledEmulator): Answer {
	return jsonAnswer({ vocabulary: emu.vocabulary });
}

function setVocabulary(emu: ControlledEmulator, input: ControlInput, query: ControlQuery): Answer {
	emu.vocabulary = checkVocabulary(input.vocabulary ?? query.vocabulary);
	return vocabulary(emu);
}

function dateStyle(emu: ControlledEmulator): Answer {
	return jsonAnswer({ dateStyle: emu.dateStyle ?? null });
}

function setDateStyle(emu: ControlledEmulator, input: ControlInput, query: ControlQuery): Answer {
	if (!('dateStyle' in input) && query.dateStyle === undefined)
		throw new Error('give {"dateStyle": "-0400"} or {"dateStyle": null}');
	emu.dateStyle = checkDateStyle('dateStyle' in input ? input.dateStyle : query.dateStyle);
	return dateStyle(emu);
}

/** Every control endpoint: `<METHOD> <path after /__emulator>` → what it does and answers. */
const CONTROL_ACTIONS: ReadonlyMap<string, ControlAction> = new Map<string, ControlAction>([
	['GET /requests', (emu) => jsonAnswer(emu.requests)],
	['DELETE /requests', clearRequests],
	['GET /state', (emu) => jsonAnswer(emu.store.snapshot())],
	['GET /summary', summary],
	['POST /recipients', seedRecipients],
	['POST /transaction-status', setTransactionStatus],
	['POST /reset', reset],
	['GET /faults', (emu) => jsonAnswer(emu.faults.rules.map(faultRuleToJson))],
	['POST /faults', addFault],
	['POST /faults/seed', seedFaults],
	['DELETE /faults', clearFaults],
	['GET /clock', clockState],
	['POST /clock', setClock],
	['GET /vocabulary', vocabulary],
	['POST /vocabulary', setVocabulary],
	['GET /date-style', dateStyle],
	['POST /date-style', setDateStyle],
	['GET /latency', latency],
	['POST /latency', setLatency],
]);
