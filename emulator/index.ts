/**
 * In-memory HTTP emulator of the Mad Mimi API, for tests. See README.md.
 */
export { startEmulator } from './server';
export type { Emulator } from './server';
export type { RecordedRequest } from './recordedRequest';
export type { FaultRule, FaultResponse } from './faults';
export { DEMO_CREDENTIALS, NO_RIGHTS_CREDENTIALS, WRONG_CREDENTIALS } from './seed';
export { DEMO_IDS } from './demoSeed';
export type { Vocabulary } from './vocabulary';
