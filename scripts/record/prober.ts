import { recordingClient } from './readers';
import type { Exchange, ProbeRequest, SessionOptions, Target } from './types';

/*
 * One exchange with the service, exactly once: no retry, whatever the answer. A probe is asked
 * once (the issue: "each read once"), and a write repeated after a cut could be done twice: a
 * second email is the one thing this command must never cause. The credentials go in the query
 * string of a GET and in the form of a write, as the service takes them; they are never part of
 * what is returned.
 */

const TIMEOUT_MS = 60_000;

async function exchange(target: Target, probe: string, request: ProbeRequest): Promise<Exchange> {
	const all = new URLSearchParams({
		username: target.username,
		api_key: target.apiKey,
		...(request.params ?? {}),
	}).toString();
	const url = `${target.baseUrl.replace(/\/+$/, '')}${request.path}`;
	const init: RequestInit = {
		method: request.method,
		headers: {
			Accept: request.accept ?? '*/*',
			...(request.method === 'GET' ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
		},
		signal: AbortSignal.timeout(TIMEOUT_MS),
		redirect: 'manual',
	};
	if (request.method !== 'GET') init.body = all;
	let answer: Pick<Exchange, 'status' | 'contentType' | 'body' | 'error'>;
	try {
		const res = await fetch(request.method === 'GET' ? `${url}?${all}` : url, init);
		const body = await res.text();
		answer = { status: res.status, contentType: res.headers.get('content-type') ?? '', body };
	} catch (error) {
		// the key is in the URL: an error message that quotes it is cut to its cause's code
		const cause = (error as { cause?: { code?: string } }).cause?.code;
		const name = error instanceof Error ? error.name : 'Error';
		answer = { status: 0, contentType: '', body: '', error: cause ?? name };
	}
	return { probe, request, ...answer, at: new Date().toISOString() };
}

/*
 * A session's one way to the service: each probe asked once, by its id, its exchange kept in
 * order. Ids are unique within a session, as they name the files.
 */
export class Prober {
	readonly exchanges: Exchange[] = [];
	readonly notes: string[] = [];
	readonly skipped: string[] = [];

	constructor(
		readonly target: Target,
		readonly options: SessionOptions,
	) {}

	async ask(probe: string, request: ProbeRequest): Promise<Exchange> {
		if (this.exchanges.some((x) => x.probe === probe))
			throw new Error(`probe ${probe} asked twice`);
		const x = await exchange(this.target, probe, request);
		this.exchanges.push(x);
		this.options.log(`  ${probe}: ${x.status || x.error}`);
		return x;
	}

	get(path: string, params?: Record<string, string>): ProbeRequest {
		return { method: 'GET', path, params };
	}

	post(path: string, params?: Record<string, string>): ProbeRequest {
		return { method: 'POST', path, params };
	}

	/** GETs asked in order, each `[probe, path, query]`; with `missing`, each skipped for that reason. */
	async gets(
		probes: ReadonlyArray<readonly [string, string, Record<string, string>?]>,
		missing?: string,
	) {
		for (const [probe, path, params] of probes)
			if (missing) this.skip(probe, missing);
			else await this.ask(probe, this.get(path, params));
	}

	skip(probe: string, why: string): void {
		this.skipped.push(`${probe}: ${why}`);
	}
}

/** A path of URI-encoded segments: `/audience_lists/a%2Fb/members.xml`. */
export function pathOf(...segments: Array<string | number>): string {
	return `/${segments.map((s) => encodeURIComponent(String(s))).join('/')}`;
}

/** What the node reads from an answer, by its reader for the probe; undefined when it cannot. */
export async function readAs<T>(
	x: Exchange,
	read: (api: ReturnType<typeof recordingClient>) => Promise<T>,
): Promise<T | undefined> {
	if (x.status < 200 || x.status >= 300) return undefined;
	try {
		return await read(recordingClient(x));
	} catch {
		return undefined;
	}
}
