/**
 * The layers of the node code (CONTRIBUTING.md, "The layers of the node code"), checked by
 * `npm run lint`: `depcruise nodes credentials --config .dependency-cruiser.cjs`.
 *
 * Bottom first, each layer may import its own and those below it, never one above:
 * settings and helpers, parsing, transport, api, locators and descriptions, shared actions and
 * methods, operations, and on top the node files, router, resource list, trigger and credentials.
 * On top of that: an operation imports no other resource's operations, and only `api/` (with
 * `transport/` and `parsing/` themselves) imports `transport/` or `parsing/`, types included.
 *
 * `import type` (and `import { type A }`, `export type ... from`) leaves no edge at run time, so
 * the layering rules below look at value imports only (`dependencyTypesNot: ['type-only']`): a
 * lower layer may name an upper layer's type. The import cycles, also of value imports only, are
 * checked by `.dependency-cruiser-cycles.cjs` (see there why it is a second run).
 */

/** The layers below the top, bottom first: a file's layer is the first pattern it matches. */
const LAYERS = [
	// pure helpers and every limit: n8n-workflow at most
	{ name: 'settings-and-helpers', path: '^nodes/MadMimi/(settings\\.ts$|helpers/)' },
	// reading the service's answers
	{ name: 'parsing', path: '^nodes/MadMimi/parsing/' },
	// one request: retries, limits, errors
	{ name: 'transport', path: '^nodes/MadMimi/transport/' },
	// every endpoint of the service, one module per resource
	{ name: 'api', path: '^nodes/MadMimi/api/' },
	// the editor's fields
	{ name: 'locators-and-descriptions', path: '^nodes/MadMimi/(locators|descriptions)/' },
	// the item loop, the client of a run, retries; the editor's searches (actions/*.ts but the
	// router and the resource list, which are on top)
	{
		name: 'shared-actions-and-methods',
		path: '^nodes/MadMimi/(methods/|actions/(?!(resources|router)\\.ts$)[^/]+$)',
	},
	// actions/<resource>/: one file per operation
	{ name: 'operations', path: '^nodes/MadMimi/actions/[^/]+/' },
];
// Everything else in nodes/ and credentials/ is the top: MadMimi.node.ts, actions/resources.ts,
// actions/router.ts, the trigger (nodes/MadMimiTrigger/) and the credentials.
const NODE_CODE = '^(nodes|credentials)/.+\\.ts$';

/** One rule per layer: a value import of any file not in this layer or one below it. */
const upward = LAYERS.map((layer, index) => ({
	name: `no-upward-from-${layer.name}`,
	comment:
		`A file of the ${layer.name} layer imports (a value from) a layer above it. Each layer ` +
		"imports only its own and those below it (CONTRIBUTING.md's map), so that a lower layer " +
		'can be read, tested and changed without the editor, the operations or the node around ' +
		'it. Move the code down, or pass the value in. A type may be imported with `import type`.',
	severity: 'error',
	from: { path: layer.path },
	to: {
		path: NODE_CODE,
		pathNot: LAYERS.slice(0, index + 1).map((below) => below.path),
		dependencyTypesNot: ['type-only'],
	},
}));

module.exports = {
	forbidden: [
		...upward,
		{
			name: 'no-operation-to-another-resource',
			comment:
				"An operation imports (a value from) another resource's operations. Each resource's " +
				'folder stands alone, so that an operation can be changed without reading the others; ' +
				'what two resources share belongs in a shared layer below (api/, descriptions/, ' +
				'actions/*.ts).',
			severity: 'error',
			from: { path: '^nodes/MadMimi/actions/([^/]+)/' },
			to: {
				path: '^nodes/MadMimi/actions/[^/]+/',
				pathNot: '^nodes/MadMimi/actions/$1/',
				dependencyTypesNot: ['type-only'],
			},
		},
		{
			name: 'no-transport-or-parsing-outside-api',
			comment:
				'transport/ or parsing/ is imported outside the api layer (types included). Every ' +
				'request goes through api/, which knows each endpoint, its repeat class and how its ' +
				'answer is read; an operation, locator or helper that sends or reads on its own ' +
				'bypasses that. Add or use a function of api/ instead.',
			severity: 'error',
			from: { path: NODE_CODE, pathNot: '^nodes/MadMimi/(api|transport|parsing)/' },
			to: { path: '^nodes/MadMimi/(transport|parsing)/' },
		},
	],
	options: {
		includeOnly: '^(nodes|credentials)/',
		exclude: { path: '\\.d\\.ts$' },
		tsConfig: { fileName: 'tsconfig.json' },
		// read the TypeScript source as written, `import type` included (marked type-only), so
		// that the rule on transport/ and parsing/ sees type imports too
		tsPreCompilationDeps: true,
	},
};
