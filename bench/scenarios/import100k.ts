/**
 * 100,000 member items (email + 3 fields + add_list) through Import from items, option Create
 * List If Missing: requests by kind, wall time, peak RSS, rows stored. Its baselines are the
 * scenarios importHttpBatched and addPerItemSample.
 */
import { runNode } from '../../test/harness';
import { control, peakRssMb, people, runScenario, summary, timed } from './shared';

interface RecordedRequest {
	effectiveMethod: string;
	path: string;
}

/** The requests the emulator saw, counted by method and path (`GET /audience_lists/lists.xml: 1`). */
async function requestKinds(): Promise<Record<string, number>> {
	const kinds: Record<string, number> = {};
	for (const r of await control<RecordedRequest[]>('GET', '/requests')) {
		const key = `${r.effectiveMethod} ${r.path}`;
		kinds[key] = (kinds[key] ?? 0) + 1;
	}
	return kinds;
}

async function import100k(): Promise<Record<string, unknown>> {
	const n = 100_000;
	const rssBefore = peakRssMb();
	const { result, ms } = await timed(
		async () =>
			await runNode(
				{
					parameters: {
						resource: 'audienceMember',
						operation: 'import',
						source: 'items',
						emailField: 'email',
						options: { createList: true },
					},
				},
				people(n),
			),
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
