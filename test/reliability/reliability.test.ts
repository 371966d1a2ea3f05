// capture first: n8n-core reads its log settings when the harness loads it
import { logs } from './capture';

import { useEmulator } from '../node/setup';
import { pathFuzz } from './badInput.cases';
import { faultMatrix, hugeAnswers, parallelPairing, specialKey } from './faults.cases';
import { importFaults } from './import.cases';
import { refusals } from './refusals.cases';
import { retries } from './retries.cases';
import { leaksIn } from './support';
import { triggerFaults } from './trigger.cases';

const env = useEmulator();

describe('failures on every operation family', () => {
	faultMatrix(env);
	hugeAnswers(env);
	parallelPairing(env);
	specialKey(env);
});

describe('bad input', () => {
	pathFuzz(env);
	refusals(env);
});

describe('retries', () => {
	retries(env);
});

describe('trigger', () => {
	triggerFaults(env);
});

describe('import', () => {
	importFaults(env);
});

test('the logs were captured (n8n-core at debug level, JSON, errors with their metadata), so their check means something', () => {
	const all = logs.since();
	expect(logs.n8nLines).toBeGreaterThan(1000);
	expect(all).toContain('"level":"debug"');
	// n8n-core logs the node's errors with their description and the node's parameters
	expect(all).toContain('Mad Mimi could not handle the request (500)');
	expect(all).toContain('"description":"Mad Mimi could not handle this request');
	// and, over everything written during the whole suite, the key in no form
	const leaks = leaksIn(all);
	expect(leaks).toEqual([]);
});

afterAll(() => {
	logs.stop();
});
