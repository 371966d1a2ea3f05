/**
 * In-memory HTTP emulator of the Mad Mimi API, for tests. See README.md.
 */
export { startEmulator } from './server';
export type { Emulator } from './types';
export type { RecordedRequest } from './recordedRequest';
export type { FaultRule, FaultResponse } from './faults';
export { DEMO_CREDENTIALS, NO_RIGHTS_CREDENTIALS, WRONG_CREDENTIALS } from './seed';
export { DEMO_IDS } from './demoSeed';
export type { SeedName } from './seed';
export { ALL_DATE_STYLES, parseServiceDate } from './dates';
export type { DateStyle } from './dates';
export {
	SECOND_VOCABULARY,
	secondName,
	toSecondVocabularyXml,
	toSecondVocabularyRecords,
	toSecondVocabularyJson,
} from './vocabulary';
export type { Vocabulary } from './vocabulary';
