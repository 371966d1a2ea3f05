/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- the emulator is test code: a stand-in for the Mad Mimi service, run by jest and by `npm run emulator`, never loaded by n8n */
/**
 * The HTTP side of the emulator: request parsing and recording, faults, authentication, routing
 * of the service's endpoints and of the /__emulator control endpoints.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { unescape as lenientUnescape } from 'node:querystring';

import { parseDay, parseSearchDateTime, ServiceClock } from './dates';
import type { Clock } from './dates';
import {
	AnswerContext,
	JSON_TYPE,
	promotionsJson,
	renderAddons,
	renderAnalyticsDomains,
	renderAvailableAddons,
	renderDripCampaigns,
	renderLinks,
	renderLists,
	renderMailingStats,
	renderParticipants,
	renderPromotionAttempts,
	renderPromotions,
	renderRecipients,
	renderSocialLinkDefs,
	renderSocialLinks,
	TEXT_TYPE,
	Variation,
	XML_DECLARATION,
	XML_TYPE,
} from './render';
import type { PromotionAttempt, UserSocialLink } from './render';
import { createStore, DEMO_CREDENTIALS, NO_RIGHTS_CREDENTIALS } from './seed';
import type { SeedName } from './seed';
import { ApiError, OUTCOMES } from './store';
import type { Outcome, Participant, Promotion, Store } from './store';

// ====================================================================== public types

export interface EmulatorOptions {
	/** Default 0: a random free port. */
	port?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** Delay before every answer, default 0. */
	latencyMs?: number;
	/** Default 'demo'. */
	seed?: SeedName;
}

export interface RecordedRequest {
	/** As sent (GET, POST, PUT, DELETE). */
	method: string;
	/** After the _method override (uppercase). */
	effectiveMethod: string;
	/** Path exactly as received, still percent-encoded, no query string. */
	rawPath: string;
	/** Decoded path. */
	path: string;
	/** Decoded path segments (the raw path split on '/', each decoded; empty segments dropped). */
	segments: string[];
	query: Record<string, string>;
	/** Parsed application/x-www-form-urlencoded (or multipart/form-data) body, {} otherwise. */
	form: Record<string, string>;
	/** Query and form merged (form wins), without username, api_key and _method. */
	params: Record<string, string>;
	headers: Record<string, string | string[] | undefined>;
	/** Raw body text. */
	body: string;
	authenticated: boolean;
	/** Status answered (0 when a fault reset or hung the connection, or the client went away). */
	status: number;
	/** Clock time (ms) it arrived. */
	at: number;
}

export type FaultResponse =
	| { status: number; body?: string | Buffer; contentType?: string; headers?: Record<string, string> }
	| 'reset'
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

export interface Faults {
	add(rule: FaultRule): void;
	clear(): void;
	readonly rules: FaultRule[];
}

export interface Emulator {
	readonly baseUrl: string;
	readonly requests: RecordedRequest[];
	readonly store: Store;
	readonly clock: Clock;
	latencyMs: number;
	readonly faults: Faults;
	/** The most requests the emulator was answering at once since the last clear or reset. */
	readonly maxInFlight: number;
	clearRequests(): void;
	reset(seed?: SeedName): void;
	close(): Promise<void>;
}

// ====================================================================== helpers

/** Request bodies above this are refused with 413. */
export const MAX_BODY_BYTES = 200 * 1024 * 1024;

interface Answer {
	status: number;
	body: string | Buffer;
	contentType: string;
	headers?: Record<string, string>;
}

function textAnswer(status: number, body: string): Answer {
	return { status, body, contentType: TEXT_TYPE };
}

function xmlAnswer(body: string): Answer {
	return { status: 200, body, contentType: XML_TYPE };
}

function jsonAnswer(value: unknown, status = 200): Answer {
	return { status, body: JSON.stringify(value), contentType: JSON_TYPE };
}

const NOT_FOUND: Answer = textAnswer(404, ' ');

function decodeComponent(s: string): string {
	if (!s.includes('%')) return s;
	try {
		return decodeURIComponent(s);
	} catch {
		// Malformed escapes: decode what can be decoded, keep the rest.
		return lenientUnescape(s);
	}
}

function decodeFormComponent(s: string): string {
	return decodeComponent(s.includes('+') ? s.replace(/\+/g, ' ') : s);
}

/** Parses `a=1&b=2` (application/x-www-form-urlencoded). Later duplicates win. */
export function parseUrlEncoded(text: string): Record<string, string> {
	const out: Record<string, string> = {};
	if (text === '') return out;
	for (const pair of text.split('&')) {
		if (pair === '') continue;
		const eq = pair.indexOf('=');
		const key = decodeFormComponent(eq === -1 ? pair : pair.slice(0, eq));
		const value = eq === -1 ? '' : decodeFormComponent(pair.slice(eq + 1));
		if (key === '__proto__') continue;
		out[key] = value;
	}
	return out;
}

/** Parses a multipart/form-data body: every part by its name, file parts as UTF-8 text. */
function parseMultipart(body: Buffer, boundary: string): Record<string, string> {
	const out: Record<string, string> = {};
	const delimiter = Buffer.from(`--${boundary}`);
	let pos = body.indexOf(delimiter);
	while (pos !== -1) {
		let start = pos + delimiter.length;
		if (body[start] === 45 && body[start + 1] === 45) break; // closing "--"
		if (body[start] === 13) start++;
		if (body[start] === 10) start++;
		const next = body.indexOf(delimiter, start);
		if (next === -1) break;
		let end = next;
		if (body[end - 1] === 10) end--;
		if (body[end - 1] === 13) end--;
		const part = body.subarray(start, end);
		let headerEnd = part.indexOf('\r\n\r\n');
		let sepLength = 4;
		if (headerEnd === -1) {
			headerEnd = part.indexOf('\n\n');
			sepLength = 2;
		}
		if (headerEnd !== -1) {
			const head = part.subarray(0, headerEnd).toString('utf8');
			const name = /name="([^"]*)"/i.exec(head);
			if (name && name[1] !== '__proto__') out[name[1]] = part.subarray(headerEnd + sepLength).toString('utf8');
		}
		pos = next;
	}
	return out;
}

