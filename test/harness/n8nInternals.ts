/**
 * What the tests, the harness and the benchmarks take from inside n8n-core, past its index: the
 * only imports of `n8n-core/dist/…` in test/, bench/ and scripts/. n8n-core is pinned to one exact
 * version in package.json (test/package/dist.test.ts checks that it stays pinned), so these paths
 * are those of that version; a file that moves in another version fails the tooling's type check
 * (`npm run typecheck`) here, at once.
 */
import './environment';

/** n8n's loader adds this Poll Times parameter to every polling node's description. */
export { commonPollingParameters } from 'n8n-core/dist/nodes-loader/constants';
/** It keeps a timer per execution, which the harness stops when a test file ends. */
export { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
