/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it starts the emulator and each scenario in processes of their own */
/**
 * `npm run bench [-- --latency 20] [--only <scenario>,…] [--http-sample 100000] [--against
 * <rev>:<path>,…] [--json] [--replay <file>]`: each scenario of bench/scenarios/ in a process of
 * its own against a fresh emulator, then one table of figures beside their baselines measured in
 * the same run. bench/README.md says what each option and scenario does.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import type { Plugin } from 'esbuild';

import { bundleAsShipped, toolingPackagesExternal } from '../scripts/lib/bundle';

const root = path.resolve(__dirname, '..');
const { values: options } = parseArgs({
	options: {
		latency: { type: 'string', default: '20' },
		only: { type: 'string', default: '' },
		// items the HTTP Request baseline of the import runs: all (about 2 minutes on 2 cores); fewer are extrapolated
		'http-sample': { type: 'string', default: '100000' },
		against: { type: 'string', default: '' },
		json: { type: 'boolean', default: false },
		replay: { type: 'string', default: '' },
	},
});
const latency = Number(options.latency);
const only = options.only.split(',').filter(Boolean);

/**
 * Each scenario runs as a bundle of its own, made as the build makes the package's, so that no
 * TypeScript compiler in the process inflates its memory figures; bench/chunkedServer.ts, a
 * process the hugeAnswer scenario starts, is bundled beside them.
 */
const scenarioDir = path.join(root, '.tmp', 'bench-scenarios');
async function buildScenarios(outdir: string, plugins: Plugin[]): Promise<void> {
	const dir = path.join(root, 'bench', 'scenarios');
	const entryPoints: Record<string, string> = {
		chunkedServer: path.join(root, 'bench', 'chunkedServer.ts'),
	};
	for (const file of readdirSync(dir))
		if (file !== 'shared.ts') entryPoints[path.basename(file, '.ts')] = path.join(dir, file);
	// no bundle left from a scenario since removed
	rmSync(outdir, { recursive: true, force: true });
	await bundleAsShipped({ entryPoints, outdir, plugins: [...plugins, toolingPackagesExternal()] });
}

// --against <rev>:<path>[,<path>…]: a change measured with and without it, in the same run
// (issue 24; bench/README.md): a copy of nodes/ with those paths as they were at <rev>.
const againstDir = path.join(root, '.tmp', 'bench-against');
const againstScenarioDir = path.join(root, '.tmp', 'bench-scenarios-against');

