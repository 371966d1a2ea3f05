/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the emulator is test code: a stand-in for the Mad Mimi service, run by jest and by `npm run emulator`, never loaded by n8n */
/**
 * Faults: the rules (`emu.faults`, `POST /__emulator/faults`), which request a rule applies to
 * (`FaultList.take`), the rules' JSON form, and what a fault does to the connection (a reset, a
 * hang, a cut or huge answer). See README.md "Faults".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { TEXT_TYPE, XML_TYPE } from './render';
import { isRecord } from './requestBody';
import type { Answer } from './routes';
import { XML_DECLARATION } from './xml';

/**
 * What a fault does to a request:
 * - `{ status, body, headers }`: that answer instead of the service's (a 429 with Retry-After, a
 *   502 page…); the request is not carried out;
 * - `'reset'`: the connection is cut before the service sees the request (nothing is done);
 * - `'resetAfterWork'`: the request is carried out (an email sent, a member stored), then the
 *   connection is cut before the answer: the client cannot know the work was done;
 * - `'resetMidAnswer'`: part of an answer, then the cut (nothing is done);
 * - `'hang'`: no answer at all; `{ hugeBytes }`: an answer of that size.
 */
export type FaultResponse =
	| {
			status: number;
			body?: string | Buffer;
			contentType?: string;
			headers?: Record<string, string>;
	  }
	| 'reset'
	| 'resetAfterWork'
	| 'resetMidAnswer'
	| 'hang'
	| { hugeBytes: number; contentType?: string };

export interface FaultRule {
	/** Matches the effective method. */
	method?: string;
	/** String: the exact decoded path; RegExp: tested on the decoded path. */
	path?: string | RegExp;
	/** How many matching requests it applies to (default Infinity), then it is removed. */
	times?: number;
	/** How many matching requests to let through untouched before it applies (default 0). */
	after?: number;
	respond: FaultResponse;
}

/** The label of a fault in the request log: its word, or its status. */
export function faultLabel(respond: FaultResponse): string {
	if (typeof respond === 'string') return respond;
	return 'status' in respond ? String(respond.status) : 'huge';
}

function matches(rule: FaultRule, method: string, path: string): boolean {
	if (rule.method !== undefined && rule.method.toUpperCase() !== method) return false;
	if (typeof rule.path === 'string') return rule.path === path;
	if (rule.path === undefined) return true;
	rule.path.lastIndex = 0;
	return rule.path.test(path);
}

/** The rules in order, with what is left of each one's `times` and `after`. */
export class FaultList {
	private rules: { rule: FaultRule; left: number; skip: number }[] = [];

	add(rule: FaultRule): void {
		this.rules.push({ rule, left: rule.times ?? Infinity, skip: rule.after ?? 0 });
	}

	clear(): void {
		this.rules = [];
	}

	/** The response of the first rule matching (counted, and removed when used up), or undefined. */
	take(method: string, path: string): FaultResponse | undefined {
		for (const [i, entry] of this.rules.entries()) {
			if (!matches(entry.rule, method, path)) continue;
			// a request its `after` lets through is counted, and the next rule may take it
			if (entry.skip > 0) {
				entry.skip -= 1;
				continue;
			}
			entry.left -= 1;
			if (entry.left <= 0) this.rules.splice(i, 1);
			return entry.rule.respond;
		}
		return undefined;
	}
}

/** Builds a FaultRule from its JSON form (path as a string or {"regex": "...", "flags": "..."}). */
export function faultRuleFromJson(value: unknown): FaultRule {
	if (!isRecord(value)) throw new Error('A fault rule must be a JSON object');
	const rule: FaultRule = { respond: faultResponseFromJson(value.respond) };
	if (value.method !== undefined) {
		if (typeof value.method !== 'string') throw new Error('method must be a string');
		rule.method = value.method;
	}
	if (value.path !== undefined) {
		if (typeof value.path === 'string') rule.path = value.path;
		else if (isRecord(value.path) && typeof value.path.regex === 'string') {
			const flags = typeof value.path.flags === 'string' ? value.path.flags : '';
			rule.path = new RegExp(value.path.regex, flags);
		} else throw new Error('path must be a string or {"regex": "..."}');
	}
	for (const [key, min] of [
		['times', 1],
		['after', 0],
	] as const) {
		const n = value[key];
		if (n === undefined || n === null) continue;
		if (typeof n !== 'number' || n < min)
			throw new Error(`${key} must be a number, ${min} or more`);
		rule[key] = n;
	}
	return rule;
}

