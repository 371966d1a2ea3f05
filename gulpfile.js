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

/** The files under `dir` whose names end with `suffix`. */
const filesOf = (dir, suffix) =>
	fs
		.readdirSync(path.join(root, dir), { recursive: true })
		.filter((file) => file.endsWith(suffix))
		.map((file) => path.join(root, dir, file));

function clean(done) {
	fs.rmSync(dist, { recursive: true, force: true });
	done();
}

function typecheck(done) {
	const tsc = require.resolve('typescript/bin/tsc');
	execFileSync(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'], {
		cwd: root,
		stdio: 'inherit',
	});
	done();
}

async function bundle() {
	await bundleAsShipped({
		entryPoints: [...filesOf('credentials', '.credentials.ts'), ...filesOf('nodes', '.node.ts')],
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

exports.build = series(clean, typecheck, bundle, assets);
exports.default = exports.build;
