/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- a benchmark's start-up: runs under ts-node from `npm run bench:*`, never loaded by n8n */
/**
 * Imported first by the benchmarks that load the harness (and through it the node): `X.node` must
 * resolve to X.node.ts, not to the codex file X.node.json beside it. ts-node reads
 * TS_NODE_PREFER_TS_EXTS when it registers, before the program runs, so without it the program
 * runs itself again with it set, and exits with that run's status.
 */
import { spawnSync } from 'node:child_process';

if (process.env.TS_NODE_PREFER_TS_EXTS !== 'true') {
	const main = process.argv[1];
	const again = spawnSync(process.execPath, [...process.execArgv, main, ...process.argv.slice(2)], {
		stdio: 'inherit',
		env: { ...process.env, TS_NODE_PREFER_TS_EXTS: 'true' },
	});
	process.exit(again.status ?? 1);
}
