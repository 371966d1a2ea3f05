import { exchange } from './http';
import { recordingClient } from './readers';
import type { Exchange, ProbeRequest, SessionOptions, Target } from './types';

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
