/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in jest, never inside n8n */
/**
 * What n8n loads: the built bundles under dist/. Its own jest project: `npm run build`, then
 * `npm run test:package` (`npm test` runs both).
 */
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
	devDependencies: Record<string, string>;
	files: string[];
	keywords: string[];
	n8n: { n8nNodesApiVersion: number; strict: boolean; credentials: string[]; nodes: string[] };
};

/** Every file under `dir`, its folders left out. */
function walk(dir: string): string[] {
	const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
	return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const entries = [...pkg.n8n.credentials, ...pkg.n8n.nodes];

beforeAll(() => {
	if (!existsSync(path.join(root, 'dist')))
		throw new Error(
			'dist/ is missing: run `npm run build` before `npm run test:package` (npm test does)',
		);
});

// no runtime dependency and n8n-workflow a peer: n8n-node lint's rules (npm run lint)
test('n8n-workflow and n8n-core pinned for development; only dist/ shipped', () => {
	expect(pkg.devDependencies['n8n-workflow']).toMatch(/^\d+\.\d+\.\d+$/);
	expect(pkg.devDependencies['n8n-core']).toMatch(/^\d+\.\d+\.\d+$/);
	expect(pkg.files).toEqual(['dist']);
	expect(pkg.keywords).toContain('n8n-community-node-package');
	expect(pkg.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: true });
});

test.each(entries)(
	"%s exists and requires nothing but n8n-workflow and its package.json, n8n's own (n8n Cloud allows no Node built-in either)",
	(entry) => {
		const file = path.join(root, entry);
		expect(existsSync(file)).toBe(true);
		const code = readFileSync(file, 'utf8');
		const required = [...code.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
		// the version of n8n's n8n-workflow tells the tool n8n 1.x (actions/tool.ts)
		const foreign = required.filter(
			(name) => name !== 'n8n-workflow' && name !== 'n8n-workflow/package.json',
		);
		expect(foreign).toEqual([]);
		// the CSV writer is inlined; answers are read by the node's own XML reader, so
		// fast-xml-parser (a devDependency kept for the benchmark's comparison) is not shipped
		if (entry.endsWith('MadMimi.node.js')) {
			expect(code).toContain('// node_modules/csv-stringify/');
			expect(code).toContain('function readXmlTree(');
			expect(code).not.toContain('fast-xml-parser');
			expect(code).not.toContain('XMLParser');
		}
	},
);

const loadBuilt = createRequire(__filename);

test.each(entries)('%s loads and exports its class', (entry) => {
	const loaded = loadBuilt(path.join(root, entry)) as Record<
		string,
		new () => { description?: { name: string }; name?: string }
	>;
	const classes = Object.values(loaded).filter((v) => typeof v === 'function');
	expect(classes).toHaveLength(1);
	const instance = new classes[0]();
	expect(instance.description?.name ?? instance.name).toBeTruthy();
});

test('icons (light and dark) and codex files sit beside the bundles', () => {
	const files = walk(path.join(root, 'dist')).map((f) => path.relative(root, f));
	expect(files).toEqual(
		expect.arrayContaining([
			'dist/nodes/MadMimi/madMimi.svg',
			'dist/nodes/MadMimi/madMimi.dark.svg',
			'dist/nodes/MadMimi/MadMimi.node.json',
		]),
	);
	const codex = JSON.parse(
		readFileSync(path.join(root, 'dist/nodes/MadMimi/MadMimi.node.json'), 'utf8'),
	) as { node: string };
	expect(codex.node).toBe('n8n-nodes-madmimi.madMimi');
});

test('no source maps or tests are shipped, and nothing mentions a real key', () => {
	const files = walk(path.join(root, 'dist'));
	expect(files.filter((f) => /\.(map|test\.js|ts)$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
	for (const f of files) expect(readFileSync(f, 'utf8')).not.toMatch(/demo-key-|norights-key-/);
});
