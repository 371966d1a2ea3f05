/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it starts the emulator and each scenario in processes of their own */
/**
 * `npm run bench [-- --latency 20] [--only <scenario>,…] [--http-sample 100000] [--against
 * <rev>:<path>,…] [--json] [--replay <file>]`: each scenario of bench/scenarios/ in a process of
 * its own against a fresh emulator, then one table of figures beside their baselines measured in
 * the same run. bench/README.md says what each option and scenario does.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Plugin } from 'esbuild';

import { bundleAsShipped, toolingPackagesExternal } from '../scripts/lib/bundle';

const root = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
	const at = args.indexOf(`--${name}`);
	return at === -1 ? fallback : args[at + 1];
};
const latency = Number(flag('latency', '20'));
const only = flag('only', '').split(',').filter(Boolean);
/** Items the HTTP Request baseline of the import runs: all 100,000 by default (about 2 minutes on 2 cores); fewer are extrapolated. */
const httpSample = Number(flag('http-sample', '100000'));
/**
 * Each scenario runs as a bundle of its own, made as the build makes the package's, so that no
 * TypeScript compiler in the process inflates its memory figures; bench/chunkedServer.ts, a
 * process the hugeAnswer scenario starts, is bundled beside them.
 */
const scenarioDir = path.join(root, '.tmp', 'bench-scenarios');
function scenarioEntries(): Record<string, string> {
	const dir = path.join(root, 'bench', 'scenarios');
	const entries: Record<string, string> = {
		chunkedServer: path.join(root, 'bench', 'chunkedServer.ts'),
	};
	for (const file of readdirSync(dir))
		if (file.endsWith('.ts') && file !== 'shared.ts')
			entries[file.slice(0, -'.ts'.length)] = path.join(dir, file);
	return entries;
}
async function buildScenarios(outdir = scenarioDir, plugins: Plugin[] = []): Promise<void> {
	// no bundle left from a scenario since removed
	rmSync(outdir, { recursive: true, force: true });
	await bundleAsShipped({
		entryPoints: scenarioEntries(),
		outdir,
		plugins: [...plugins, toolingPackagesExternal()],
	});
}
// `X.node` must resolve to X.node.ts, not to the codex file X.node.json beside it
process.env.TS_NODE_PREFER_TS_EXTS = 'true';

/** Runs bench/scenarios/<name>.ts, from its bundle in `dir`, against a fresh emulator: the figures it printed. */
async function scenario(
	name: string,
	env: Record<string, string> = {},
	dir = scenarioDir,
): Promise<Record<string, unknown>> {
	const { startEmulator } = await import('../scripts/lib/emulator.mjs');
	const { run } = await import('../scripts/lib/processes.mjs');
	const emulator = await startEmulator({ latencyMs: latency });
	const args = ['--max-old-space-size=4096', '--expose-gc', path.join(dir, `${name}.js`)];
	try {
		const { code, stdout, output } = await run(
			name,
			process.execPath,
			[...args, emulator.baseUrl],
			{
				env: { ...process.env, ...env },
				timeoutMs: 4 * 3600_000,
				allowFail: true,
			},
		);
		if (code !== 0)
			throw new Error(
				`${name} failed (exit ${code}): ${output}\nthe emulator's last output:\n${emulator.proc.output.slice(-4000)}`,
			);
		return JSON.parse(stdout.trim().split('\n').pop() ?? '') as Record<string, unknown>;
	} finally {
		await emulator.proc.stop();
	}
}

// --against <rev>:<path>[,<path>…]: a change measured with and without it, in the same run
// (issue 24; bench/README.md): a copy of nodes/ with those paths as they were at <rev>.
const againstSpec = flag('against', '');
const againstDir = path.join(root, '.tmp', 'bench-against');
const againstScenarioDir = path.join(root, '.tmp', 'bench-scenarios-against');

