/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- the emulator is test code: a stand-in for the Mad Mimi service, run by jest and by `npm run emulator`, never loaded by n8n */
/**
 * The HTTP side of the emulator: the server, its settings (latency, vocabulary, date style) and
 * each request's way through it: recorded (recordedRequest.ts), its body read (requestBody.ts),
 * faulted (faults.ts), authenticated, routed (routes/) and answered in the vocabulary in use
 * (switches.ts). /__emulator requests go to the control endpoints (control.ts).
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { controlAnswer } from './control';
import { ServiceClock } from './dates';
import type { DateStyle } from './dates';
import { applyFault, FaultList, faultLabel } from './faults';
import { newRecord, splitTarget, takeBody } from './recordedRequest';
import type { RecordedRequest } from './recordedRequest';
import { AnswerContext, Variation } from './render';
import type { CreatedAtOrder } from './render';
import { MAX_BODY_BYTES, readBody } from './requestBody';
import { route, textAnswer } from './routes';
import type { Answer, Call } from './routes';
import { createStore, DEMO_CREDENTIALS, NO_RIGHTS_CREDENTIALS } from './seed';
import type { SeedName } from './seed';
import { ApiError } from './model';
import type { Store } from './store';
import { inSecondVocabulary } from './vocabulary';
import type { Vocabulary } from './vocabulary';

const TOO_LARGE: Answer = {
	...textAnswer(413, 'Request entity too large'),
	headers: { Connection: 'close' },
};

export interface EmulatorOptions {
	/** Default 0: a random free port (on 127.0.0.1). */
	port?: number;
	/** Delay before every answer, default 0. */
	latencyMs?: number;
	/** The seed of the store, default 'demo'; reset() without one seeds it again. */
	seed?: SeedName;
}

/** The emulator as its users hold it (startEmulator makes it); also what the control endpoints act on. */
export class Emulator {
	/** Every API request in arrival order, faulted ones too (control requests are not recorded). */
	readonly requests: RecordedRequest[] = [];
	readonly clock = new ServiceClock();
	readonly faults = new FaultList();
	latencyMs: number;
	/** No trailing slash. */
	baseUrl = '';
	/** The most requests the emulator was answering at once since the last clear or reset. */
	maxInFlight = 0;
	/** The vocabulary of guessed answers; reset() returns to 'guessed'. */
	vocabulary: Vocabulary = 'guessed';
	/** When set, every answer's dates use this style instead of the rotation; reset() unsets it. */
	dateStyle: DateStyle | undefined;
	/**
	 * The direction of the members documents asked for `order=created_at` (no source records it):
	 * undefined serves oldest first in the guessed vocabulary and newest first in the second one;
	 * `shuffled` serves no order at all. reset() returns to undefined.
	 */
	createdAtOrder: CreatedAtOrder | undefined;

	private inFlight = 0;
	private current!: Store;
	private readonly variation = new Variation();
	private readonly sockets = new Set<Socket>();
	private readonly timers = new Set<NodeJS.Timeout>();
	private readonly server: Server;
	private closed = false;