function parseBodyForm(contentType: string | undefined, body: Buffer, text: string): Record<string, string> {
	const type = (contentType ?? '').toLowerCase();
	if (type.includes('application/x-www-form-urlencoded')) return parseUrlEncoded(text);
	if (type.includes('multipart/form-data')) {
		const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
		const boundary = m ? (m[1] ?? m[2]) : undefined;
		if (boundary) return parseMultipart(body, boundary);
	}
	return {};
}

type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'tooLarge' | 'aborted' };

function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
	return new Promise((resolve) => {
		const declared = Number(req.headers['content-length'] ?? '0');
		if (declared > limit) {
			req.resume();
			resolve({ ok: false, reason: 'tooLarge' });
			return;
		}
		const chunks: Buffer[] = [];
		let size = 0;
		let done = false;
		req.on('data', (chunk: Buffer) => {
			if (done) return;
			size += chunk.length;
			if (size > limit) {
				done = true;
				chunks.length = 0;
				resolve({ ok: false, reason: 'tooLarge' });
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => {
			if (done) return;
			done = true;
			resolve({ ok: true, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) });
		});
		req.on('error', () => {
			if (done) return;
			done = true;
			resolve({ ok: false, reason: 'aborted' });
		});
		req.on('aborted', () => {
			if (done) return;
			done = true;
			resolve({ ok: false, reason: 'aborted' });
		});
	});
}

function toInt(text: string | undefined): number | null {
	if (text === undefined) return null;
	const t = text.trim();
	return /^-?\d+$/.test(t) ? Number(t) : null;
}

function positiveInt(text: string | undefined): number | null {
	const n = toInt(text);
	return n !== null && n >= 1 ? n : null;
}

function truthy(text: string | undefined): boolean {
	return text !== undefined && ['true', '1', 'yes', 'on'].includes(text.trim().toLowerCase());
}

function given(params: Record<string, string>, key: string): boolean {
	return params[key] !== undefined && params[key] !== '';
}

// ====================================================================== faults

class FaultList implements Faults {
	readonly rules: FaultRule[] = [];
	private readonly remaining = new Map<FaultRule, number>();

	private readonly skip = new Map<FaultRule, number>();

	add(rule: FaultRule): void {
		this.rules.push(rule);
		this.remaining.set(rule, rule.times ?? Infinity);
		this.skip.set(rule, rule.after ?? 0);
	}

	clear(): void {
		this.rules.length = 0;
		this.remaining.clear();
		this.skip.clear();
	}