/** Copies nodes/ to .tmp/bench-against/nodes with the given paths as they were at the commit. */
function prepareAgainst(spec: string): string {
	const [rev, list = ''] = spec.split(':');
	const paths = list.split(',').filter(Boolean);
	if (!rev || paths.length === 0 || paths.some((p) => !p.startsWith('nodes/')))
		throw new Error('--against takes <rev>:<path under nodes/>[,<path>…]');
	rmSync(againstDir, { recursive: true, force: true });
	cpSync(path.join(root, 'nodes'), path.join(againstDir, 'nodes'), { recursive: true });
	for (const p of paths) rmSync(path.join(againstDir, p), { recursive: true, force: true });
	const tar = execFileSync('git', ['archive', rev, '--', ...paths], { cwd: root, maxBuffer: 1e9 });
	execFileSync('tar', ['-x', '-C', againstDir], { input: tar });
	const short = execFileSync('git', ['rev-parse', '--short', rev], { cwd: root, encoding: 'utf8' });
	return `${short.trim()}:${paths.join(',')}`;
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

const errors = (...messages: unknown[]) =>
	messages
		.filter(Boolean)
		.map((e) => `error: ${String(e)}`)
		.join('; ');

type Figures = Record<string, unknown>;
type Ratios = { median: number; min: number; max: number };

/** The figures of the run replayed (`--replay`): the JSON line a run printed with `--json`, the last line that starts with `{`. */
const from = options.replay
	? (JSON.parse(
			readFileSync(options.replay, 'utf8')
				.split('\n')
				.filter((l) => l.startsWith('{'))
				.pop() ?? '{}',
		) as Figures)
	: undefined;
/** The `--against` spec as `<short rev>:<paths>` ('' without it). */
const against = from
	? String(from.against ?? '')
	: options.against && prepareAgainst(options.against);
/** Where the copy's figures are labelled: `with 1a2b3c4's files`. */
const theirs = `with ${against.split(':')[0]}'s files`;
/** The figures of this run by key (each key starts with its section's name), printed by `--json`. */
const raw: Figures = against ? { against } : {};

/**
 * A scenario's figures (the last line it printed), kept in `raw` under `key`: bench/scenarios/<name>.ts
 * run from its bundle (the --against copy's with `copy`) against a fresh emulator; or read from the
 * replayed run.
 */
async function figures(
	name: string,
	{
		key = name,
		env = {},
		copy = false,
	}: { key?: string; env?: Record<string, string>; copy?: boolean } = {},
): Promise<Figures> {
	if (from) {
		if (!from[key]) throw new Error(`the replayed run has no figures for ${key}`);
		return from[key] as Figures;
	}
	const { startEmulator } = await import('../scripts/lib/emulator.mjs');
	const { run } = await import('../scripts/lib/processes.mjs');
	const emulator = await startEmulator({ latencyMs: latency });
	const bundle = path.join(copy ? againstScenarioDir : scenarioDir, `${name}.js`);
	try {
		const { code, stdout, output } = await run(
			name,
			process.execPath,
			['--max-old-space-size=4096', '--expose-gc', bundle, emulator.baseUrl],
			{ env: { ...process.env, ...env }, timeoutMs: 4 * 3600_000, allowFail: true },
		);
		if (code !== 0)
			throw new Error(
				`${name} failed (exit ${code}): ${output}\nthe emulator's last output:\n${emulator.proc.output.slice(-4000)}`,
			);
		return (raw[key] = JSON.parse(stdout.trim().split('\n').pop() ?? '') as Figures);
	} finally {
		await emulator.proc.stop();
	}
}

/** A section of the table: its name in the first column, then its rows (the cells not given empty). */
type Section = [title: string, rows: string[][]];

async function importRows(): Promise<Section> {
	const imp = await figures('import100k');
	const http = await figures('import100k', {
		key: 'import100k http',
		env: { CASE: 'http', SAMPLE: options['http-sample'] },
	});
	const base = await figures('addMember1000', {
		key: 'import100k sequential',
		env: { SAMPLE: '300' },
	});
	const loop = (base.runs as Figures[])[0];
	const n = imp.items as number;
	const httpWhole = http.items === n;
	const httpMs = (http.msPerItem as number) * n;
	const loopMs = ((loop.ms as number) / (base.items as number)) * n;
	const kind = (k: string) => (imp.requestKinds as Record<string, number>)[k] ?? 0;
	return [
		`Import ${f(n)} member items`,
		[
			[
				'requests',
				`${f(imp.requests)} (${kind('GET /audience_lists/lists.xml')} list read, ${kind('POST /audience_lists.json')} list created, ${kind('POST /audience_members')} imports)`,
				`${f(n)} HTTP Request node, one per item (${httpWhole ? 'all sent' : `${f(http.requests)} sent for ${f(http.items)}`})`,
				`${f(n / (imp.requests as number), 0)}× fewer`,
			],
			[
				'wall time',
				s(imp.ms),
				`${s(httpMs)} HTTP Request, batches of ${f(http.batchSize)} (${httpWhole ? 'all items run' : `${f(http.items)} run, extrapolated`}; max ${f(http.maxInFlight)} in flight)`,
				`${f(httpMs / (imp.ms as number), 1)}× faster`,
			],
			[
				'',
				'',
				`${s(loopMs)} sequential add per item (${f(base.items)} run, extrapolated)`,
				`${f(loopMs / (imp.ms as number), 0)}× faster`,
			],
			[
				'peak RSS',
				`${f(imp.peakRssMb)} MB (${f(imp.rssBeforeRunMb)} MB before the run)`,
				`${f(http.peakRssMb)} MB HTTP Request, ${f(http.items)} items (${f(http.rssBeforeRunMb)} MB before)`,
				'target < 300 MB',
			],
			[
				'rows stored / items reported',
				`${f(imp.rowsStored)} / ${f(imp.answered)}`,
				`${f(http.rowsStored)} / ${f(http.answered)}`,
				errors(imp.error, http.error, loop.error),
			],
		],
	];
}

async function recipientsRows(): Promise<Section> {
	const rec = await figures('recipients50k', { env: against ? { AGAINST: against } : {} });
	const [records, window] = [rec.records as number, rec.window as number];
	const floor = Math.ceil(records / 100);
	const [parallelMs, sequentialMs] = [rec.parallelMs as number, rec.sequentialMs as number];
	const runs = (rec.runs as Array<{ mode: string; ms: number }>).filter(
		(r) => r.mode !== 'against',
	);
	const rows = [
		[
			`wall time (mean of ${f(runs.length / 2)} runs each)`,
			`${s(parallelMs)} (${window} pages in flight)`,
			`${s(sequentialMs)} one page at a time`,
			`${f(sequentialMs / parallelMs, 2)}× faster (target ≥ ${latency >= 100 ? '4.5' : '3.5'}× at ${latency >= 100 ? 100 : 20} ms)`,
		],
		[
			'requests',
			f(rec.parallelRequests),
			`${f(rec.sequentialRequests)}; floor ⌈${f(records)}/100⌉ = ${f(floor)}`,
			`${(rec.parallelRequests as number) <= floor + window - 1 ? 'within' : 'ABOVE'} floor + ${window - 1} = ${f(floor + window - 1)}`,
		],
		[
			'records/s end to end',
			f(records / (parallelMs / 1000)),
			f(records / (sequentialMs / 1000)),
			`runs (${runs.map((r) => (r.mode === 'parallel' ? window : 1)).join(', ')} in flight): ${runs.map((r) => s(r.ms)).join(', ')}; ${rec.sameCount ? 'each read them all' : 'RECORD COUNTS DIFFER'}`,
		],
	];
	if (rec.against)
		rows.push([
			`wall time, ${window} pages in flight, against ${String(rec.against)}`,
			`${s(parallelMs)} (mean of ${f(runs.length / 2)} runs)`,
			`${s(rec.againstMs)} ${theirs} (in the same rounds)`,
			`${f(rec.againstRatio, 3)}× the node's time (median of pairs ${f(rec.againstRatioMedian, 3)}; one process)`,
		]);
	const failed = errors(...(rec.errors as string[]));
	rows[rows.length - 1][3] += failed && `; ${failed}`;
	return [`Return All of ${f(records)} recipients`, rows];
}

async function parseRows(): Promise<Section> {
	const p = await figures('parse', { env: against ? { AGAINST: against } : {} });
	const [fxp, checked, theirRatio] = [p.fxpRatio, p.checkedRatio, p.againstRatio] as Ratios[];
	const range = (r: Ratios) => `range ${f(r.min, 2)}–${f(r.max, 2)}`;
	const node = `${f(p.nodeRecordsPerSecond)} the node's reading`;
	const rows = [
		[
			`records/s (median of ${f(p.rounds)} rounds)`,
			node,
			`${f(p.fxpRecordsPerSecond)} fast-xml-parser alone`,
			`${f(fxp.median, 2)} (${range(fxp)}; target ≥ 0.9)`,
		],
		[
			'records/s (median of the same rounds)',
			node,
			`${f(p.checkedRecordsPerSecond)} fast-xml-parser's validator, then its parser`,
			`${f(checked.median, 2)}× faster (${range(checked)}); ${f(p.records)} records ${p.sameCounts ? 'each' : 'by the node, OTHER COUNTS by the others'}`,
		],
	];
	if (p.against)
		rows.push([
			`records/s, against ${String(p.against)}`,
			node,
			`${f(p.againstRecordsPerSecond)} ${theirs}`,
			`${f(theirRatio.median, 2)} (${range(theirRatio)}; its time / the node's, per round)`,
		]);
	return [`XML reading (${f(p.pages)} pages, ${f(p.xmlMegabytes, 1)} MB)`, rows];
}

/** The huge50mb rows: the hugeAnswer scenario once per case, and with `--against` once more per case from the copy's bundles. */
async function hugeRows(): Promise<Section> {
	const cases = [
		['default', 'Max Response Size 20, length declared'],
		['chunked', 'Max Response Size 20, chunked'],
		['cap64', 'Max Response Size 64'],
	] as const;
	const peak = (h: Figures) => {
		const growth = h.peakGrowthMb as number;
		return `+${f(growth, growth < 10 ? 1 : 0)} MB peak RSS, ${s(h.ms)}`;
	};
	const refused = (h: Figures) =>
		h.error === undefined ? 'NOT REFUSED' : `refused: ${String(h.error)}`;
	const rows = [];
	let mib = '';
	for (const [name, label] of cases) {
		const h = await figures('hugeAnswer', { key: `huge50mb ${name}`, env: { CASE: name } });
		mib = `${f((h.answerBytes as number) / 1048576)} MiB`;
		const sent =
			typeof h.serverSentBytes === 'number'
				? `; server sent ${f(h.serverSentBytes / 1e6, 1)} MB${h.serverSentAll ? ' (all)' : ''}`
				: '';
		rows.push([
			label,
			peak(h),
			`${mib} answer`,
			`${f(h.growthPerAnswerByte, 2)}× its size; ${refused(h)}${sent}`,
		]);
		if (against) {
			const c = await figures('hugeAnswer', {
				key: `huge50mb ${name} against`,
				env: { CASE: name },
				copy: true,
			});
			rows.push([`${label}, against ${against}`, peak(h), `${peak(c)} ${theirs}`, refused(c)]);
		}
	}
	return [`A ${mib} answer (lists.xml)`, rows];
}

async function addMemberRows(): Promise<Section> {
	const add = await figures('addMember1000');
	const runs = add.runs as Array<{ itemsPerBatch: number; ms: number; error?: string }>;
	const [one, ...batched] = runs;
	const failed = errors(...runs.map((r) => r.error));
	return [
		`${f(add.items)} Add Member items`,
		batched.map((b) => [
			`batching, ${b.itemsPerBatch} per batch`,
			s(b.ms),
			`${s(one.ms)} one at a time`,
			`${f(one.ms / b.ms, 1)}× faster${failed && `; ${failed}`}`,
		]),
	];
}

/** One trigger check with one new event, for each event: the requests (and, with --against, the same with that commit's files). */
async function triggerRows(): Promise<Section> {
	const t = await figures('triggerCheck');
	const c = against
		? await figures('triggerCheck', { key: 'triggerCheck against', copy: true })
		: undefined;
	const events = Object.keys(t).filter((k) => typeof t[k] === 'object' && t[k] !== null);
	const rows = events.map((event) => {
		const e = t[event] as Figures;
		const o = c?.[event] as Figures | undefined;
		return [
			event,
			`${f(e.checkRequests)} requests, ${f(e.emitted)} emitted (activation: ${f(e.activationRequests)})`,
			o ? `${f(o.checkRequests)} requests, ${f(o.emitted)} emitted ${theirs}` : '',
			errors(e.error, o?.error) ||
				(o ? `${f((o.checkRequests as number) / (e.checkRequests as number), 0)}× fewer` : ''),
		];
	});
	return [
		`Trigger check, ${f(t.members)} members on the list, ${f(t.promotions)} promotions`,
		rows,
	];
}

async function overheadRows(): Promise<Section> {
	const over = await figures('overhead');
	const runs = over.runsMs as Record<'bare' | 'n8n' | 'node', number[]>;
	const inOrder = [runs.bare[0], runs.n8n[0], ...runs.node, runs.n8n[1], runs.bare[1]];
	return [
		`Node overhead (${f(over.requests)} GETs)`,
		[
			[
				'the node in n8n-core (mean of 2 runs each)',
				s(over.nodeMs),
				`${s(over.bareMs)} bare fetch loop`,
				`${f(over.ratio, 2)}× (target ≤ 1.1×)`,
			],
			[
				"n8n's share: its request helper alone",
				`${s(over.n8nMs)} n8n-core, same requests`,
				`${s(over.bareMs)} bare fetch loop`,
				`${f(over.n8nRatio, 2)}× n8n alone; the node ${f(over.nodeOverN8n, 3)}× n8n alone; runs (bare, n8n, node, node, n8n, bare): ${inOrder.map((ms) => s(ms)).join(', ')}`,
			],
		],
	];
}

async function syncRows(): Promise<Section> {
	const r = await figures('sync100k');
	const b = r.baseline as Figures;
	const kind = (k: string) => (r.requestKinds as Record<string, number>)[k] ?? 0;
	const a = r.actions as Record<string, number>;
	return [
		`Sync ${f(r.n)} people, ${f(r.n)}-member list, 1 % churn`,
		[
			[
				'requests',
				`${f(r.requests)} (${f(kind('GET /audience_lists/Sync/members.xml'))} pages, ${kind('GET /audience_members/suppressed_since/0.txt')} opt-outs read, ${kind('POST /audience_members')} import, ${f(kind('POST /audience_lists/Sync/remove'))} removals)`,
				`floor ${f(r.floor)}; ${f(b.requests)} Get Many + Code + per item (${f(b.readRequests)} pages, ${f(b.toUpsert)} imports, ${f(b.toRemove)} removals)`,
				`${(r.requests as number) <= (r.floor as number) ? 'at' : 'ABOVE'} the floor; ${f((b.requests as number) / (r.requests as number), 1)}× fewer`,
			],
			[
				'wall time',
				s(r.ms),
				`${s(b.totalMs)} Get Many ${s(b.readMs)} + Code ${s(b.diffMs)} + Create or Update per item ${s(b.upsertMs)} + Remove Member ${s(b.removeMs)} (${f(b.sample)} of each run, extrapolated)`,
				`${f((b.totalMs as number) / (r.ms as number), 1)}× faster (target ≥ 10×)`,
			],
			[
				'',
				'',
				`${s(b.totalBatchedMs)} the same with Create or Update given all ${f(b.toUpsert)} at once (${f(b.batchedUpsertRequests)} import, ${s(b.batchedUpsertMs)})`,
				`${f((b.totalBatchedMs as number) / (r.ms as number), 1)}× faster`,
			],
			[
				'outcome',
				`${f(a.added ?? 0)} added, ${f(a.updated ?? 0)} updated, ${f(a.removed ?? 0)} removed, ${f(a.unchanged ?? 0)} unchanged`,
				`${f(b.membersRead)} members read, ${f(b.toUpsert)} to create or update, ${f(b.toRemove)} to remove`,
				errors(r.error, ...(b.errors as string[])),
			],
			['dry run first', `${s(r.dryMs)}, ${f(r.dryRequests)} requests`],
			[
				'run again',
				`${s(r.againMs)}, ${f(r.againRequests)} requests`,
				'',
				`peak RSS ${f(r.peakRssMb)} MB (${f(r.rssBeforeRunMb)} MB before)`,
			],
		],
	];
}

/** The names `--only` takes, in the table's order, and the rows each gives. */
const SECTIONS: Array<[string, () => Promise<Section>]> = [
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
	console.log(
		from
			? `Mad Mimi node benchmark: figures of ${options.replay}`
			: `Mad Mimi node benchmark: emulator latency ${latency} ms per request, Node ${process.version}, ${os.cpus().length} cores, ${new Date().toISOString()}`,
	);
	const rows: string[][] = [];
	for (const [name, section] of SECTIONS) {
		// a replayed run: the sections it has figures of
		const wanted =
			only.length > 0
				? only.includes(name)
				: !from || Object.keys(from).some((k) => k.split(' ')[0] === name);
		if (!wanted) continue;
		const [title, cells] = await section();
		cells.forEach((row, i) =>
			rows.push([i === 0 ? title : '', ...row, '', '', '', ''].slice(0, 5)),
		);
	}
	printTable(['Scenario', 'Figure', 'The node', 'Baseline (same run)', 'Ratio'], rows);
	if (options.json && !from) console.log(JSON.stringify(raw));
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
