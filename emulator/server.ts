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
import { checkDateStyle, checkVocabulary, inSecondVocabulary } from './switches';
import type { ControlledEmulator, Emulator, EmulatorOptions } from './types';
import type { Vocabulary } from './vocabulary';

const TOO_LARGE: Answer = {
	...textAnswer(413, 'Request entity too large'),
	headers: { Connection: 'close' },
};

class EmulatorServer implements ControlledEmulator {
	readonly requests: RecordedRequest[] = [];
	readonly clock = new ServiceClock();
	readonly faults = new FaultList();
	latencyMs: number;
	baseUrl = '';

	maxInFlight = 0;

	private inFlight = 0;

	private current!: Store;
	private currentVocabulary!: Vocabulary;
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

	/** The seed given at start (default 'demo'): reset() without one seeds it. */
	get startSeed(): SeedName {
		return this.options.seed ?? 'demo';
	}

	get store(): Store {
		return this.current;
	}

	get vocabulary(): Vocabulary {
		return this.currentVocabulary;
	}

	set vocabulary(value: Vocabulary) {
		this.currentVocabulary = checkVocabulary(value);
	}

	createdAtOrder: CreatedAtOrder | undefined;

	get dateStyle(): DateStyle | undefined {
		return this.variation.fixedDateStyle;
	}

	set dateStyle(value: DateStyle | undefined) {
		this.variation.fixedDateStyle = checkDateStyle(value);
	}

	/** How this answer is served: its vocabulary, date style and order of members by date. */
	private answerContext(): AnswerContext {
		const out = new AnswerContext(this.variation, this.currentVocabulary);
		out.createdAtOrder =
			this.createdAtOrder ?? (this.currentVocabulary === 'second' ? 'newestFirst' : 'oldestFirst');
		return out;
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
		this.current = createStore(seed ?? this.startSeed, () => this.clock.now());
		this.requests.length = 0;
		this.maxInFlight = this.inFlight;
		this.faults.clear();
		this.variation.reset();
		this.createdAtOrder = undefined;
		this.currentVocabulary = checkVocabulary(this.options.vocabulary ?? 'guessed');
		this.variation.fixedDateStyle = checkDateStyle(this.options.dateStyle);
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
		if (record) {
			record.status = answer.status;
			record.answeredAt = Date.now();
		}
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
			const answer = await controlAnswer(
				this,
				req,
				method,
				rawPath.slice('/__emulator'.length),
				rawQuery,
			);
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
			out: this.answerContext(),
		};
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
	const emulator = new EmulatorServer(options);
	await emulator.listen();
	return emulator;
}
