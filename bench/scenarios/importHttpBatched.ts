/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its settings (SAMPLE) from the environment bench/run.ts gives it */
/**
 * The baseline of import a user would otherwise build: n8n's HTTP Request node with its
 * Batching option, one import of one member per item, 50 in flight, batch after batch
 * (bench/httpRequestBaseline.ts). SAMPLE items (default: all 100,000).
 */
import { registerNodeType } from '../../test/harness';
import {
	CSV_EXPRESSION,
	HTTP_BASELINE_TYPE,
	HTTP_BATCH_SIZE,
	HttpRequestBaseline,
} from '../httpRequestBaseline';
import { baseUrl, peakRssMb, people, runScenario, summary, timedRun } from './shared';

async function importHttpBatched(): Promise<Record<string, unknown>> {
	const n = Number(process.env.SAMPLE ?? 100_000);
	registerNodeType(HTTP_BASELINE_TYPE, new HttpRequestBaseline());
	const rssBefore = peakRssMb();
	const url = `${baseUrl}/audience_members`;
	const { result, ms } = await timedRun(
		{
			type: HTTP_BASELINE_TYPE,
			name: 'HTTP Request',
			parameters: { url, csvFile: CSV_EXPRESSION, batchSize: HTTP_BATCH_SIZE },
		},
		people(n),
	);
	const peak = peakRssMb();
	const s = await summary();
	return {
		items: n,
		batchSize: HTTP_BATCH_SIZE,
		outputItems: result.items.length,
		answered: result.items.filter((i) => /^\d+$/.test(String(i.json.data))).length,
		error: result.error?.message,
		requests: s.requests,
		maxInFlight: s.maxInFlight,
		rowsStored: s.imports.reduce((sum, i) => sum + i.rows, 0),
		listMembers: s.lists.Bench,
		ms,
		msPerItem: ms / n,
		peakRssMb: peak,
		rssBeforeRunMb: rssBefore,
	};
}

runScenario('importHttpBatched', importHttpBatched);
