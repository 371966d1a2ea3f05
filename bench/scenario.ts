/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its own memory figures from /proc and starts a small server process for one case */
/**
 * One benchmark scenario, run in a process of its own (so its peak RSS is its own) against
 * an emulator in another process. Prints one JSON line with its figures.
 *
 *   node .tmp/bench-scenario.js <scenario> <emulator base URL>   (built and run by bench/run.ts)
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { xmlList } from '../nodes/MadMimi/parsing';
import { PARSER_OPTIONS } from '../nodes/MadMimi/parsing/xml';
import { DEFAULT_PAGE_WINDOW } from '../nodes/MadMimi/requestSettings';
import { DEMO_CREDENTIALS } from '../emulator';
import { registerNodeType, runNode, setCredentials, shutdownHarness } from '../test/harness';
import type { RunResult } from '../test/harness';
import { MadMimi as AgainstMadMimi, xmlList as againstXmlList } from './against';
import { CSV_EXPRESSION, HTTP_BASELINE_TYPE, HTTP_BATCH_SIZE, HttpRequestBaseline } from './httpRequestBaseline';

const [scenario, baseUrl] = process.argv.slice(2);

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
	const response = await fetch(`${baseUrl}/__emulator${path}`, {
		method,
		headers: body === undefined ? undefined : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return (await response.json()) as T;
}

interface Summary {
	requests: number;
	maxInFlight: number;
	members: number;
	lists: Record<string, number>;
	imports: Array<{ id: number; rows: number }>;
}

interface RecordedRequest {
	effectiveMethod: string;
	path: string;
}

const summary = async () => await control<Summary>('GET', '/summary');
const clearRequests = async () => await control('DELETE', '/requests');
const setLatency = async (latencyMs: number) => await control('POST', '/latency', { latencyMs });
const getLatency = async () => (await control<{ latencyMs: number }>('GET', '/latency')).latencyMs;

/** The requests the emulator saw, counted by method and path (`GET /audience_lists/lists.xml: 1`). */
async function requestKinds(): Promise<Record<string, number>> {
	const kinds: Record<string, number> = {};
	for (const r of await control<RecordedRequest[]>('GET', '/requests')) {
		const key = `${r.effectiveMethod} ${r.path}`;
		kinds[key] = (kinds[key] ?? 0) + 1;
	}
	return kinds;
}

