// capture first: n8n-core reads its log settings when the harness loads it
import { logs } from './capture';

import { useEmulator } from '../node/setup';
import { refusals, pathFuzz } from './badInput.cases';
import { faultMatrix, hugeAnswers, parallelPairing, specialKey } from './faults.cases';
import { importFaults } from './import.cases';
import { retries } from './retries.cases';
import { figures, figuresLine, leaksIn, writeFigures } from './support';
import { triggerFaults } from './trigger.cases';

const env = useEmulator();
const started = Date.now();

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
	figures.logs.n8nLogLinesChecked = logs.n8nLines;
	// and, over everything written during the whole suite, the key in no form
	figures.leakChecks++;
	const leaks = leaksIn(all);
	figures.leaksFound += leaks.length ? 1 : 0;
	expect(leaks).toEqual([]);
});

afterAll(() => {
	logs.stop();
	writeFigures();
	// eslint-disable-next-line no-console -- the suite's figures, printed once at the end
	console.log(figuresLine(Date.now() - started));
});