/** Copies nodes/ to .tmp/bench-against/nodes with the given paths as they were at the commit (a path absent there is absent in the copy). */
function prepareAgainst(spec: string): string {
	const colon = spec.indexOf(':');
	const rev = spec.slice(0, colon);
	const paths = spec
		.slice(colon + 1)
		.split(',')
		.filter(Boolean);
	if (colon < 1 || paths.length === 0 || paths.some((p) => !p.startsWith('nodes/')))
		throw new Error('--against takes <rev>:<path under nodes/>[,<path>…]');
	rmSync(againstDir, { recursive: true, force: true });
	cpSync(path.join(root, 'nodes'), path.join(againstDir, 'nodes'), { recursive: true });
	for (const p of paths) {
		rmSync(path.join(againstDir, p), { recursive: true, force: true });
		const files = execFileSync('git', ['ls-tree', '-r', '--name-only', rev, '--', p], {
			cwd: root,
			encoding: 'utf8',
		})
			.split('\n')
			.filter(Boolean);
		for (const file of files) {
			mkdirSync(path.dirname(path.join(againstDir, file)), { recursive: true });
			writeFileSync(
				path.join(againstDir, file),
				execFileSync('git', ['show', `${rev}:${file}`], { cwd: root }),
			);
		}
	}
	return `${execFileSync('git', ['rev-parse', '--short', rev], { cwd: root, encoding: 'utf8' }).trim()}:${paths.join(',')}`;
}

/** An esbuild plugin: a relative import that lands in nodes/ lands in the copy instead (every such import, or only those of `importer`). */
function fromAgainstCopy(importer?: string): Plugin {
	const nodesDir = path.join(root, 'nodes') + path.sep;
	return {
		name: 'against-copy',
		setup(build) {
			build.onResolve({ filter: /^\.\.?\// }, async (args) => {
				const target = path.resolve(args.resolveDir, args.path);
				if ((importer !== undefined && args.importer !== importer) || !target.startsWith(nodesDir))
					return undefined;
				const moved = await build.resolve(path.join(againstDir, path.relative(root, target)), {
					kind: args.kind,
					resolveDir: args.resolveDir,
				});
				return moved.errors.length > 0 ? { errors: moved.errors } : { path: moved.path };
			});
		},
	};
}

/** Prints a Markdown table, each column as wide as its widest cell, so that it reads in a terminal and pastes into bench/README.md. */
function printTable(header: string[], rows: string[][]): void {
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
	const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
	console.log(line(header));
	console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
	for (const row of rows) console.log(line(row));
}

const f = (n: unknown, digits = 0) =>
	typeof n === 'number'
		? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
		: String(n);
const s = (ms: unknown) => (typeof ms === 'number' ? `${f(ms / 1000, 2)} s` : String(ms));

type Figures = Record<string, unknown>;

/** The JSON line a run printed with `--json` (the last line that starts with `{`), for `--replay`. */
function replayed(file: string): Figures {
	const lines = readFileSync(file, 'utf8')
		.split('\n')
		.filter((l) => l.startsWith('{'));
	if (lines.length === 0)
		throw new Error(`${file} holds no JSON line of figures (run with --json)`);
	return JSON.parse(lines[lines.length - 1]) as Figures;
}

/** Where a scenario's figures are kept in the `--json` output, and how the scenario is run. */
interface Run {
	/** The figures' place: `raw[group][key]`, or `raw[group]` when both are the scenario's name. */
	group?: string;
	key?: string;
	env?: Record<string, string>;
	/** The bundles' folder: the copy's with `--against`. */
	dir?: string;
}

/** What the rows of a scenario need: where they go, the scenario's figures (run now or replayed), and the `--against` spec ('' without it). */
interface Table {
	rows: string[][];
	/** A row after a scenario's first: no name, the cells not given empty. */
	more: (cells: string[]) => void;
	figures: (name: string, run?: Run) => Promise<Figures>;
	against: string;
	/** Where the copy's figures are labelled: `with 1a2b3c4's files`. */
	theirs: string;
}