	/** The first rule matching; counts it and removes it when used up. */
	take(method: string, path: string): FaultRule | undefined {
		for (let i = 0; i < this.rules.length; i++) {
			const rule = this.rules[i];
			if (rule.method !== undefined && rule.method.toUpperCase() !== method) continue;
			if (rule.path !== undefined) {
				if (typeof rule.path === 'string') {
					if (rule.path !== path) continue;
				} else {
					rule.path.lastIndex = 0;
					if (!rule.path.test(path)) continue;
				}
			}
			const skip = this.skip.get(rule) ?? 0;
			if (skip > 0) {
				this.skip.set(rule, skip - 1);
				continue;
			}
			const left = (this.remaining.get(rule) ?? rule.times ?? Infinity) - 1;
			if (left <= 0) {
				this.rules.splice(i, 1);
				this.remaining.delete(rule);
			} else {
				this.remaining.set(rule, left);
			}
			return rule;
		}
		return undefined;
	}
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Builds a FaultRule from its JSON form (path as a string or {"regex": "...", "flags": "..."}). */
export function faultRuleFromJson(value: unknown): FaultRule {
	if (!isRecord(value)) throw new Error('A fault rule must be a JSON object');
	const rule: FaultRule = { respond: 'reset' };
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
	if (value.times !== undefined && value.times !== null) {
		if (typeof value.times !== 'number' || value.times < 1) throw new Error('times must be a positive number');
		rule.times = value.times;
	}
	if (value.after !== undefined && value.after !== null) {
		if (typeof value.after !== 'number' || value.after < 0) throw new Error('after must be a number, 0 or more');
		rule.after = value.after;
	}
	const r = value.respond;
	if (r === 'reset' || r === 'resetMidAnswer' || r === 'hang') rule.respond = r;
	else if (isRecord(r) && typeof r.hugeBytes === 'number') {
		rule.respond = { hugeBytes: r.hugeBytes, contentType: typeof r.contentType === 'string' ? r.contentType : undefined };
	} else if (isRecord(r) && typeof r.status === 'number') {
		const headers: Record<string, string> = {};
		if (isRecord(r.headers)) for (const [k, v] of Object.entries(r.headers)) headers[k] = String(v);
		rule.respond = {
			status: r.status,
			body: typeof r.body === 'string' ? r.body : undefined,
			contentType: typeof r.contentType === 'string' ? r.contentType : undefined,
			headers,
		};
	} else throw new Error('respond must be "reset", "resetMidAnswer", "hang", {status, ...} or {hugeBytes}');
	return rule;
}

function faultRuleToJson(rule: FaultRule): unknown {
	const path = rule.path instanceof RegExp ? { regex: rule.path.source, flags: rule.path.flags } : rule.path;
	const respond =
		typeof rule.respond === 'object' && 'status' in rule.respond && Buffer.isBuffer(rule.respond.body)
			? { ...rule.respond, body: rule.respond.body.toString('utf8') }
			: rule.respond;
	return { method: rule.method, path, times: rule.times, after: rule.after, respond };
}

// ====================================================================== the API

interface Call {
	method: string;
	seg: string[];
	params: Record<string, string>;
	accept: string;
	store: Store;
	now: number;
	out: AnswerContext;
}

const BLANK_KEY = 'blank';

function blank(c: Call): Answer {
	return textAnswer(200, c.out.alt(BLANK_KEY) ? ' ' : '');
}

function memberMissing(c: Call, email: string): ApiError {
	return new ApiError(400, c.out.alt('memberMissing') ? `Member ${email} does not exist` : `${email} does not exist`);
}

function requireMember(c: Call, email: string): void {
	if (!c.store.getMember(email)) throw memberMissing(c, email);
}

function route(c: Call): Answer {
	switch (c.seg[0]) {
		case 'audience_lists':
			return audienceLists(c);
		case 'audience_members':
			return audienceMembers(c);
		case 'promotions':
		case 'promotions.xml':
		case 'promotions.json':
			return promotions(c);
		case 'addons':
		case 'addons.xml':
		case 'addon':
			return addons(c);
		case 'google_analytics':
		case 'google_analytics.xml':
			return analytics(c);
		case 'social_links':
		case 'social_links.xml':
		case 'social_links.json':
			return socialLinks(c);
		case 'participants':
		case 'participants.xml':
			return participants(c);
		case 'drip_campaigns':
			if (c.method === 'GET' && c.seg.length === 2 && c.seg[1] === 'list.xml') {
				return xmlAnswer(renderDripCampaigns(c.store.dripCampaigns, c.out));
			}
			return NOT_FOUND;
		case 'signups':
			return signups(c);
		default:
			return NOT_FOUND;
	}
}

// ---------------------------------------------------------------- audience

function audienceLists(c: Call): Answer {
	const { seg, method, params, store } = c;
	if (seg.length === 1 && method === 'POST') {
		const name = (params.name ?? '').trim();
		if (name === '') throw new ApiError(400, "Name can't be blank");
		store.createList(name);
		return blank(c);
	}
	if (seg.length === 2 && method === 'GET' && seg[1] === 'lists.xml') {
		return xmlAnswer(renderLists(store.listsById(), c.out));
	}
	if (seg.length === 2 && method === 'DELETE') {
		store.lists.delete(seg[1]);
		return blank(c);
	}
	if (seg.length === 3 && method === 'POST' && (seg[2] === 'add' || seg[2] === 'remove')) {
		const email = (params.email ?? '').trim();
		if (email === '') throw new ApiError(400, "Email can't be blank");
		requireMember(c, email);
		const list = store.lists.get(seg[1]);
		if (!list) throw new ApiError(400, `List ${seg[1]} does not exist`);
		if (seg[2] === 'add') list.members.add(email.toLowerCase());
		else list.members.delete(email.toLowerCase());
		return blank(c);
	}
	return NOT_FOUND;
}

function audienceMembers(c: Call): Answer {
	const { seg, method, params, store } = c;
	if (seg.length === 1 && method === 'POST') {
		const csv = params.csv_file;
		if (csv === undefined) throw new ApiError(400, 'csv_file is required');
		const record = store.importCsv(csv, c.now);
		return textAnswer(200, String(record.id));
	}
	if (method !== 'GET') return NOT_FOUND;
	if (seg.length === 2 && (seg[1] === 'count_new' || seg[1] === 'count_new.txt')) return countNew(c);
	if (seg.length === 3 && seg[1] === 'suppressed_since' && /\.txt$/.test(seg[2])) {
		const ts = toInt(seg[2].slice(0, -4));
		if (ts === null) throw new ApiError(400, 'Invalid timestamp');
		const since = ts * 1000;
		const emails = [...store.members.values()]
			.filter((m) => m.optedOut && m.suppressedAt !== undefined && m.suppressedAt >= since)
			.sort((a, b) => (a.suppressedAt ?? 0) - (b.suppressedAt ?? 0) || a.email.localeCompare(b.email))
			.map((m) => m.email);
		return textAnswer(200, emails.length === 0 ? '\n' : `${emails.join('\n')}\n`);
	}
	if (seg.length === 3 && seg[2] === 'lists.xml') {
		requireMember(c, seg[1]);
		return xmlAnswer(renderLists(store.listsOf(seg[1]), c.out));
	}
	if (seg.length === 3 && seg[2] === 'promotion_attempts.xml') {
		requireMember(c, seg[1]);
		return xmlAnswer(renderPromotionAttempts(promotionAttempts(store, seg[1]), c.out));
	}
	return NOT_FOUND;
}

function countNew(c: Call): Answer {
	const start = toInt(c.params.start);
	const end = toInt(c.params.end);
	if (start === null || end === null) throw new ApiError(400, 'start and end must be unix timestamps');
	if (start > end) throw new ApiError(400, 'start must be before end');
	if (end - start > 31 * 86_400) {
		throw new ApiError(400, 'Calls to count_new are limited to a date range of one month');
	}
	const from = start * 1000;
	const to = end * 1000;
	let count = 0;
	// the service stores created_at in whole seconds: a member created at 12.7 s is at 12 s
	for (const m of c.store.members.values()) {
		const createdAt = Math.floor(m.createdAt / 1000) * 1000;
		if (createdAt >= from && createdAt <= to) count++;
	}
	return textAnswer(200, String(count));
}

function promotionAttempts(store: Store, email: string): PromotionAttempt[] {
	const key = email.trim().toLowerCase();
	const attempts: PromotionAttempt[] = [];
	for (const promotion of store.promotionsById(true)) {
		for (const mailing of [...promotion.mailings].sort((a, b) => a.id - b.id)) {
			const found = {} as Record<Outcome, number | undefined>;
			let seen = false;
			for (const outcome of OUTCOMES) {
				const r = mailing.recipients[outcome].find((x) => x.email.toLowerCase() === key);
				found[outcome] = r?.at;
				if (r) seen = true;
			}
			if (!seen) continue;
			attempts.push({
				promotion,
				mailing,
				sentAt: found.sent ?? mailing.startedSend ?? mailing.finishedSend ?? store.now(),
				viewed: found.read !== undefined,
				clicked: found.clicked_thru !== undefined,
				bounced: found.bounced !== undefined,
				unsubscribed: found.opt_out !== undefined,
				forwarded: found.forwarded !== undefined,
				abused: found.abused !== undefined,
			});
		}
	}
	return attempts;
}

// ---------------------------------------------------------------- promotions

const PROMOTIONS_PER_PAGE = 20;

function promotions(c: Call): Answer {
	const { seg, method, params, store } = c;
	if (seg.length === 1) {
		if (method !== 'GET') return NOT_FOUND;
		const page = positiveInt(params.page) ?? 1;
		const all = store.promotionsById();
		const slice = all.slice((page - 1) * PROMOTIONS_PER_PAGE, page * PROMOTIONS_PER_PAGE);
		const wantsJson = seg[0] === 'promotions.json' || (seg[0] === 'promotions' && c.accept.includes('json'));
		if (wantsJson) return jsonAnswer(promotionsJson(slice, c.out));
		return xmlAnswer(renderPromotions(slice, c.out));
	}
	if (seg[0] !== 'promotions') return NOT_FOUND;
	if (seg.length === 2) {
		if (seg[1] === 'search.xml' && method === 'GET') return xmlAnswer(renderPromotions(searchPromotions(c), c.out));
		if (seg[1] === 'save' && method === 'POST') return savePromotion(c);
		if ((seg[1] === 'transactional_count' || seg[1] === 'transactional_count.txt') && method === 'GET') {
			const name = params.promotion_name ?? '';
			if (name === '') throw new ApiError(400, 'Promotion name is required');
			const day = parseDay(params.date ?? '');
			if (day === null) throw new ApiError(400, 'Invalid date');
			let count = 0;
			for (const t of store.transactional) if (t.promotionName === name && t.date === day) count += t.count;
			return textAnswer(200, String(count));
		}
		return NOT_FOUND;
	}
	const promotionId = /^\d+$/.test(seg[1]) ? Number(seg[1]) : null;
	if (promotionId === null) return NOT_FOUND;
	if (seg.length === 3 && seg[2] === 'trash' && method === 'PUT') {
		const promotion = store.promotions.get(promotionId);
		if (!promotion) return NOT_FOUND;
		promotion.trashed = true;
		return blank(c);
	}
	if (seg[2] !== 'mailings' || method !== 'GET') return NOT_FOUND;
	if (seg.length === 4) {
		const m = /^(\d+)\.xml$/.exec(seg[3]);
		if (!m) return NOT_FOUND;
		const mailing = store.getMailing(promotionId, Number(m[1]));
		return mailing ? xmlAnswer(renderMailingStats(mailing)) : NOT_FOUND;
	}
	if (seg.length === 5) {
		if (!/^\d+$/.test(seg[3])) return NOT_FOUND;
		const mailing = store.getMailing(promotionId, Number(seg[3]));
		if (!mailing) return NOT_FOUND;
		const m = /^([a-z_]+)\.xml$/.exec(seg[4]);
		if (!m) return NOT_FOUND;
		if (m[1] === 'clicked') return xmlAnswer(renderLinks(mailing.links, c.out));
		if (!(OUTCOMES as readonly string[]).includes(m[1])) return NOT_FOUND;
		const list = mailing.recipients[m[1] as Outcome];
		const page = positiveInt(params.page) ?? 1;
		const perPage = Math.min(positiveInt(params.per_page) ?? 30, 100);
		const slice = list.slice((page - 1) * perPage, page * perPage);
		return xmlAnswer(renderRecipients(page, perPage, slice, c.out));
	}
	return NOT_FOUND;
}

function isApiPromotion(p: Promotion): boolean {
	return p.name.startsWith('API: ');
}

function searchPromotions(c: Call): Promotion[] {
	const { params, store } = c;
	const all = store.promotionsById();
	const withApi = truthy(params.api_mailings);
	if (given(params, 'id')) {
		const id = toInt(params.id);
		return all.filter((p) => p.id === id);
	}
	if (given(params, 'name')) return all.filter((p) => p.name === params.name);
	if (given(params, 'date') && !['0', 'false'].includes(params.date.trim().toLowerCase())) {
		const from = parseSearchDateTime(params.from_date ?? '');
		const to = parseSearchDateTime(params.to_date ?? '');
		if (from === null || to === null) throw new ApiError(400, 'Invalid date');
		return all.filter((p) => {
			const at = Math.floor(p.updatedAt / 1000) * 1000;
			return at >= from && at <= to && (withApi || !isApiPromotion(p));
		});
	}
	if (params.query !== undefined) {
		const q = params.query.toLowerCase();
		return all.filter((p) => p.name.toLowerCase().includes(q) && (withApi || !isApiPromotion(p)));
	}
	throw new ApiError(400, 'A search needs query, name, id or date=1 with from_date and to_date');
}

function savePromotion(c: Call): Answer {
	const { params, store } = c;
	const name = params.promotion_name ?? '';
	if (name.trim() === '') throw new ApiError(400, 'Promotion name is required');
	if (!given(params, 'raw_html') && !given(params, 'raw_plain_text') && !given(params, 'url')) {
		throw new ApiError(400, 'Content is required (raw_html, raw_plain_text or url)');
	}
	let promotion = store.findPromotionByName(name);
	if (!promotion) promotion = store.addPromotion(name, { updatedAt: c.now });
	if (given(params, 'raw_html')) promotion.rawHtml = params.raw_html;
	if (given(params, 'raw_plain_text')) promotion.rawPlainText = params.raw_plain_text;
	if (given(params, 'url')) promotion.url = params.url;
	promotion.updatedAt = c.now;
	return textAnswer(200, `Saved ${name} (${promotion.id})`);
}

// ---------------------------------------------------------------- account extras

function addons(c: Call): Answer {
	const { seg, method, store } = c;
	if (seg[0] === 'addons.xml' && seg.length === 1 && method === 'GET') return xmlAnswer(renderAddons(store.addons, c.out));
	if (seg[0] === 'addons' && seg.length === 2 && seg[1] === 'available.xml' && method === 'GET') {
		return xmlAnswer(renderAvailableAddons(store.addons, c.out));
	}
	if (seg[0] === 'addon' && seg.length === 3 && seg[2] === 'toggle' && method === 'POST') {
		const ref = seg[1];
		const addon = /^\d+$/.test(ref)
			? store.addons.find((a) => a.id === Number(ref))
			: store.addons.find((a) => a.key === ref);
		if (!addon) return NOT_FOUND;
		if (addon.status === 'activated') addon.status = 'deactivated';
		else if (addon.paid) throw new ApiError(400, 'Paid addons cannot be activated through the API');
		else addon.status = 'activated';
		return blank(c);
	}
	return NOT_FOUND;
}

function analytics(c: Call): Answer {
	const { seg, method, params, store } = c;
	if (seg.length !== 1) return NOT_FOUND;
	if (seg[0] === 'google_analytics.xml') {
		return method === 'GET' ? xmlAnswer(renderAnalyticsDomains(store.analyticsDomains, c.out)) : NOT_FOUND;
	}
	if (method !== 'POST' && method !== 'DELETE') return NOT_FOUND;
	const domain = (params.domain ?? '').trim();
	if (domain === '') throw new ApiError(400, "Domain can't be blank");
	const index = store.analyticsDomains.findIndex((d) => d.toLowerCase() === domain.toLowerCase());
	if (method === 'POST') {
		if (index === -1) store.analyticsDomains.push(domain);
		return blank(c);
	}
	if (index === -1) throw new ApiError(400, `Domain ${domain} is not set up`);
	store.analyticsDomains.splice(index, 1);
	return blank(c);
}

function userSocialLinks(store: Store): UserSocialLink[] {
	const out: UserSocialLink[] = [];
	const known = new Set<string>();
	for (const def of store.socialLinkDefs) {
		known.add(def.key);
		const url = store.socialLinks[def.key];
		if (url !== undefined && url !== '') out.push({ key: def.key, name: def.name, url });
	}
	for (const [key, url] of Object.entries(store.socialLinks)) {
		if (!known.has(key) && url !== '') out.push({ key, name: key, url });
	}
	return out;
}

function socialLinks(c: Call): Answer {
	const { seg, method, params, store } = c;
	if (seg.length === 1 && method === 'GET') {
		const links = userSocialLinks(store);
		if (seg[0] === 'social_links.json') return jsonAnswer(links);
		if (seg[0] === 'social_links.xml') return xmlAnswer(renderSocialLinks(links, c.out));
		return NOT_FOUND;
	}
	if (seg[0] !== 'social_links' || seg.length !== 2) return NOT_FOUND;
	if (method === 'GET' && seg[1] === 'available.json') {
		return jsonAnswer(
			store.socialLinkDefs.map((d) => ({ key: d.key, name: d.name, description: d.description, formatting: d.formatting })),
		);
	}
	if (method === 'GET' && seg[1] === 'available.xml') return xmlAnswer(renderSocialLinkDefs(store.socialLinkDefs, c.out));
	if (method === 'PUT' && seg[1] === 'update') {
		const keys = new Set(store.socialLinkDefs.map((d) => d.key));
		for (const key of Object.keys(params)) if (!keys.has(key)) throw new ApiError(400, `Unknown social link ${key}`);
		for (const [key, url] of Object.entries(params)) {
			if (url.trim() === '') delete store.socialLinks[key];
			else store.socialLinks[key] = url.trim();
		}
		return blank(c);
	}
	return NOT_FOUND;
}

const PARTICIPANT_FIELDS: [string, 'pwd' | 'firstName' | 'lastName' | 'organizationName' | 'address'][] = [
	['pwd', 'pwd'],
	['first_name', 'firstName'],
	['last_name', 'lastName'],
	['organization_name', 'organizationName'],
	['address', 'address'],
];

function participants(c: Call): Answer {
	const { seg, method, params, store } = c;
	if (seg[0] === 'participants.xml') {
		if (seg.length !== 1 || method !== 'GET') return NOT_FOUND;
		const all = [...store.participants.values()].sort((a, b) => a.createdAt - b.createdAt);
		return xmlAnswer(renderParticipants(all, c.out));
	}
	const email = (params.email ?? '').trim();
	const key = email.toLowerCase();
	const existing = (): Participant => {
		if (email === '') throw new ApiError(400, "Email can't be blank");
		const p = store.participants.get(key);
		if (!p) throw new ApiError(400, `${email} does not exist`);
		return p;
	};
	if (seg.length === 1 && method === 'POST') {
		if (email === '') throw new ApiError(400, "Email can't be blank");
		if (store.participants.has(key) || key === DEMO_CREDENTIALS.username) {
			throw new ApiError(400, 'Email has already been taken');
		}
		const participant: Participant = {
			email,
			apiKey: store.makeApiKey(email),
			invited: (params.no_invite ?? '').trim().toLowerCase() !== 'yes',
			createdAt: c.now,
			permissions: { full: [], read: [], none: [] },
		};
		for (const [param, field] of PARTICIPANT_FIELDS) if (given(params, param)) participant[field] = params[param];
		store.participants.set(key, participant);
		return textAnswer(200, participant.apiKey);
	}
	if (seg.length === 1 && method === 'DELETE') {
		existing();
		store.participants.delete(key);
		return blank(c);
	}
	if (seg.length === 2 && seg[1] === 'update' && method === 'PUT') {
		const p = existing();
		for (const [param, field] of PARTICIPANT_FIELDS) {
			if (params[param] !== undefined) p[field] = params[param] === '' ? undefined : params[param];
		}
		return blank(c);
	}
	if (seg.length === 2 && seg[1] === 'update_permissions_for' && method === 'POST') {
		const p = existing();
		const categories = ['full', 'read', 'none'] as const;
		const wanted: Partial<Record<(typeof categories)[number], string[]>> = {};
		for (const cat of categories) {
			if (params[cat] === undefined) continue;
			const names = params[cat]
				.split(',')
				.map((n) => n.trim())
				.filter((n) => n !== '');
			for (const name of names) if (!store.lists.has(name)) throw new ApiError(400, `List ${name} does not exist`);
			wanted[cat] = names;
		}
		for (const cat of categories) {
			const names = wanted[cat];
			if (names === undefined) continue;
			for (const other of categories) {
				if (other !== cat) p.permissions[other] = p.permissions[other].filter((n) => !names.includes(n));
			}
			p.permissions[cat] = [...new Set(names)];
		}
		return blank(c);
	}
	return NOT_FOUND;
}

function signups(c: Call): Answer {
	if (c.seg.length !== 2 || c.method !== 'GET') return NOT_FOUND;
	const m = /^(.*)\.json$/.exec(c.seg[1]);
	if (!m) return NOT_FOUND;
	const id = toInt(m[1]);
	const signup = id === null ? undefined : c.store.signups.get(id);
	if (!signup) throw new ApiError(400, 'The signup could not be found');
	return jsonAnswer(signup);
}

// ====================================================================== the server

type AuthResult = 'ok' | 'noRights' | 'fail';

const HUGE_UNIT = '<item>lorem ipsum dolor sit amet, consectetur adipiscing elit sed do eiusmod</item>\n';

class EmulatorServer implements Emulator {
	readonly requests: RecordedRequest[] = [];
	readonly clock = new ServiceClock();
	readonly faults = new FaultList();
	latencyMs: number;
	baseUrl = '';

