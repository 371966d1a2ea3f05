/**
 * In-memory HTTP emulator of the Mad Mimi API, for tests. See README.md.
 */
export { startEmulator } from './server';
export { faultRuleFromJson } from './faults';
export { parseUrlEncoded, MAX_BODY_BYTES } from './requestBody';
export type { Emulator, EmulatorOptions } from './types';
export type { RecordedRequest } from './recordedRequest';
export type { FaultRule, FaultResponse, Faults } from './faults';
export { DEMO_CREDENTIALS, NO_RIGHTS_CREDENTIALS, WRONG_CREDENTIALS, createStore } from './seed';
export { DEMO_IDS } from './demoSeed';
export type { SeedName } from './seed';
export { Store } from './store';
export {
	ApiError,
	OUTCOMES,
	OUTCOME_COUNTER,
	MAILER_STATUSES,
	STANDARD_MEMBER_FIELDS,
	defaultMimio,
	thumbnailFor,
	fieldElementName,
} from './model';
export type {
	AudienceList,
	Member,
	Mailing,
	MailingStats,
	MailingLink,
	Recipient,
	Outcome,
	Promotion,
	Addon,
	SocialLinkDef,
	Participant,
	Drip,
	DripCampaign,
	Signup,
	SignupField,
	ImportRecord,
	TransactionalCount,
	AddMemberOptions,
	AddPromotionOptions,
	AddMailingOptions,
	MailerStatus,
	Transaction,
	ListSend,
} from './model';
export {
	ServiceClock,
	DATE_STYLES,
	EXTRA_DATE_STYLES,
	ALL_DATE_STYLES,
	OLD_RECORD_CUTOFF_MS,
	formatServiceDate,
	parseServiceDate,
	parseSearchDateTime,
	parseDay,
} from './dates';
export type { Clock, DateStyle } from './dates';
export { parseCsv, parseCsvRows, csvRecords } from './csv';
export {
	VOCABULARIES,
	SECOND_VOCABULARY,
	SECOND_VOCABULARY_COUNTER,
	isVocabulary,
	secondName,
	toSecondVocabularyXml,
	toSecondVocabularyRecords,
	toSecondVocabularyJson,
} from './vocabulary';
export type { Vocabulary, SecondName } from './vocabulary';
export { parseXml, writeXml, elementChildren, ownText, isTextOnly, isElement } from './xml';
export type { XmlElement, XmlNode } from './xml';
export { ROUTE_MODULES } from './routes';
export { mailerFlag, parseRecipient, readListNames, readPlaceholders } from './routes/mailer';
export {
	MEMBER_ORDERS,
	MEMBERS_PER_PAGE,
	MAX_MEMBERS_PER_PAGE,
	MAX_SEARCH_RESULTS,
} from './routes/members';
export type { RouteModule, Call, Answer, GuessMark } from './routes';
export type { ParsedCsv } from './csv';
