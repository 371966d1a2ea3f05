/**
 * The build: type-check what ships (tsconfig.json: nodes/ and credentials/), bundle every node and credentials entry with esbuild
 * (third-party code inlined, n8n-workflow left to the n8n that loads the package), and copy
 * icons and codex files beside the bundles.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { series, src, dest } = require('gulp');
const esbuild = require('esbuild');

const root = __dirname;
const dist = path.join(root, 'dist');

function walk(dir, test, out = []) {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) walk(full, test, out);
		else if (test(entry.name)) out.push(full);
	}
	return out;
}

function clean(done) {
	fs.rmSync(dist, { recursive: true, force: true });
	done();
}

function typecheck(done) {
	execFileSync(
		process.execPath,
		[require.resolve('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'],
		{
			cwd: root,
			stdio: 'inherit',
		},
	);
	done();
}

async function bundle() {
	const entries = [
		...walk(path.join(root, 'credentials'), (n) => n.endsWith('.credentials.ts')),
		...walk(path.join(root, 'nodes'), (n) => n.endsWith('.node.ts')),
	];
	await esbuild.build({
		entryPoints: entries,
		outdir: dist,
		outbase: root,
		bundle: true,
		platform: 'node',
		target: 'node20',
		format: 'cjs',
		external: ['n8n-workflow'],
		sourcemap: false,
		minify: false,
		legalComments: 'inline',
		logLevel: 'warning',
	});
}

function assets() {
	return src(['nodes/**/*.svg', 'nodes/**/*.png', 'nodes/**/*.node.json', 'credentials/**/*.svg'], {
		base: root,
		encoding: false,
	}).pipe(dest(dist));
}

exports.clean = clean;
exports.typecheck = typecheck;
exports.bundle = bundle;
exports.assets = assets;
exports.build = series(clean, typecheck, bundle, assets);
exports.default = exports.build;