async function importRows({ rows, more, figures }: Table): Promise<void> {
	const imp = await figures('import100k');
	const http = await figures('importHttpBatched', { env: { SAMPLE: String(httpSample) } });
	const base = await figures('addPerItemSample', { env: { SAMPLE: '300' } });
	const n = imp.items as number;
	const httpWhole = http.items === n;
	const httpMs = httpWhole ? (http.ms as number) : (http.msPerItem as number) * n;
	const loopMs = (base.msPerItem as number) * n;
	const kinds = imp.requestKinds as Record<string, number>;
	const kind = (k: string) => kinds[k] ?? 0;
	rows.push([
		`Import ${f(n)} member items`,
		'requests',
		`${f(imp.requests)} (${kind('GET /audience_lists/lists.xml')} list read, ${kind('POST /audience_lists.json')} list created, ${kind('POST /audience_members')} imports)`,
		`${f(n)} HTTP Request node, one per item (${httpWhole ? 'all sent' : `${f(http.requests)} sent for ${f(http.items)}`})`,
		`${f(n / (imp.requests as number), 0)}× fewer`,
	]);
	more([
		'wall time',
		s(imp.ms),
		`${s(httpMs)} HTTP Request, batches of ${f(http.batchSize)} (${httpWhole ? 'all items run' : `${f(http.items)} run, extrapolated`}; max ${f(http.maxInFlight)} in flight)`,
		`${f(httpMs / (imp.ms as number), 1)}× faster`,
	]);
	more([
		'',
		'',
		`${s(loopMs)} sequential add per item (${f(base.items)} run, extrapolated)`,
		`${f(loopMs / (imp.ms as number), 0)}× faster`,
	]);
	more([
		'peak RSS',
		`${f(imp.peakRssMb)} MB (${f(imp.rssBeforeRunMb)} MB before the run)`,
		`${f(http.peakRssMb)} MB HTTP Request, ${f(http.items)} items (${f(http.rssBeforeRunMb)} MB before)`,
		'target < 300 MB',
	]);
	more([
		'rows stored / items reported',
		`${f(imp.rowsStored)} / ${f(imp.imported)}`,
		`${f(http.rowsStored)} / ${f(http.answered)}`,
		[imp.error, http.error, base.error]
			.filter(Boolean)
			.map((e) => `error: ${String(e)}`)
			.join('; '),
	]);
}

async function recipientsRows({ rows, more, figures, against, theirs }: Table): Promise<void> {
	const rec = await figures('recipients50k', { env: against ? { AGAINST: against } : {} });
	const window = rec.window as number;
	const bound = (rec.floor as number) + window - 1;
	const order = rec.order as string[];
	const runs = rec.runs as Record<string, Array<{ ms: number }>>;
	const seen: Record<string, number> = {};
	const times = order.map((mode) => s(runs[mode][(seen[mode] = (seen[mode] ?? -1) + 1)].ms));
	rows.push([
		`Return All of ${f(rec.records)} recipients`,
		`wall time (mean of ${f(order.length / 2)} runs each)`,
		`${s(rec.parallelMs)} (${window} pages in flight)`,
		`${s(rec.sequentialMs)} one page at a time`,
		`${f(rec.speedup, 2)}× faster (target ≥ ${latency >= 100 ? '4.5' : '3.5'}× at ${latency >= 100 ? 100 : 20} ms)`,
	]);
	more([
		'requests',
		f(rec.parallelRequests),
		`${f(rec.sequentialRequests)}; floor ⌈${f(rec.records)}/100⌉ = ${f(rec.floor)}`,
		`${(rec.parallelRequests as number) <= bound ? 'within' : 'ABOVE'} floor + ${window - 1} = ${f(bound)}`,
	]);
	more([
		'records/s end to end',
		f(rec.parallelRecordsPerSecond),
		f(rec.sequentialRecordsPerSecond),
		`runs (${order.map((o) => (o === 'parallel' ? window : 1)).join(', ')} in flight): ${times.join(', ')}`,
	]);
	more([
		'requests in flight (max)',
		f(rec.parallelMaxInFlight),
		f(rec.sequentialMaxInFlight),
		rec.sameRecordsInOrder
			? 'same records, same order'
			: `RECORDS DIFFER ${(rec.errors as string[]).join('; ')}`,
	]);
	if (rec.against) {
		more([
			`wall time, ${window} pages in flight, against ${String(rec.against)}`,
			`${s(rec.againstNodeMeanMs)} (mean of ${f((rec.againstNodeMs as number[]).length)} runs)`,
			`${s(rec.againstMeanMs)} ${theirs} (${f((rec.againstMs as number[]).length)} runs)`,
			`${f(rec.againstRatio, 3)}× the node's time (median of pairs ${f(rec.againstRatioMedian, 3)}; one process, A B B A)${rec.againstSameRecords ? '' : '; RECORDS DIFFER'}`,
		]);
	}
}