	maxInFlight = 0;

	private inFlight = 0;

	private current: Store;
	private readonly variation = new Variation();
	private readonly sockets = new Set<Socket>();
	private readonly timers = new Set<NodeJS.Timeout>();
	private readonly server: Server;
	private closed = false;

	constructor(private readonly options: EmulatorOptions) {
		this.latencyMs = options.latencyMs ?? 0;
		this.current = createStore(options.seed ?? 'demo', () => this.clock.now());
		this.server = createServer({ maxHeaderSize: 1024 * 1024, requestTimeout: 0 }, (req, res) => {
			if (!(req.url ?? '').startsWith('/__emulator')) {
				this.inFlight++;
				this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
				res.on('close', () => this.inFlight--);
			}
			this.handle(req, res).catch((err: unknown) => {
				if (!res.headersSent && !res.destroyed) {
					const message = err instanceof Error ? err.message : String(err);
					this.send(res, undefined, textAnswer(500, `Emulator error: ${message}`));
				}
			});
		});
		this.server.on('connection', (socket: Socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
		this.server.on('clientError', (_err, socket: Socket) => {
			if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
			else socket.destroy();
		});
	}

	get store(): Store {
		return this.current;
	}

	async listen(): Promise<void> {
		const host = this.options.host ?? '127.0.0.1';
		await new Promise<void>((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(this.options.port ?? 0, host, () => {
				this.server.off('error', reject);
				resolve();
			});
		});
		const address = this.server.address() as AddressInfo;
		const shownHost = host.includes(':') ? `[${host}]` : host;
		this.baseUrl = `http://${shownHost}:${address.port}`;
	}

	clearRequests(): void {
		this.requests.length = 0;
		this.maxInFlight = this.inFlight;
	}

	reset(seed?: SeedName): void {
		this.current = createStore(seed ?? this.options.seed ?? 'demo', () => this.clock.now());
		this.requests.length = 0;
		this.maxInFlight = this.inFlight;
		this.faults.clear();
		this.variation.reset();
	}

	close(): Promise<void> {
		this.closed = true;
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		return new Promise((resolve) => {
			this.server.close(() => resolve());
			this.server.closeAllConnections();
			for (const socket of this.sockets) socket.destroy();
			this.sockets.clear();
		});
	}

	private sleep(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, ms);
			this.timers.add(timer);
		});
	}

