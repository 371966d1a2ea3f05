/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', isolatedModules: true, diagnostics: false }],
	},
	// n8n-workflow's sleep returns at once and records the wait (test/support/waits.ts)
	setupFiles: ['<rootDir>/test/support/instantWaits.ts'],
	testTimeout: 60000,
	maxWorkers: 2,
};
