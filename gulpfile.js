/**
 * The build: type-check what ships (tsconfig.json: nodes/ and credentials/), bundle every node and
 * credentials entry (scripts/lib/bundle.js: third-party code inlined, n8n-workflow left to the n8n
 * that loads the package), and copy icons and codex files beside the bundles.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { series, src, dest } = require('gulp');

const { bundleAsShipped } = require('./scripts/lib/bundle');

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
	await bundleAsShipped({
		entryPoints: [
			...walk(path.join(root, 'credentials'), (n) => n.endsWith('.credentials.ts')),
			...walk(path.join(root, 'nodes'), (n) => n.endsWith('.node.ts')),
		],
		outdir: dist,
		outbase: root,
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
