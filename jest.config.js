/**
 * Two projects, one config:
 * - unit: every test that runs from the source (`npm run test:unit`, no build needed);
 * - package: the built bundles under dist/ (`npm run test:package`, after `npm run build`).
 * `npx jest` runs both; `npm test` builds first. The scripts name the config after
 * `--selectProjects` only to end its list: `npm run test:unit -- test/unit/csv.test.ts` would
 * otherwise read the file as a project name.
 */
const BUILT = '<rootDir>/test/package/dist.test.ts';

/** @type {import('jest').Config} */
const common = {
	rootDir: __dirname,
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	// jest only transpiles (diagnostics off, for speed): `npm run typecheck` type-checks the tests and
	// the tooling (tsconfig.tooling.json), as `npm run build` does the node's code (tsconfig.json)
	transform: {
		'^.+\\.ts$': [
			'ts-jest',
			{ tsconfig: '<rootDir>/tsconfig.tooling.json', isolatedModules: true, diagnostics: false },
		],
	},
	// n8n-workflow's sleep returns at once and records the wait (test/support/waits.ts)
	setupFiles: ['<rootDir>/test/support/instantWaits.ts'],
};

/** @type {import('jest').Config} */
module.exports = {
	projects: [
		{
			...common,
			displayName: 'unit',
			testMatch: ['**/*.test.ts'],
			testPathIgnorePatterns: ['/node_modules/', BUILT],
		},
		{ ...common, displayName: 'package', testMatch: [BUILT] },
	],
	testTimeout: 60000,
	maxWorkers: 2,
};