	constructor(private readonly options: EmulatorOptions) {
		this.latencyMs = options.latencyMs ?? 0;
		this.reset();
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

	/** The account's state, live; replaced by reset(), so read it through `emu.store` each time. */
	get store(): Store {
		return this.current;
	}

	async listen(): Promise<void> {
		await new Promise<void>((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(this.options.port ?? 0, '127.0.0.1', () => {
				this.server.off('error', reject);
				resolve();
			});
		});
		this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	clearRequests(): void {
		this.requests.length = 0;
		this.maxInFlight = this.inFlight;
	}

	/** A fresh store (default: the seed given at start), no request, no fault; the clock is kept. */
	reset(seed?: SeedName): void {
		this.current = createStore(seed ?? this.options.seed ?? 'demo', () => this.clock.now());
		this.clearRequests();
		this.faults.clear();
		this.variation.reset();
		this.createdAtOrder = undefined;
		this.vocabulary = 'guessed';
		this.dateStyle = undefined;
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

	/** One request: a control request, or an API request (recorded, then handleApi). */
	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const at = this.clock.now();
		const { rawPath, rawQuery } = splitTarget(req.url ?? '/');
		const method = (req.method ?? 'GET').toUpperCase();
		if (rawPath === '/__emulator' || rawPath.startsWith('/__emulator/')) {
			const answer = await controlAnswer(this, req, method, rawPath.slice('/__emulator'.length));
			if (answer) this.send(res, undefined, answer);
			return;
		}
		const record = newRecord(req, method, rawPath, rawQuery, at);
		this.requests.push(record);
		await this.handleApi(req, res, record);
	}

	/**
	 * An API request's steps: its body; its fault, drawn before the latency; the fault's answer, or
	 * the authentication and the router's answer (which a resetAfterWork fault cuts off).
	 */
	private async handleApi(
		req: IncomingMessage,
		res: ServerResponse,
		record: RecordedRequest,
	): Promise<void> {
		const read = await readBody(req, MAX_BODY_BYTES);
		if (!read.ok) {
			if (read.reason === 'tooLarge') this.send(res, record, TOO_LARGE);
			return;
		}
		takeBody(record, req.headers['content-type'], read.body);

		const fault = this.faults.take(record.effectiveMethod, record.path);
		if (fault) record.fault = faultLabel(fault);
		if (this.latencyMs > 0) await this.sleep(this.latencyMs);
		if (this.closed) return;
		if (fault && fault !== 'resetAfterWork') {
			const answer = await applyFault(fault, req, res, record);
			if (answer) this.send(res, record, answer);
			return;
		}

		const refusal = this.refusal(record);
		if (refusal) return this.send(res, record, refusal);
		record.authenticated = true;
		const answer = this.routeAnswer(req, record);
		if (fault === 'resetAfterWork') {
			// the work is done (the store changed); the answer never leaves
			record.status = 0;
			req.socket.resetAndDestroy();
			return;
		}
		this.send(res, record, answer);
	}

	/** The 401 answer to a request whose credentials fail or lack the rights; undefined when they open the account. */
	private refusal({ query, form }: RecordedRequest): Answer | undefined {
		const username = (form.username ?? query.username ?? '').trim().toLowerCase();
		const apiKey = form.api_key ?? query.api_key ?? '';
		const is = (c: { username: string; apiKey: string }) =>
			username === c.username && apiKey === c.apiKey;
		if (is(NO_RIGHTS_CREDENTIALS))
			return textAnswer(401, 'You do not have the rights to use this API');
		const child = this.current.participants.get(username);
		const opens = is(DEMO_CREDENTIALS) || (child !== undefined && child.apiKey === apiKey);
		return opens && apiKey !== '' ? undefined : textAnswer(401, 'Unable to authenticate');
	}

	/** The router's answer to an authenticated request (a refusal as its text), in the vocabulary in use. */
	private routeAnswer(req: IncomingMessage, record: RecordedRequest): Answer {
		const accept = req.headers.accept;
		const call: Call = {
			method: record.effectiveMethod === 'PATCH' ? 'PUT' : record.effectiveMethod,
			seg: record.segments,
			params: record.params,
			accept: (Array.isArray(accept) ? accept.join(',') : (accept ?? '')).toLowerCase(),
			store: this.current,
			now: this.clock.now(),
			out: new AnswerContext(this.variation, this.vocabulary, this.dateStyle),
		};
		call.out.createdAtOrder =
			this.createdAtOrder ?? (this.vocabulary === 'second' ? 'newestFirst' : 'oldestFirst');
		let answer: Answer;
		try {
			answer = route(call);
		} catch (err) {
			if (err instanceof ApiError) answer = textAnswer(err.status, err.body);
			else throw err;
		}
		return call.out.vocabulary === 'second' ? inSecondVocabulary(answer) : answer;
	}
}

/** Starts an emulator; resolves once it listens. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	const emulator = new Emulator(options);
	await emulator.listen();
	return emulator;
}
