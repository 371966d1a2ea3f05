/**
 * The names the tooling shares: the repository's folder, and what test/support/demo.json holds
 * (the package and its node and credential types, the credential the example workflows use, the
 * emulator's demo account and a key it refuses), the one copy the TypeScript tests read too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const demo = JSON.parse(
	fs.readFileSync(path.join(REPO_ROOT, 'test', 'support', 'demo.json'), 'utf8'),
);

export const PACKAGE_NAME = demo.packageName;
export const ACTION_TYPE = demo.actionType;
export const TRIGGER_TYPE = demo.triggerType;
export const CREDENTIALS_TYPE = demo.credentialsType;
/** The id the example workflows refer to (examples/*.json); imported by `npm start` and the e2e suite. */
export const CREDENTIAL_ID = demo.credential.id;
export const CREDENTIAL_NAME_LOCAL = demo.credential.nameLocal;
export const CREDENTIAL_NAME_REAL = demo.credential.nameReal;
/** The emulator's demo account (emulator/seed.ts). */
export const DEMO_CREDENTIALS = demo.demoCredentials;
/** The demo username with a key the emulator refuses. */
export const WRONG_CREDENTIALS = demo.wrongCredentials;