async function parseRows({ rows, more, figures, against }: Table): Promise<void> {
	const p = await figures('parse', { env: against ? { AGAINST: against } : {} });
	rows.push([
		`XML reading (${f(p.pages)} pages, ${f(p.xmlMegabytes, 1)} MB)`,
		`records/s (median of ${f(p.rounds)} rounds)`,
		`${f(p.nodeRecordsPerSecond)} the node's reading`,
		`${f(p.fxpRecordsPerSecond)} fast-xml-parser alone`,
		`${f(p.ratioMedian, 2)} (range ${f(p.ratioMin, 2)}–${f(p.ratioMax, 2)}; target ≥ 0.9)`,
	]);
	more([
		'records/s (median of the same rounds)',
		`${f(p.nodeRecordsPerSecond)} the node's reading`,
		`${f(p.checkedRecordsPerSecond)} fast-xml-parser's validator, then its parser`,
		`${f(p.checkedRatioMedian, 2)}× faster (range ${f(p.checkedRatioMin, 2)}–${f(p.checkedRatioMax, 2)}); ${f(p.records)} records each`,
	]);
	if (p.against)
		more([
			`records/s, against ${String(p.against)}`,
			`${f(p.nodeRecordsPerSecond)} the node's reading`,
			`${f(p.againstRecordsPerSecond)} with the files of ${String(p.against).split(':')[0]}`,
			`${f(p.againstRatioMedian, 2)} (range ${f(p.againstRatioMin, 2)}–${f(p.againstRatioMax, 2)}; its time / the node's, per round)`,
		]);
}

/** The huge50mb rows: the hugeAnswer scenario once per case, and with `--against` once more per case from the copy's bundles. */
async function hugeRows({ rows, more, figures, against, theirs }: Table): Promise<void> {
	const cases = [
		['default', 'Max Response Size 20, length declared'],
		['chunked', 'Max Response Size 20, chunked'],
		['cap64', 'Max Response Size 64'],
	] as const;
	for (const [name, label] of cases) {
		const h = await figures('hugeAnswer', { group: 'huge50mb', key: name, env: { CASE: name } });
		const growth = h.peakGrowthMb as number;
		const sent =
			typeof h.serverSentBytes === 'number'
				? `; server sent ${f(h.serverSentBytes / 1e6, 1)} MB${h.serverSentAll ? ' (all)' : ''}`
				: '';
		rows.push([
			name === 'default'
				? `A ${f((h.answerBytes as number) / 1048576)} MiB answer (lists.xml)`
				: '',
			label,
			`+${f(growth, growth < 10 ? 1 : 0)} MB peak RSS, ${s(h.ms)}`,
			`${f((h.answerBytes as number) / 1048576)} MiB answer`,
			`${f(h.growthPerAnswerByte, 2)}× its size; ${h.error === undefined ? 'NOT REFUSED' : `refused: ${String(h.error)}`}${sent}`,
		]);
		if (against) {
			const c = await figures('hugeAnswer', {
				group: 'against',
				key: `huge50mb-${name}`,
				env: { CASE: name },
				dir: againstScenarioDir,
			});
			const theirGrowth = c.peakGrowthMb as number;
			more([
				`${label}, against ${against}`,
				`+${f(growth, growth < 10 ? 1 : 0)} MB peak RSS, ${s(h.ms)}`,
				`+${f(theirGrowth, theirGrowth < 10 ? 1 : 0)} MB peak RSS, ${s(c.ms)} ${theirs}`,
				c.error === undefined ? 'NOT REFUSED' : `refused: ${String(c.error)}`,
			]);
		}
	}
}

async function addMemberRows({ rows, more, figures }: Table): Promise<void> {
	const add = await figures('addMember1000');
	rows.push([
		'1,000 Add Member items',
		'batching, 10 per batch',
		s(add.batched10Ms),
		`${s(add.sequentialMs)} one at a time`,
		`${f(add.speedup10, 1)}× faster`,
	]);
	more([
		'batching, 50 per batch',
		s(add.batched50Ms),
		`${s(add.sequentialMs)} one at a time`,
		`${f(add.speedup50, 1)}× faster`,
	]);
	more([
		'requests in flight (max)',
		(add.maxInFlight as number[]).join(' / '),
		'sequential / 10 / 50',
		add.sameOrderAndPairing ? 'order and pairing kept' : 'ORDER CHANGED',
	]);
	if ((add.errors as string[]).length > 0)
		more(['ERRORS', (add.errors as string[]).join('; '), '', '']);
}

