/**
 * Local jest config for the emulator's own tests:
 *   npx jest -c test/emulator/jest.config.js
 * (a root config with ts-jest picks the same files up as well).
 */
/** @type {import('jest').Config} */
module.exports = {
	rootDir: __dirname,
	testEnvironment: 'node',
	testMatch: ['<rootDir>/**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.check.json' }],
	},
};