function people(n: number, list = 'Bench'): INodeExecutionData[] {
	const items: INodeExecutionData[] = new Array(n);
	for (let i = 0; i < n; i++) {
		items[i] = {
			json: { email: `member${i}@bench.example.com`, 'first name': `First${i}`, 'last name': `Last${i}`, company: `Company ${i % 977}, Ltd.`, add_list: list },
		};
	}
	return items;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> {
	const start = process.hrtime.bigint();
	const result = await fn();
	return { result, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

function timedSync<T>(fn: () => T): { result: T; ms: number } {
	const start = process.hrtime.bigint();
	const result = fn();
	return { result, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

/** Memory figures in MiB, as every peak RSS of the benchmark (the node's Max Response Size counts 1,000,000 bytes a MB). */
const MB = 1024 * 1024;
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Members the other scenarios need, created with one untimed import at no latency. */
async function seedMembers(n: number): Promise<void> {
	const latency = await getLatency();
	await setLatency(0);
	await runNode({ parameters: { resource: 'audienceMember', operation: 'import', source: 'items', emailField: 'email', options: { batchSize: 100000, createList: true } } }, people(n, 'Seeded'));
	await setLatency(latency);
	await clearRequests();
}

/** The recipients document's parameters for Return All of the bounced recipients of mailing 34. */
const recipientsParameters = (options: IDataObject = {}): INodeParameters =>
	({
		resource: 'mailing',
		operation: 'getRecipients',
		promotionId: { __rl: true, mode: 'id', value: '3' },
		mailingId: { __rl: true, mode: 'id', value: '34' },
		outcome: 'bounced',
		returnAll: true,
		options,
	}) as INodeParameters;

/** fast-xml-parser configured exactly as nodes/MadMimi/parsing/xml.ts configures it (without the validator the node runs first). */
const plainParser = new XMLParser(PARSER_OPTIONS);

/** The records of a document parsed by fast-xml-parser alone: the root's child elements. */
function plainRecords(xml: string): number {
	const parsed = plainParser.parse(xml) as IDataObject;
	let count = 0;
	for (const rootName in parsed) {
		if (rootName === '#text') continue;
		const root = parsed[rootName];
		if (root === null || typeof root !== 'object') continue;
		for (const key in root as IDataObject) {
			if (key.startsWith('@_') || key === '#text' || key === '#cdata') continue;
			const children = (root as IDataObject)[key];
			count += Array.isArray(children) ? children.length : 1;
		}
	}
	return count;
}

/** The process's peak resident set since the last reset (Linux: VmHWM, reset through clear_refs). */
function highWaterMark(): { reset: () => boolean; peakBytes: () => number } {
	return {
		reset: () => {
			try {
				writeFileSync('/proc/self/clear_refs', '5');
				return true;
			} catch {
				return false;
			}
		},
		peakBytes: () => {
			try {
				const m = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync('/proc/self/status', 'utf8'));
				if (m) return Number(m[1]) * 1024;
			} catch {
				// not Linux: the process's lifetime peak
			}
			return process.resourceUsage().maxRSS * 1024;
		},
	};
}

/** A small server in a process of its own that answers any GET with `bytes` of XML-ish filler, chunked (no Content-Length). */
interface ChunkedServer {
	url: string;
	/** What the server sent before the connection closed: `{ sent, complete }`, once it closed (undefined after 2 s). */
	closed: () => Promise<{ sent: number; complete: boolean } | undefined>;
	stop: () => void;
}

function startChunkedServer(bytes: number, latencyMs: number): Promise<ChunkedServer> {
	const code = `
const http = require('node:http');
const size = ${bytes};
const unit = Buffer.from('<item>lorem ipsum dolor sit amet, consectetur adipiscing elit sed do eiusmod</item>\\n'.repeat(800));
const server = http.createServer((req, res) => {
	setTimeout(async () => {
		res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
		const head = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\\n<filler>\\n');
		res.write(head);
		let left = size - head.length;
		res.on('close', () => console.log('closed ' + JSON.stringify({ sent: size - left, complete: left === 0 })));
		while (left > 0 && !res.destroyed) {
			const n = Math.min(left, unit.length);
			const more = res.write(n === unit.length ? unit : unit.subarray(0, n));
			left -= n;
			if (!more) await new Promise((resolve) => { const done = () => { res.off('drain', done); res.off('close', done); resolve(); }; res.on('drain', done); res.on('close', done); });
		}
		res.end();
	}, ${latencyMs});
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
		let out = '';
		let started = false;
		child.stdout.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const m = /listening on (http:\/\/\S+)/.exec(out);
			if (m && !started) {
				started = true;
				resolve({
					url: m[1],
					closed: async () => {
						for (let waited = 0; waited < 2000; waited += 20) {
							const c = /closed (\{.*\})/.exec(out);
							if (c) return JSON.parse(c[1]) as { sent: number; complete: boolean };
							await new Promise((r) => setTimeout(r, 20));
						}
						return undefined;
					},
					stop: () => child.kill('SIGTERM'),
				});
			}
		});
		child.on('exit', (code) => {
			if (!started) reject(new Error(`the chunked server exited with ${code}`));
		});
	});
}

/** The node type name of the other version (`--against`), registered in the harness beside the node. */
const AGAINST_TYPE = 'bench.madMimiAgainst';

/**
 * recipients50k with AGAINST: Return All with the default Parallel Page Reads by the node and by
 * the other version, in one process, interleaved A B B A for each pair of ROUNDS (after a warm-up
 * of the other version); the records of every run compared with the node's first run.
 */
async function againstReturnAll(rounds: number, reference: string[]): Promise<Record<string, unknown>> {
	registerNodeType(AGAINST_TYPE, new AgainstMadMimi());
	await runNode({ type: AGAINST_TYPE, parameters: { ...recipientsParameters(), returnAll: false, limit: 5000 } });
	const ms: Record<'node' | 'against', number[]> = { node: [], against: [] };
	let same = true;
	for (let r = 0; r < rounds * 2; r++) {
		for (const who of r % 2 === 0 ? (['node', 'against'] as const) : (['against', 'node'] as const)) {
			const { result, ms: took } = await timed(async () => await runNode({ ...(who === 'against' ? { type: AGAINST_TYPE } : {}), parameters: recipientsParameters() }));
			ms[who].push(took);
			const records = result.items.map((i) => JSON.stringify(i.json));
			same &&= result.error === undefined && records.length === reference.length && records.every((rec, i) => rec === reference[i]);
		}
	}
	const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
	return {
		against: process.env.AGAINST,
		againstNodeMs: ms.node,
		againstMs: ms.against,
		againstNodeMeanMs: mean(ms.node),
		againstMeanMs: mean(ms.against),
		againstRatio: mean(ms.against) / mean(ms.node),
		againstRatioMedian: median(ms.against.map((theirs, i) => theirs / ms.node[i])),
		againstSameRecords: same,
	};
}

/** The parse scenario's figures of the other version's reading (`--against`): its time over the node's, per round. */
function againstFigures(spec: string, records: number, againstRecords: number, nodeMs: number[], againstMs: number[]): Record<string, unknown> {
	const ratios = againstMs.map((theirs, i) => theirs / nodeMs[i]);
	return {
		against: spec,
		againstRecords,
		againstMs,
		againstRecordsPerSecond: Math.round(againstRecords / (median(againstMs) / 1000)),
		againstRatioMedian: median(ratios),
		againstRatioMin: Math.min(...ratios),
		againstRatioMax: Math.max(...ratios),
		sameRecordCount: againstRecords === records,
	};
}

/** 50 MiB (52.4 MB), the size the issue names. */
const HUGE_BYTES = 52_428_800;

const scenarios: Record<string, () => Promise<Record<string, unknown>>> = {
	/** 100,000 member items (email + 3 fields + add_list) through Import from items. */
	async import100k() {
		const n = 100_000;
		const rssBefore = peakRssMb();
		const { result, ms } = await timed(async () =>
			await runNode({ parameters: { resource: 'audienceMember', operation: 'import', source: 'items', emailField: 'email', options: { createList: true } } }, people(n)),
		);
		const peak = peakRssMb();
		const s = await summary();
		return {
			items: n,
			outputItems: result.items.length,
			imported: result.items.filter((i) => i.json.imported === true).length,
			error: result.error?.message,
			requests: s.requests,
			requestKinds: await requestKinds(),
			imports: s.imports.length,
			rowsStored: s.imports.reduce((sum, i) => sum + i.rows, 0),
			listMembers: s.lists.Bench,
			ms,
			peakRssMb: peak,
			rssBeforeRunMb: rssBefore,
		};
	},

	/**
	 * The baseline of import a user would otherwise build: n8n's HTTP Request node with its
	 * Batching option, one import of one member per item, 50 in flight, batch after batch
	 * (bench/httpRequestBaseline.ts). SAMPLE items (default: all 100,000).
	 */
	async importHttpBatched() {
		const n = Number(process.env.SAMPLE ?? 100_000);
		registerNodeType(HTTP_BASELINE_TYPE, new HttpRequestBaseline());
		const rssBefore = peakRssMb();
		const { result, ms } = await timed(async () =>
			await runNode(
				{ type: HTTP_BASELINE_TYPE, name: 'HTTP Request', parameters: { url: `${baseUrl}/audience_members`, csvFile: CSV_EXPRESSION, batchSize: HTTP_BATCH_SIZE } },
				people(n),
			),
		);
		const peak = peakRssMb();
		const s = await summary();
		return {
			items: n,
			batchSize: HTTP_BATCH_SIZE,
			outputItems: result.items.length,
			answered: result.items.filter((i) => /^\d+$/.test(String(i.json.data))).length,
			error: result.error?.message,
			requests: s.requests,
			maxInFlight: s.maxInFlight,
			rowsStored: s.imports.reduce((sum, i) => sum + i.rows, 0),
			listMembers: s.lists.Bench,
			ms,
			msPerItem: ms / n,
			peakRssMb: peak,
			rssBeforeRunMb: rssBefore,
		};
	},

	/** The older baseline of import: one add-to-list request per item, sequential, on a sample. */
	async addPerItemSample() {
		const n = Number(process.env.SAMPLE ?? 300);
		await seedMembers(n);
		const { result, ms } = await timed(async () =>
			await runNode(
				{ parameters: { resource: 'audienceList', operation: 'addMember', list: { __rl: true, mode: 'name', value: 'Seeded' }, email: '={{ $json.email }}' } as INodeParameters },
				people(n).map((i) => ({ json: { email: i.json.email } })),
			),
		);
		const s = await summary();
		return { items: n, ok: result.items.length, error: result.error?.message, requests: s.requests, ms, msPerItem: ms / n };
	},

	/**
	 * Return All of 50,000 recipients of a mailing (per_page 100): the default (Parallel Page
	 * Reads 4) and one page at a time, same data, same latency, interleaved (4, 1, 1, 4 for
	 * ROUNDS 2). Every run's records are compared with the first run's, in order.
	 */
	async recipients50k() {
		const n = 50_000;
		const rounds = Number(process.env.ROUNDS ?? 2);
		await control('POST', '/recipients', { promotionId: 3, mailingId: 34, outcome: 'bounced', count: n });
		// one date style for every answer (no rotation), so that two runs' records compare as equal
		await control('POST', '/date-style', { dateStyle: '-0400' });
		// WINDOW=n tries another Parallel Page Reads than the node's default
		const window = process.env.WINDOW ? Number(process.env.WINDOW) : DEFAULT_PAGE_WINDOW;
		const modes = { parallel: process.env.WINDOW ? { parallelPageReads: window } : {}, sequential: { parallelPageReads: 1 } } as const;
		const order: Array<keyof typeof modes> = [];
		for (let r = 0; r < rounds; r++) order.push(...(r % 2 === 0 ? (['parallel', 'sequential'] as const) : (['sequential', 'parallel'] as const)));
		const runs: Record<string, Array<{ ms: number; requests: number; maxInFlight: number; records: number; error?: string }>> = { parallel: [], sequential: [] };
		// warm-up, untimed: 5,000 records (50 pages) in each mode, so that neither measured run
		// pays for loading and compiling the code
		for (const mode of ['parallel', 'sequential'] as const) {
			await runNode({ parameters: { ...recipientsParameters(modes[mode]), returnAll: false, limit: 5000 } });
		}
		let reference: string[] | undefined;
		let mismatches = 0;
		for (const mode of order) {
			await clearRequests();
			const { result, ms } = await timed(async () => await runNode({ parameters: recipientsParameters(modes[mode]) }));
			const s = await summary();
			const records = result.items.map((i) => JSON.stringify(i.json));
			if (reference === undefined) reference = records;
			else if (records.length !== reference.length || records.some((r, i) => r !== reference![i])) mismatches++;
			runs[mode].push({ ms, requests: s.requests, maxInFlight: s.maxInFlight, records: records.length, error: result.error?.message });
		}
		const records = reference?.length ?? 0;
		const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
		const against = process.env.AGAINST ? await againstReturnAll(rounds, reference ?? []) : {};
		const parallelMs = mean(runs.parallel.map((r) => r.ms));
		const sequentialMs = mean(runs.sequential.map((r) => r.ms));
		return {
			records,
			floor: Math.ceil(records / 100),
			window,
			order,
			runs,
			parallelMs,
			sequentialMs,
			speedup: sequentialMs / parallelMs,
			parallelRequests: Math.max(...runs.parallel.map((r) => r.requests)),
			sequentialRequests: Math.max(...runs.sequential.map((r) => r.requests)),
			parallelMaxInFlight: Math.max(...runs.parallel.map((r) => r.maxInFlight)),
			sequentialMaxInFlight: Math.max(...runs.sequential.map((r) => r.maxInFlight)),
			parallelRecordsPerSecond: Math.round(records / (parallelMs / 1000)),
			sequentialRecordsPerSecond: Math.round(records / (sequentialMs / 1000)),
			sameRecordsInOrder: mismatches === 0 && Object.values(runs).every((rs) => rs.every((r) => r.records === records && r.error === undefined)),
			errors: Object.values(runs).flatMap((rs) => rs.map((r) => r.error)).filter(Boolean),
			peakRssMb: peakRssMb(),
			...against,
		};
	},

	/**
	 * The node's XML reading against fast-xml-parser alone (configured as the node configures
	 * it), on the same 501 recipient pages fetched once: after a warm-up, ROUNDS rounds (default
	 * 10) of one pass of each over every page, the order alternating from round to round. Also
	 * the node's well-formedness check alone (fast-xml-parser's validator), to show where the
	 * difference goes, and with
	 * AGAINST the other version's reading in the same rounds.
	 */
	async parse() {
		const n = 50_000;
		const rounds = Number(process.env.ROUNDS ?? 10);
		await control('POST', '/recipients', { promotionId: 3, mailingId: 34, outcome: 'bounced', count: n });
		await setLatency(0);
		const pages: string[] = [];
		for (let page = 1; ; page++) {
			const url = `${baseUrl}/promotions/3/mailings/34/bounced.xml?page=${page}&per_page=100&username=${encodeURIComponent(DEMO_CREDENTIALS.username)}&api_key=${DEMO_CREDENTIALS.apiKey}`;
			const text = await (await fetch(url)).text();
			const count = plainRecords(text);
			if (count > 0) pages.push(text);
			if (count < 100) break;
		}
		const bytes = pages.reduce((sum, p) => sum + Buffer.byteLength(p), 0);
		// AGAINST (set by `--against`): the node's reading by the other version too (bench/against.ts)
		const against = process.env.AGAINST;
		const passes = {
			node: () => pages.reduce((sum, page) => sum + xmlList(page).records.length, 0),
			fxp: () => pages.reduce((sum, page) => sum + plainRecords(page), 0),
			check: () => pages.reduce((sum, page) => sum + (XMLValidator.validate(page) === true ? 1 : 0), 0),
			against: () => (against ? pages.reduce((sum, page) => sum + againstXmlList(page).records.length, 0) : 0),
		};
		// warm-up: two passes of each
		for (let i = 0; i < 2; i++) for (const pass of Object.values(passes)) pass();
		const ms: Record<keyof typeof passes, number[]> = { node: [], fxp: [], check: [], against: [] };
		const counts: Record<keyof typeof passes, number> = { node: 0, fxp: 0, check: 0, against: 0 };
		for (let r = 0; r < rounds; r++) {
			const order: Array<keyof typeof passes> = r % 2 === 0 ? ['node', 'against', 'fxp', 'check'] : ['check', 'fxp', 'against', 'node'];
			for (const name of order) {
				const { result, ms: took } = timedSync(passes[name]);
				counts[name] = result;
				ms[name].push(took);
			}
		}
		const records = counts.node;
		const ratios = ms.node.map((nodeMs, i) => ms.fxp[i] / nodeMs);
		return {
			pages: pages.length,
			records,
			fxpRecords: counts.fxp,
			wellFormedPages: counts.check,
			xmlMegabytes: bytes / 1e6,
			rounds,
			nodeMs: ms.node,
			fxpMs: ms.fxp,
			checkMs: ms.check,
			nodeRecordsPerSecond: Math.round(records / (median(ms.node) / 1000)),
			fxpRecordsPerSecond: Math.round(records / (median(ms.fxp) / 1000)),
			checkShareOfNode: median(ms.check.map((c, i) => c / ms.node[i])),
			ratioMedian: median(ratios),
			ratioMin: Math.min(...ratios),
			ratioMax: Math.max(...ratios),
			...(against ? againstFigures(against, records, counts.against, ms.node, ms.against) : {}),
		};
	},

	/**
	 * The node reading a 50 MB answer (GET /audience_lists/lists.xml answered by the emulator's
	 * `hugeBytes` fault) in one of three cases (CASE): `default` (Max Response Size 20 MB: the
	 * answer declares its length, so it is refused at its first chunk), `chunked` (the same size
	 * from a server that declares no length: refused once 20 MB have streamed in) and `cap64`
	 * (Max Response Size 64: read whole, then refused as not readable). Peak RSS over the run is
	 * the kernel's high-water mark, reset just before it; the heap and buffers are sampled.
	 */
	async hugeAnswer() {
		const which = process.env.CASE ?? 'default';
		const options: IDataObject = which === 'cap64' ? { maxAnswerSize: 64 } : {};
		const parameters = { resource: 'audienceList', operation: 'getAll', returnAll: true, options } as INodeParameters;
		// warm-up: the same operation on the ordinary (small) lists document, so that the code
		// the run needs is loaded and compiled before it is measured
		for (let i = 0; i < 3; i++) await runNode({ parameters });
		let server: ChunkedServer | undefined;
		if (which === 'chunked') {
			server = await startChunkedServer(HUGE_BYTES, await getLatency());
			await setCredentials({ ...DEMO_CREDENTIALS, baseUrl: server.url });
		} else {
			await control('POST', '/faults', { path: '/audience_lists/lists.xml', times: 1, respond: { hugeBytes: HUGE_BYTES } });
		}
		const gc = (globalThis as { gc?: () => void }).gc;
		gc?.();
		gc?.();
		await new Promise((resolve) => setTimeout(resolve, 200));
		const hwm = highWaterMark();
		const resetWorked = hwm.reset();
		const start = process.memoryUsage();
		const sampled = { rss: start.rss, heapUsed: start.heapUsed, external: start.external, arrayBuffers: start.arrayBuffers };
		const sampler = setInterval(() => {
			const m = process.memoryUsage();
			sampled.rss = Math.max(sampled.rss, m.rss);
			sampled.heapUsed = Math.max(sampled.heapUsed, m.heapUsed);
			sampled.external = Math.max(sampled.external, m.external);
			sampled.arrayBuffers = Math.max(sampled.arrayBuffers, m.arrayBuffers);
		}, 2);
		let run: { result: RunResult; ms: number };
		let peakBytes = 0;
		let served: { sent: number; complete: boolean } | undefined;
		try {
			run = await timed(async () => await runNode({ parameters }));
		} finally {
			clearInterval(sampler);
			const peak = hwm.peakBytes();
			served = await server?.closed();
			server?.stop();
			peakBytes = peak;
		}
		const peak = peakBytes;
		const { result, ms } = run;
		return {
			case: which,
			answerBytes: HUGE_BYTES,
			maxAnswerSizeMb: which === 'cap64' ? 64 : 20,
			ms,
			error: result.error?.message,
			outputItems: result.items.length,
			highWaterMarkReset: resetWorked,
			rssStartMb: start.rss / MB,
			peakRssMb: peak / MB,
			peakGrowthMb: (peak - start.rss) / MB,
			growthPerAnswerByte: (peak - start.rss) / HUGE_BYTES,
			sampledHeapGrowthMb: (sampled.heapUsed - start.heapUsed) / MB,
			sampledBuffersGrowthMb: (sampled.arrayBuffers - start.arrayBuffers) / MB,
			// the chunked case: what the server had sent when the node's connection closed
			serverSentBytes: served?.sent,
			serverSentAll: served?.complete,
		};
	},

	/** 1,000 add-member items: one at a time, then with the batching option. */
	async addMember1000() {
		const n = 1000;
		await seedMembers(n);
		const items = people(n).map((i) => ({ json: { email: i.json.email } }));
		const run = async (batching?: { itemsPerBatch: number }) =>
			await timed(async () =>
				await runNode(
					{ parameters: { resource: 'audienceList', operation: 'addMember', list: { __rl: true, mode: 'name', value: 'Seeded' }, email: '={{ $json.email }}', ...(batching ? { options: batching } : {}) } as INodeParameters },
					items,
				),
			);
		await control('POST', '/reset', { seed: 'empty' });
		await seedMembers(n);
		const sequential = await run();
		const seqSummary = await summary();
		await clearRequests();
		const batched10 = await run({ itemsPerBatch: 10 });
		const b10Summary = await summary();
		await clearRequests();
		const batched50 = await run({ itemsPerBatch: 50 });
		const b50Summary = await summary();
		const sameOrder = batched10.result.items.every((item, i) => (item.pairedItem as { item: number }).item === i && item.json.email === items[i].json.email);
		return {
			items: n,
			sequentialMs: sequential.ms,
			batched10Ms: batched10.ms,
			batched50Ms: batched50.ms,
			speedup10: sequential.ms / batched10.ms,
			speedup50: sequential.ms / batched50.ms,
			requests: [seqSummary.requests, b10Summary.requests, b50Summary.requests],
			maxInFlight: [seqSummary.maxInFlight, b10Summary.maxInFlight, b50Summary.maxInFlight],
			sameOrderAndPairing: sameOrder,
			errors: [sequential.result.error?.message, batched10.result.error?.message, batched50.result.error?.message].filter(Boolean),
		};
	},

	/** The node's overhead over a bare loop of fetch calls making the same requests. */
	async overhead() {
		const n = 300;
		const email = 'ann.archer@example.com';
		const items = Array.from({ length: n }, () => ({ json: { email } }));
		const bare = async () =>
			await timed(async () => {
				let lists = 0;
				for (let i = 0; i < n; i++) {
					const query = new URLSearchParams({ username: DEMO_CREDENTIALS.username, api_key: DEMO_CREDENTIALS.apiKey });
					const response = await fetch(`${baseUrl}/audience_members/${encodeURIComponent(email)}/lists.xml?${query}`);
					lists += (await response.text()).length > 0 ? 1 : 0;
				}
				return lists;
			});
		const node = async () =>
			await timed(async () => await runNode({ parameters: { resource: 'audienceMember', operation: 'getLists', email: '={{ $json.email }}' } }, items));
		// warm both paths once
		await bare();
		await node();
		const bareRun = await bare();
		const nodeRun = await node();
		return { requests: n, bareMs: bareRun.ms, nodeMs: nodeRun.ms, ratio: nodeRun.ms / bareRun.ms, outputItems: nodeRun.result.items.length };
	},
};

async function main() {
	const run = scenarios[scenario];
	if (!run || !baseUrl) throw new Error(`usage: scenario.ts <${Object.keys(scenarios).join('|')}> <emulator base URL>`);
	await setCredentials({ ...DEMO_CREDENTIALS, baseUrl });
	const result = await run();
	console.log(JSON.stringify({ scenario, ...result }));
	shutdownHarness();
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
