/**
 * End-to-end, per n8n release, `n8n start` with the packed package: a published workflow fails
 * part-way through Email → Send and through Promotion → Send (a send Mad Mimi carried out, its
 * response lost), and the user retries the failed execution through the REST API as the Executions
 * list does (`POST /rest/executions/<id>/retry`, with the original workflow and with the saved
 * one). Nobody gets an email twice, nobody reported sent got nothing, everyone not yet sent gets it.
 * Run through e2e/run.mjs (`npm run test:e2e`); the set-up: e2e/fixture.mjs.
 */
import { describe, it } from 'node:test';

import { MIN, VERSIONS, n8nForSuite, processesEndWithTheFile } from './fixture.mjs';
import { emailsRetried, mailingsRetried } from './retries.mjs';

processesEndWithTheFile('e2e retry');

for (const version of VERSIONS) {
	describe(`n8n ${version}, a failed execution retried`, { concurrency: false }, () => {
		const ctx = n8nForSuite(version, 'retry', { start: true });

		for (const loadWorkflow of [false, true]) {
			const how = loadWorkflow ? 'with the saved workflow' : 'with the original workflow';
			it(
				`Email → Send cut after Mad Mimi sent the 8th of 20, retried ${how}: each person emailed once`,
				{ timeout: 4 * MIN },
				() => emailsRetried(ctx, loadWorkflow),
			);
			it(
				`Promotion → Send cut after the 2nd of 3 mailings started, retried ${how}: each mailing once`,
				{ timeout: 4 * MIN },
				() => mailingsRetried(ctx, loadWorkflow),
			);
		}
	});
}
