/**
 * No import cycle in the node code, checked by `npm run lint`:
 * `depcruise nodes credentials --config .dependency-cruiser-cycles.cjs`.
 *
 * Only cycles of value imports count: `import type` (and `import { type A }`, `export type ...
 * from`) leaves no edge at run time. This is a run of its own, with the type-only imports left out
 * of the graph (`tsPreCompilationDeps: false`: the source as TypeScript compiles it), because
 * dependency-cruiser looks for one cycle per import over the whole graph: with type-only edges in
 * it, a value cycle can be hidden behind a cycle that passes a type-only import, which a
 * `viaOnly: { dependencyTypesNot: ['type-only'] }` would then let pass
 * (https://github.com/sverweij/dependency-cruiser/issues/695).
 */
module.exports = {
	forbidden: [
		{
			name: 'no-circular',
			comment:
				'The node code imports itself in a circle (values, at run time). A cycle makes the ' +
				'load order decide which module sees the other half-initialised (undefined at import ' +
				'time), and it means two files that cannot be read apart: it always crosses a layer ' +
				'of CONTRIBUTING.md the wrong way or ties two files of one layer together. Move what ' +
				'both need into one of them or a layer below, or import a type with `import type`.',
			severity: 'error',
			from: { path: '^(nodes|credentials)/' },
			to: { circular: true },
		},
	],
	options: {
		includeOnly: '^(nodes|credentials)/',
		exclude: { path: '\\.d\\.ts$' },
		tsConfig: { fileName: 'tsconfig.json' },
		tsPreCompilationDeps: false,
	},
};
