/**
 * 100,000 member items (email + 3 fields + add_list) through Import from items, option Create
 * List If Missing: requests by kind, wall time, peak RSS, rows stored. Its baselines are the
 * scenarios importHttpBatched and addPerItemSample.
 */
import { peakRssMb, people, requestKinds, runScenario, summary, timedRun } from './shared';

async function import100k(): Promise<Record<string, unknown>> {
	const n = 100_000;
	const rssBefore = peakRssMb();
	const parameters = { resource: 'audienceMember', operation: 'import', source: 'items' };
	const { result, ms } = await timedRun(
		{ parameters: { ...parameters, emailField: 'email', options: { createList: true } } },
		people(n),
	);
	const peak = peakRssMb();
	const s = await summary();
	return {
		items: n,
		outputItems: result.items.length,
		imported: result.items.filter((i) => i.json.imported === true).length,
		error: result.error?.message,
		requests: s.requests,
		requestKinds: await requestKinds(),
		imports: s.imports.length,
		rowsStored: s.imports.reduce((sum, i) => sum + i.rows, 0),
		listMembers: s.lists.Bench,
		ms,
		peakRssMb: peak,
		rssBeforeRunMb: rssBefore,
	};
}

runScenario('import100k', import100k);
