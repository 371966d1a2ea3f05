/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it starts the emulator and each scenario in processes of their own */
/**
 * `npm run bench [-- --latency 20] [--only import100k,overhead]`: runs every scenario of
 * bench/scenario.ts in a process of its own, each against a fresh emulator process that
 * delays every answer by the latency, and prints one table: each figure beside its baseline,
 * measured in the same run. Figures, not pass/fail: these machines are shared and noisy.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
	const at = args.indexOf(`--${name}`);
	return at === -1 ? fallback : args[at + 1];
};
const latency = Number(flag('latency', '20'));
const only = flag('only', '').split(',').filter(Boolean);
const tsNode = ['-r', 'ts-node/register/transpile-only'];
/**
 * The scenarios run as one JavaScript bundle (esbuild, packages left external), as the node
 * runs inside n8n: no TypeScript compiler in the process to inflate its memory figures.
 */
const scenarioBundle = path.join(root, '.tmp', 'bench-scenario.js');
async function buildScenario(): Promise<void> {
	const esbuild = await import('esbuild');
	await esbuild.build({
		entryPoints: [path.join(root, 'bench', 'scenario.ts')],
		outfile: scenarioBundle,
		bundle: true,
		platform: 'node',
		target: 'node20',
		format: 'cjs',
		packages: 'external',
		logLevel: 'warning',
	});
}
// `X.node` must resolve to X.node.ts, not to the codex file X.node.json beside it
process.env.TS_NODE_PREFER_TS_EXTS = 'true';

function startEmulator(): Promise<{ url: string; child: ChildProcess }> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [...tsNode, 'test/emulator/cli.ts', '--port', '0', '--latency', String(latency), '--seed', 'demo'], {
			cwd: root,
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		let out = '';
		child.stdout!.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const m = /listening on (http:\/\/\S+)/.exec(out);
			if (m) resolve({ url: m[1], child });
		});
		child.on('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
	});
}

async function scenario(name: string, env: Record<string, string> = {}): Promise<Record<string, number | string | boolean | unknown[]>> {
	const emulator = await startEmulator();
	try {
		return await new Promise((resolve, reject) => {
			const child = spawn(process.execPath, ['--max-old-space-size=4096', scenarioBundle, name, emulator.url], {
				cwd: root,
				stdio: ['ignore', 'pipe', 'inherit'],
				env: { ...process.env, ...env },
			});
			let out = '';
			child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
			child.on('exit', (code) => {
				const line = out.trim().split('\n').pop() ?? '';
				if (code !== 0) reject(new Error(`${name} failed (exit ${code}): ${out}`));
				else resolve(JSON.parse(line) as Record<string, number | string | boolean | unknown[]>);
			});
		});
	} finally {
		emulator.child.kill('SIGTERM');
	}
}

const f = (n: unknown, digits = 0) => (typeof n === 'number' ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : String(n));
const s = (ms: unknown) => (typeof ms === 'number' ? `${f(ms / 1000, 2)} s` : String(ms));

async function main() {
	const want = (name: string) => only.length === 0 || only.includes(name);
	await buildScenario();
	const rows: string[][] = [];
	const raw: Record<string, unknown> = {};
	console.log(`Mad Mimi node benchmark: emulator latency ${latency} ms per request, Node ${process.version}, ${new Date().toISOString()}`);

	if (want('import100k')) {
		const imp = await scenario('import100k');
		const base = await scenario('addPerItemSample', { SAMPLE: '300' });
		raw.import100k = imp;
		raw.addPerItemSample = base;
		const extrapolated = (base.msPerItem as number) * 100_000;
		rows.push(['Import 100,000 member items', 'requests', f(imp.requests), `${f(100_000)} (one add per item)`, `${f(100_000 / (imp.requests as number), 0)}× fewer`]);
		rows.push(['', 'wall time', s(imp.ms), `${s(extrapolated)} (${f(base.items)} timed, extrapolated)`, `${f(extrapolated / (imp.ms as number), 0)}× faster`]);
		rows.push(['', 'peak RSS', `${f(imp.peakRssMb)} MB`, `${f(imp.rssBeforeRunMb)} MB before the run`, `target < 300 MB`]);
		rows.push(['', 'rows stored / items reported', `${f(imp.rowsStored)} / ${f(imp.imported)}`, '', imp.error ? `error: ${imp.error}` : '']);
	}
	if (want('recipients50k')) {
		const rec = await scenario('recipients50k');
		raw.recipients50k = rec;
		rows.push(['Return All of 50,000 recipients', 'requests', f(rec.requests), `${f(rec.floor)} (⌈${f(rec.records)}/100⌉)`, rec.requests === rec.floor ? 'at the floor' : 'ABOVE the floor']);
		rows.push(['', 'records/s parsed (XML → items)', f(rec.recordsPerSecondParsed), 'target ≥ 100,000', `${f(rec.xmlMegabytes, 1)} MB of XML`]);
		rows.push(['', 'records/s end to end', f(rec.recordsPerSecondEndToEnd), `${s(rec.ms)} wall`, `${f(rec.records)} items`]);
		rows.push(['', 'peak RSS', `${f(rec.peakRssMb)} MB`, '', '']);
	}
	if (want('addMember1000')) {
		const add = await scenario('addMember1000');
		raw.addMember1000 = add;
		rows.push(['1,000 Add Member items', 'batching, 10 per batch', s(add.batched10Ms), `${s(add.sequentialMs)} one at a time`, `${f(add.speedup10, 1)}× faster`]);
		rows.push(['', 'batching, 50 per batch', s(add.batched50Ms), `${s(add.sequentialMs)} one at a time`, `${f(add.speedup50, 1)}× faster`]);
		rows.push(['', 'requests in flight (max)', (add.maxInFlight as number[]).join(' / '), 'sequential / 10 / 50', add.sameOrderAndPairing ? 'order and pairing kept' : 'ORDER CHANGED']);
		if ((add.errors as string[]).length > 0) rows.push(['', 'ERRORS', (add.errors as string[]).join('; '), '', '']);
	}
	if (want('overhead')) {
		const over = await scenario('overhead');
		raw.overhead = over;
		rows.push([`Node overhead (${f(over.requests)} GETs)`, 'the node in n8n-core', s(over.nodeMs), `${s(over.bareMs)} bare fetch loop`, `${f(over.ratio, 2)}× (target ≤ 1.3×)`]);
	}

	const header = ['Scenario', 'Figure', 'The node', 'Baseline (same run)', 'Ratio'];
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
	const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
	console.log(line(header));
	console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
	for (const row of rows) console.log(line(row));
	if (args.includes('--json')) console.log(JSON.stringify(raw));
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
