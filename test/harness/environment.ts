/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: runs in jest, never inside n8n */
/**
 * The settings n8n-core reads when it is first loaded (its settings folder, its encryption key,
 * its log level): every module of the harness that loads n8n-core imports this one first.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(path.join(tmpdir(), 'madmimi-harness-'));
process.env.N8N_ENCRYPTION_KEY ??= 'harness-encryption-key-for-tests-only';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
// n8n-core logs every failed execution; tests assert on errors themselves (MADMIMI_TEST_LOG_LEVEL=debug to see them)
process.env.N8N_LOG_LEVEL = process.env.MADMIMI_TEST_LOG_LEVEL ?? 'silent';
