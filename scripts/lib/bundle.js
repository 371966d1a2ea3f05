/**
 * The node's code bundled as the package ships it: esbuild, one CommonJS file per entry for
 * Node 20, the third-party code the node imports inlined, n8n-workflow left to the n8n that loads
 * the package. The build (gulpfile.js) bundles the node and credentials entries so; the
 * benchmark (bench/run.ts) its scenarios, so that they run the node's code as n8n runs it, with
 * `toolingPackagesExternal()` for what the scenarios bring beside the node.
 *
 * CommonJS, not a .mjs of scripts/lib: gulpfile.js and bench/run.ts (run by ts-node) require it.
 */
const path = require('node:path');
const esbuild = require('esbuild');

const ROOT = path.resolve(__dirname, '..', '..');

/** The folders of code around the node (tests, harness, emulator, benchmarks, scripts). */
const TOOLING = ['bench', 'emulator', 'scripts', 'test'].map(
	(dir) => path.join(ROOT, dir) + path.sep,
);

/**
 * Bundles `entryPoints` (paths, or output name → path) into `outdir` (`outbase`: the folder the
 * output paths are taken relative to).
 *
 * @param {{ entryPoints: string[] | Record<string, string>, outdir: string, outbase?: string, plugins?: import('esbuild').Plugin[] }} options
 */
async function bundleAsShipped({ entryPoints, outdir, outbase, plugins = [] }) {
	await esbuild.build({
		entryPoints,
		outdir,
		outbase,
		bundle: true,
		platform: 'node',
		target: 'node20',
		format: 'cjs',
		external: ['n8n-workflow'],
		legalComments: 'inline',
		logLevel: 'warning',
		plugins,
	});
}

/**
 * An esbuild plugin: a package imported by the code around the node (n8n-core and the rest of the
 * test harness) stays a `require` of node_modules, as it is a package of n8n's own process beside
 * the package; what the node's code imports is bundled as `bundleAsShipped` bundles it.
 *
 * @returns {import('esbuild').Plugin}
 */
function toolingPackagesExternal() {
	return {
		name: 'tooling-packages-external',
		setup(build) {
			build.onResolve({ filter: /^[^./]/ }, (args) =>
				TOOLING.some((dir) => args.importer.startsWith(dir))
					? { path: args.path, external: true }
					: undefined,
			);
		},
	};
}

module.exports = { bundleAsShipped, toolingPackagesExternal };