/** One trigger check with one new event, for each event: the requests (and, with --against, the same with that commit's files). */
async function triggerRows({ rows, figures, against, theirs }: Table): Promise<void> {
	const t = await figures('triggerCheck');
	const c = against
		? await figures('triggerCheck', { group: 'against', dir: againstScenarioDir })
		: undefined;
	const events = Object.keys(t).filter((k) => typeof t[k] === 'object' && t[k] !== null);
	events.forEach((event, i) => {
		const e = t[event] as Figures;
		const o = c?.[event] as Figures | undefined;
		rows.push([
			i === 0
				? `Trigger check, ${f(t.members)} members on the list, ${f(t.promotions)} promotions`
				: '',
			event,
			`${f(e.checkRequests)} requests, ${f(e.emitted)} emitted (activation: ${f(e.activationRequests)})`,
			o ? `${f(o.checkRequests)} requests, ${f(o.emitted)} emitted ${theirs}` : '',
			[e.error, o?.error]
				.filter(Boolean)
				.map((m) => `error: ${String(m)}`)
				.join('; ') ||
				(o ? `${f((o.checkRequests as number) / (e.checkRequests as number), 0)}× fewer` : ''),
		]);
	});
}

async function overheadRows({ rows, more, figures }: Table): Promise<void> {
	const over = await figures('overhead');
	const runs = over.runsMs as Record<'bare' | 'n8n' | 'node', number[]> | undefined;
	rows.push([
		`Node overhead (${f(over.requests)} GETs)`,
		'the node in n8n-core (mean of 2 runs each)',
		s(over.nodeMs),
		`${s(over.bareMs)} bare fetch loop`,
		`${f(over.ratio, 2)}× (target ≤ 1.1×)`,
	]);
	if (over.n8nMs !== undefined)
		more([
			"n8n's share: its request helper alone",
			`${s(over.n8nMs)} n8n-core, same requests`,
			`${s(over.bareMs)} bare fetch loop`,
			`${f(over.n8nRatio, 2)}× n8n alone; the node ${f(over.nodeOverN8n, 3)}× n8n alone${
				runs
					? `; runs (bare, n8n, node, node, n8n, bare): ${[runs.bare[0], runs.n8n[0], ...runs.node, runs.n8n[1], runs.bare[1]].map((ms) => s(ms)).join(', ')}`
					: ''
			}`,
		]);
}

async function syncRows({ rows, more, figures }: Table): Promise<void> {
	const r = await figures('sync100k');
	const b = r.baseline as Figures;
	const kinds = r.requestKinds as Record<string, number>;
	const kind = (k: string) => kinds[k] ?? 0;
	const a = r.actions as Record<string, number>;
	rows.push([
		`Sync ${f(r.n)} people, ${f(r.n)}-member list, 1 % churn`,
		'requests',
		`${f(r.requests)} (${f(kind('GET /audience_lists/members.xml'))} pages, ${kind('GET /audience_members/suppressed_since/0.txt')} opt-outs read, ${kind('POST /audience_members')} import, ${f(kind('POST /audience_lists/{list}/remove'))} removals)`,
		`floor ${f(r.floor)}; ${f(b.requests)} Get Many + Code + per item (${f(b.readRequests)} pages, ${f(b.toUpsert)} imports, ${f(b.toRemove)} removals)`,
		`${(r.requests as number) <= (r.floor as number) ? 'at' : 'ABOVE'} the floor; ${f((b.requests as number) / (r.requests as number), 1)}× fewer`,
	]);
	more([
		'wall time',
		s(r.ms),
		`${s(b.totalMs)} Get Many ${s(b.readMs)} + Code ${s(b.diffMs)} + Create or Update per item ${s(b.upsertMs)} + Remove Member ${s(b.removeMs)} (${f(b.sample)} of each run, extrapolated)`,
		`${f((b.totalMs as number) / (r.ms as number), 1)}× faster (target ≥ 10×)`,
	]);
	more([
		'',
		'',
		`${s(b.totalBatchedMs)} the same with Create or Update given all ${f(b.toUpsert)} at once (${f(b.batchedUpsertRequests)} import, ${s(b.batchedUpsertMs)})`,
		`${f((b.totalBatchedMs as number) / (r.ms as number), 1)}× faster`,
	]);
	more([
		'outcome',
		`${f(a.added)} added, ${f(a.updated)} updated, ${f(a.removed)} removed, ${f(a.unchanged)} unchanged; list ${f(r.listMembersAfter)} after; max ${f(r.maxInFlight)} in flight`,
		`${f(b.membersRead)} members read, ${f(b.toUpsert)} to create or update, ${f(b.toRemove)} to remove`,
		[r.error, ...(b.errors as string[])]
			.filter(Boolean)
			.map((e) => `error: ${String(e)}`)
			.join('; '),
	]);
	more(['dry run first', `${s(r.dryMs)}, ${f(r.dryRequests)} requests, ${f(r.dryWrites)} writes`]);
	more([
		'run again',
		`${s(r.againMs)}, ${f(r.againRequests)} requests (reads only), ${f(r.againChanged)} changed`,
		'',
		`peak RSS ${f(r.peakRssMb)} MB (${f(r.rssBeforeRunMb)} MB before)`,
	]);
}

