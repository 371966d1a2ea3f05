/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its settings (CASE, SAMPLE) from the environment bench/run.ts gives it */
/**
 * 100,000 member items (email + 3 fields + add_list) through Import from items, option Create
 * List If Missing: requests by kind, wall time, peak RSS, rows stored. CASE=http: its baseline,
 * n8n's HTTP Request node with its Batching option, one import of one member per item, 50 in
 * flight, batch after batch (bench/httpRequestBaseline.ts), on SAMPLE items (default: all).
 * The other baseline, one add-to-list request per item, is addMember1000's one-at-a-time run.
 */
import { registerNodeType } from '../../test/harness';
import {
	CSV_EXPRESSION,
	HTTP_BASELINE_TYPE,
	HTTP_BATCH_SIZE,
	HttpRequestBaseline,
} from '../httpRequestBaseline';
import { baseUrl, measured, peakRssMb, people, requestKinds, runScenario } from './shared';

async function import100k(): Promise<Record<string, unknown>> {
	const http = process.env.CASE === 'http';
	const n = Number(process.env.SAMPLE ?? 100_000);
	if (http) registerNodeType(HTTP_BASELINE_TYPE, new HttpRequestBaseline());
	const spec = http
		? {
				type: HTTP_BASELINE_TYPE,
				name: 'HTTP Request',
				parameters: {
					url: `${baseUrl}/audience_members`,
					csvFile: CSV_EXPRESSION,
					batchSize: HTTP_BATCH_SIZE,
				},
			}
		: {
				parameters: {
					resource: 'audienceMember',
					operation: 'import',
					source: 'items',
					emailField: 'email',
					options: { createList: true },
				},
			};
	const rssBefore = peakRssMb();
	const { result, ms, error, requests, maxInFlight, imports } = await measured(spec, people(n));
	const peak = peakRssMb();
	// the node reports each item imported; the HTTP Request node outputs each import's id
	const answered = (json: Record<string, unknown>) =>
		http ? /^\d+$/.test(String(json.data)) : json.imported === true;
	return {
		items: n,
		batchSize: HTTP_BATCH_SIZE,
		answered: result.items.filter((i) => answered(i.json)).length,
		error,
		requests,
		requestKinds: await requestKinds(),
		maxInFlight,
		rowsStored: imports.reduce((sum, i) => sum + i.rows, 0),
		ms,
		msPerItem: ms / n,
		peakRssMb: peak,
		rssBeforeRunMb: rssBefore,
	};
}

runScenario('import100k', import100k);