function faultResponseFromJson(r: unknown): FaultResponse {
	if (r === 'reset' || r === 'resetAfterWork' || r === 'resetMidAnswer' || r === 'hang') return r;
	const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
	if (isRecord(r) && typeof r.hugeBytes === 'number')
		return { hugeBytes: r.hugeBytes, contentType: text(r.contentType) };
	if (isRecord(r) && typeof r.status === 'number') {
		const headers: Record<string, string> = {};
		if (isRecord(r.headers)) for (const [k, v] of Object.entries(r.headers)) headers[k] = String(v);
		return { status: r.status, body: text(r.body), contentType: text(r.contentType), headers };
	}
	throw new Error(
		'respond must be "reset", "resetAfterWork", "resetMidAnswer", "hang", {status, ...} or {hugeBytes}',
	);
}

const HUGE_UNIT =
	'<item>lorem ipsum dolor sit amet, consectetur adipiscing elit sed do eiusmod</item>\n';

/**
 * Carries out a fault that answers in place of the service (all but resetAfterWork, which answers
 * after it) and sets the status of the request's record (0: no answer); a `{ status }` fault is
 * returned as the answer to send.
 */
export async function applyFault(
	respond: Exclude<FaultResponse, 'resetAfterWork'>,
	req: IncomingMessage,
	res: ServerResponse,
	record: { status: number },
): Promise<Answer | undefined> {
	if (respond === 'reset') {
		record.status = 0;
		req.socket.resetAndDestroy();
		return undefined;
	}
	if (respond === 'hang') {
		record.status = 0;
		return undefined;
	}
	if (respond === 'resetMidAnswer') {
		record.status = 0;
		const partial = `${XML_DECLARATION}<promotions>\n<promotion name="Trunc`;
		res.writeHead(200, {
			'Content-Type': XML_TYPE,
			'Content-Length': String(partial.length + 4096),
		});
		res.write(partial, () => req.socket.destroy());
		return undefined;
	}
	if ('hugeBytes' in respond) {
		record.status = 200;
		await streamHuge(
			res,
			Math.max(0, Math.floor(respond.hugeBytes)),
			respond.contentType ?? XML_TYPE,
		);
		return undefined;
	}
	const body = respond.body ?? '';
	return {
		status: respond.status,
		body,
		contentType: respond.contentType ?? TEXT_TYPE,
		headers: respond.headers,
	};
}

/** `size` bytes of XML-ish filler, streamed (as fast as the client reads); stops when it goes away. */
async function streamHuge(res: ServerResponse, size: number, contentType: string): Promise<void> {
	res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': String(size) });
	const head = Buffer.from(`${XML_DECLARATION}<filler>\n`);
	const tail = Buffer.from('</filler>\n');
	const unit = Buffer.from(HUGE_UNIT.repeat(Math.ceil(65536 / HUGE_UNIT.length)));
	function* chunks(): Generator<Buffer> {
		if (size <= head.length + tail.length) {
			yield Buffer.concat([head, tail]).subarray(0, size);
			return;
		}
		yield head;
		for (let left = size - head.length - tail.length; left > 0; left -= unit.length)
			yield left >= unit.length
				? unit
				: Buffer.concat([unit.subarray(0, left - 1), Buffer.from('\n')]);
		yield tail;
	}
	await pipeline(Readable.from(chunks()), res).catch(() => undefined);
}