/** The names `--only` takes, in the table's order, and the rows each gives. */
const SECTIONS: Array<[string, (table: Table) => Promise<void>]> = [
	['import100k', importRows],
	['recipients50k', recipientsRows],
	['parse', parseRows],
	['huge50mb', hugeRows],
	['addMember1000', addMemberRows],
	['triggerCheck', triggerRows],
	['overhead', overheadRows],
	['sync100k', syncRows],
];

async function main() {
	const replay = flag('replay', '');
	const from = replay ? replayed(replay) : undefined;
	const want = (name: string) =>
		(only.length === 0 || only.includes(name)) && (!from || name in from);
	const against =
		againstSpec && !from
			? prepareAgainst(againstSpec)
			: String((from?.against as Figures | undefined)?.spec ?? '');
	if (!from) {
		// each scenario's emulator runs in a process group of its own: Ctrl-C stops them too
		const { installExitHandlers } = await import('../scripts/lib/processes.mjs');
		installExitHandlers();
		await buildScenarios(
			scenarioDir,
			against ? [fromAgainstCopy(path.join(root, 'bench', 'against.ts'))] : [],
		);
		if (against) await buildScenarios(againstScenarioDir, [fromAgainstCopy()]);
	}
	const raw: Record<string, Figures> = {};
	if (against && !from) raw.against = { spec: against };
	/** A scenario's figures: run now (kept in `raw`), or read from the replayed run. */
	const figures = async (
		name: string,
		{ group = name, key = name, env = {}, dir = scenarioDir }: Run = {},
	): Promise<Figures> => {
		if (from) {
			const figuresOf = (
				group === key ? from[group] : (from[group] as Figures | undefined)?.[key]
			) as Figures | undefined;
			if (!figuresOf) throw new Error(`the replayed run has no figures for ${group} ${key}`);
			return figuresOf;
		}
		const result = await scenario(name, env, dir);
		if (group === key) raw[group] = result;
		else (raw[group] ??= {})[key] = result;
		return result;
	};
	console.log(
		from
			? `Mad Mimi node benchmark: figures of ${replay}`
			: `Mad Mimi node benchmark: emulator latency ${latency} ms per request, Node ${process.version}, ${os.cpus().length} cores, ${new Date().toISOString()}`,
	);
	const rows: string[][] = [];
	const table: Table = {
		rows,
		more: (cells) => rows.push(['', ...cells, '', '', '', ''].slice(0, 5)),
		figures,
		against,
		theirs: `with ${against.split(':')[0]}'s files`,
	};
	for (const [name, rowsOf] of SECTIONS) if (want(name)) await rowsOf(table);
	printTable(['Scenario', 'Figure', 'The node', 'Baseline (same run)', 'Ratio'], table.rows);
	if (args.includes('--json') && !from) console.log(JSON.stringify(raw));
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