	private send(res: ServerResponse, record: RecordedRequest | undefined, answer: Answer): void {
		if (record) record.status = answer.status;
		if (res.destroyed) {
			if (record) record.status = 0;
			return;
		}
		const body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body;
		res.writeHead(answer.status, {
			'Content-Type': answer.contentType,
			'Content-Length': String(body.length),
			...answer.headers,
		});
		res.end(body);
	}

	private authenticate(query: Record<string, string>, form: Record<string, string>): AuthResult {
		const username = (form.username ?? query.username ?? '').trim().toLowerCase();
		const apiKey = form.api_key ?? query.api_key ?? '';
		if (username === '' || apiKey === '') return 'fail';
		if (username === DEMO_CREDENTIALS.username && apiKey === DEMO_CREDENTIALS.apiKey) return 'ok';
		if (username === NO_RIGHTS_CREDENTIALS.username && apiKey === NO_RIGHTS_CREDENTIALS.apiKey) return 'noRights';
		const child = this.current.participants.get(username);
		if (child && child.apiKey === apiKey) return 'ok';
		return 'fail';
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const at = this.clock.now();
		let rawUrl = req.url ?? '/';
		const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(rawUrl);
		if (absolute) rawUrl = rawUrl.slice(absolute[0].length) || '/';
		const hash = rawUrl.indexOf('#');
		if (hash !== -1) rawUrl = rawUrl.slice(0, hash);
		const q = rawUrl.indexOf('?');
		const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
		const rawQuery = q === -1 ? '' : rawUrl.slice(q + 1);
		const method = (req.method ?? 'GET').toUpperCase();

		if (rawPath === '/__emulator' || rawPath.startsWith('/__emulator/')) {
			await this.handleControl(req, res, method, rawPath.slice('/__emulator'.length), rawQuery);
			return;
		}

		const rawSegments = rawPath.split('/').filter((s) => s !== '');
		const query = parseUrlEncoded(rawQuery);
		const record: RecordedRequest = {
			method,
			effectiveMethod: method,
			rawPath,
			path: decodeComponent(rawPath),
			segments: rawSegments.map(decodeComponent),
			query,
			form: {},
			params: {},
			headers: { ...req.headers },
			body: '',
			authenticated: false,
			status: 0,
			at,
		};
		this.requests.push(record);

		const read = await readBody(req, MAX_BODY_BYTES);
		if (!read.ok) {
			if (read.reason === 'tooLarge') {
				this.send(res, record, {
					...textAnswer(413, 'Request entity too large'),
					headers: { Connection: 'close' },
				});
			}
			return;
		}
		const bodyText = read.body.toString('utf8');
		record.body = bodyText;
		const form = parseBodyForm(req.headers['content-type'], read.body, bodyText);
		record.form = form;
		const override = (form._method ?? (method === 'POST' ? query._method : undefined) ?? '').trim().toUpperCase();
		if (method === 'POST' && ['DELETE', 'PUT', 'PATCH'].includes(override)) record.effectiveMethod = override;
		const params: Record<string, string> = { ...query, ...form };
		delete params.username;
		delete params.api_key;
		delete params._method;
		record.params = params;

		const fault = this.faults.take(record.effectiveMethod, record.path);
		if (this.latencyMs > 0) await this.sleep(this.latencyMs);
		if (this.closed) return;
		if (fault) {
			await this.applyFault(fault.respond, req, res, record);
			return;
		}

		const auth = this.authenticate(query, form);
		if (auth === 'fail') return this.send(res, record, textAnswer(401, 'Unable to authenticate'));
		if (auth === 'noRights') {
			return this.send(res, record, textAnswer(401, 'You do not have the rights to use this API'));
		}
		record.authenticated = true;

		const accept = req.headers.accept;
		const call: Call = {
			method: record.effectiveMethod === 'PATCH' ? 'PUT' : record.effectiveMethod,
			seg: record.segments,
			params,
			accept: (Array.isArray(accept) ? accept.join(',') : (accept ?? '')).toLowerCase(),
			store: this.current,
			now: this.clock.now(),
			out: new AnswerContext(this.variation),
		};
		let answer: Answer;
		try {
			answer = route(call);
		} catch (err) {
			if (err instanceof ApiError) answer = textAnswer(err.status, err.body);
			else throw err;
		}
		this.send(res, record, answer);
	}

