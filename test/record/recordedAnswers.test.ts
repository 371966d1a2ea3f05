/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: reads test/recorded/, never inside n8n */
/**
 * The recordings an account owner made with `npm run record` (test/recorded/, described in its
 * README): each has its header, holds nothing secret-looking, is read by the node's own reader
 * for its endpoint, and has the shape the emulator answers for the same probe. Until an owner
 * records, the directory holds only its README, and this checks that no stray file is there.
 */
import path from 'node:path';

import { checkRecordings } from '../../scripts/record/checker';
import { recordingFiles } from '../../scripts/record/recording';

const DIR = path.join(__dirname, '..', 'recorded');

test('every recording under test/recorded/ passes the recorded-answer check', async () => {
	const { problems, rows } = await checkRecordings(DIR);
	expect(problems).toEqual([]);
	expect(rows).toHaveLength(recordingFiles(DIR).length);
});