	private async applyFault(
		respond: FaultResponse,
		req: IncomingMessage,
		res: ServerResponse,
		record: RecordedRequest,
	): Promise<void> {
		if (respond === 'reset') {
			record.status = 0;
			req.socket.resetAndDestroy();
			return;
		}
		if (respond === 'hang') {
			record.status = 0;
			return;
		}
		if (respond === 'resetMidAnswer') {
			record.status = 0;
			const partial = `${XML_DECLARATION}<promotions>\n  <promotion id="1" name="Trunc`;
			res.writeHead(200, { 'Content-Type': XML_TYPE, 'Content-Length': String(partial.length + 4096) });
			res.write(partial, () => req.socket.destroy());
			return;
		}
		if ('hugeBytes' in respond) {
			record.status = 200;
			await this.streamHuge(res, Math.max(0, Math.floor(respond.hugeBytes)), respond.contentType ?? XML_TYPE);
			return;
		}
		const body = respond.body ?? '';
		this.send(res, record, {
			status: respond.status,
			body,
			contentType: respond.contentType ?? TEXT_TYPE,
			headers: respond.headers,
		});
	}

	private async streamHuge(res: ServerResponse, size: number, contentType: string): Promise<void> {
		res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': String(size) });
		const head = Buffer.from(`${XML_DECLARATION}<filler>\n`);
		const tail = Buffer.from('</filler>\n');
		const unit = Buffer.from(HUGE_UNIT.repeat(Math.ceil(65536 / HUGE_UNIT.length)));
		const write = async (chunk: Buffer): Promise<boolean> => {
			if (res.destroyed) return false;
			if (!res.write(chunk)) {
				await new Promise<void>((resolve) => {
					const done = (): void => {
						res.off('drain', done);
						res.off('close', done);
						resolve();
					};
					res.on('drain', done);
					res.on('close', done);
				});
			}
			return !res.destroyed;
		};
		if (size <= head.length + tail.length) {
			await write(Buffer.concat([head, tail]).subarray(0, size));
			res.end();
			return;
		}
		if (!(await write(head))) return;
		let middle = size - head.length - tail.length;
		while (middle > 0) {
			const n = Math.min(middle, unit.length);
			const chunk = n === unit.length ? unit : Buffer.concat([unit.subarray(0, n - 1), Buffer.from('\n')]);
			if (!(await write(chunk))) return;
			middle -= n;
		}
		res.end(tail);
	}

	// ------------------------------------------------------------------ control endpoints

	private async handleControl(
		req: IncomingMessage,
		res: ServerResponse,
		method: string,
		sub: string,
		rawQuery: string,
	): Promise<void> {
		const read = await readBody(req, MAX_BODY_BYTES);
		if (!read.ok) {
			if (read.reason === 'tooLarge') this.send(res, undefined, jsonAnswer({ error: 'Request entity too large' }, 413));
			return;
		}
		const text = read.body.toString('utf8').trim();
		let input: Record<string, unknown> = {};
		if (text !== '') {
			try {
				const parsed: unknown = JSON.parse(text);
				if (isRecord(parsed)) input = parsed;
			} catch {
				this.send(res, undefined, jsonAnswer({ error: 'Body must be JSON' }, 400));
				return;
			}
		}
		const query = parseUrlEncoded(rawQuery);
		const path = sub.replace(/\/+$/, '');
		try {
			this.send(res, undefined, this.control(`${method} ${path}`, input, query));
		} catch (err) {
			const message = err instanceof Error ? err.message : String(err);
			this.send(res, undefined, jsonAnswer({ error: message }, 400));
		}
	}

	private control(action: string, input: Record<string, unknown>, query: Record<string, string>): Answer {
		switch (action) {
			case 'GET /requests':
				return jsonAnswer(this.requests);
			case 'DELETE /requests':
				this.clearRequests();
				return jsonAnswer({ ok: true });
			case 'GET /state':
				return jsonAnswer(this.current.snapshot());
			case 'GET /summary':
				// counts only: cheap even with 100,000 members (benchmarks)
				return jsonAnswer({
					requests: this.requests.length,
					maxInFlight: this.maxInFlight,
					members: this.current.members.size,
					lists: Object.fromEntries([...this.current.lists.values()].map((l) => [l.name, l.members.size])),
					imports: this.current.imports.map((i) => ({ id: i.id, rows: i.rows.length })),
				});
			case 'POST /recipients': {
				const { promotionId, mailingId, outcome, count } = input;
				if (typeof promotionId !== 'number' || typeof mailingId !== 'number' || typeof outcome !== 'string' || typeof count !== 'number') {
					throw new Error('give promotionId, mailingId, outcome and count');
				}
				this.current.seedRecipients(promotionId, mailingId, outcome as Outcome, count);
				return jsonAnswer({ ok: true });
			}
			case 'POST /reset': {
				const seed = input.seed ?? query.seed;
				if (seed !== undefined && seed !== 'demo' && seed !== 'empty') throw new Error('seed must be "demo" or "empty"');
				this.reset(seed);
				return jsonAnswer({ ok: true, seed: seed ?? this.options.seed ?? 'demo' });
			}
			case 'GET /faults':
				return jsonAnswer(this.faults.rules.map(faultRuleToJson));
			case 'POST /faults':
				this.faults.add(faultRuleFromJson(input));
				return jsonAnswer({ ok: true, count: this.faults.rules.length });
			case 'DELETE /faults':
				this.faults.clear();
				return jsonAnswer({ ok: true });
			case 'GET /clock':
				return jsonAnswer({ now: this.clock.now(), frozen: this.clock.frozen });
			case 'POST /clock': {
				if (input.real === true) this.clock.useRealTime();
				if (input.set !== undefined) {
					if (typeof input.set !== 'number') throw new Error('set must be a number (ms)');
					this.clock.set(input.set);
				}
				if (input.advance !== undefined) {
					if (typeof input.advance !== 'number') throw new Error('advance must be a number (ms)');
					this.clock.advance(input.advance);
				}
				return jsonAnswer({ now: this.clock.now(), frozen: this.clock.frozen });
			}
			case 'GET /latency':
				return jsonAnswer({ latencyMs: this.latencyMs });
			case 'POST /latency': {
				const ms = input.latencyMs ?? input.ms;
				if (typeof ms !== 'number' || ms < 0) throw new Error('latencyMs must be a number >= 0');
				this.latencyMs = ms;
				return jsonAnswer({ latencyMs: this.latencyMs });
			}
			default:
				return jsonAnswer({ error: `Unknown control endpoint ${action}` }, 404);
		}
	}
}

/** Starts an emulator; resolves once it listens. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	const emulator = new EmulatorServer(options);
	await emulator.listen();
	return emulator;
}
