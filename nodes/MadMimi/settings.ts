/*
 * Every default and limit of the node and the trigger, in one place: the settings each request is
 * sent with, the service's page sizes, the size of an import, the time windows, and how much the
 * node remembers. The transport takes the request settings as arguments; the editor's Options
 * show them (descriptions/options.ts); the action node, the trigger and the editor's searches each
 * choose theirs. This file imports nothing: every layer may import it.
 */

/** Time, in the units the service and n8n count in. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const HOUR_SECONDS = 3_600;
export const DAY_SECONDS = 86_400;

/**
 * How often and how long one request is tried when Mad Mimi is busy or the network breaks
 * (transport/backoff.ts says which failures those are).
 */
export interface BackoffPolicy {
	/** Tries of one request at most, the first one included. */
	maxTries: number;
	/** The first wait when the service names none; each further wait doubles it (with jitter). */
	baseDelayMs: number;
	/** The longest single wait: a Retry-After asking for more ends the tries at once. */
	maxWaitMs: number;
	/** All the waits of one request together at most. */
	maxTotalWaitMs: number;
}

export interface RequestSettings {
	/** How long to wait for one answer. */
	timeoutMs: number;
	/** The largest answer read: a larger one is refused before it is held whole. */
	maxBytes: number;
	/** Pages of a paged read asked for at once (1: one page after the other). */
	pageWindow: number;
	backoff: BackoffPolicy;
}

/**
 * Input items a per-item operation runs at once. Without the "Items per Batch" option, one after
 * the other, as n8n's own nodes do; the option, once added, suggests 10, and takes at most 100.
 */
export const DEFAULT_ITEMS_PER_BATCH = 1;
export const SUGGESTED_ITEMS_PER_BATCH = 10;
export const MAX_ITEMS_PER_BATCH = 100;

export const DEFAULT_TIMEOUT_SECONDS = 60;
export const MAX_TIMEOUT_SECONDS = 3600;
/** An import of many rows may take Mad Mimi a while to accept: it waits at least this long. */
export const IMPORT_MIN_TIMEOUT_MS = 300_000;

/**
 * People sent in one member import (a CSV): the default of Create or Update and Import, and
 * Audience List → Sync's batch (a sync of 100,000 people with 1 % churn sends its 2,000 adds and
 * updates in one request). No source gives the service's own limit: 10,000 rows (about 1 MB) keep
 * one request well inside the import's time, and the option takes at most 100,000.
 */
export const DEFAULT_IMPORT_BATCH_SIZE = 10_000;
export const MAX_IMPORT_BATCH_SIZE = 100_000;
/**
 * Audience List → Sync's Max Removals: the share of a list's members (in %) one run may take off
 * it. Real churn between two syncs is a few percent; a source that lost a page, a filter or a
 * column shows as far more. Cloud sync tools stop near there too (AWS Bedrock's knowledge bases
 * skip deletions above 15 %). Taking everyone off needs 100.
 */
export const DEFAULT_MAX_REMOVAL_PERCENT = 10;
/** Rows of an import's CSV written at once: few enough that their garbage dies young (import/people.ts). */
export const CSV_CHUNK_ROWS = 500;

/** Far above any page or list of the service (a page of 100 records is about 20 KB). */
export const DEFAULT_MAX_RESPONSE_MB = 20;
export const MAX_RESPONSE_MB_LIMIT = 1000;

/**
 * 6 pages at once read 50,000 recipients 3.8× faster than one page at a time at 20 ms of latency
 * (bench/README.md); 4 gave 2.7×. At most 10: more is no faster and only presses the service.
 */
export const DEFAULT_PAGE_WINDOW = 6;
export const MAX_PAGE_WINDOW = 10;

/**
 * The retries of the action node and of the trigger (the figures behind them are in the
 * README's "When Mad Mimi is busy or the network breaks"):
 * - 5 tries: with faults as rare as real ones (under 1 in 100), 5 tries leave 1 in 10^10 requests
 *   failed; even with 3 requests in 10 failing, 1 request in 400 fails for good.
 * - without a Retry-After, waits of about 1, 2, 4 and 8 s (each between half and all of that):
 *   15 s at most, the time a proxy or a restarting server takes to come back;
 * - a Retry-After is followed up to 60 s (the usual rate-limit window is a minute); asked for
 *   longer, the node stops at once and says so, rather than hold a workflow for minutes;
 * - 2 minutes of waits in all per request: an unattended run rides out a busy minute, and a
 *   service that stays down still fails the run within minutes, not hours.
 */
export const DEFAULT_BACKOFF: BackoffPolicy = {
	maxTries: 5,
	baseDelayMs: 1000,
	maxWaitMs: 60_000,
	maxTotalWaitMs: 120_000,
};

/** The editor's dropdowns and searches: a person is waiting, so a short try again, then the error. */
const EDITOR_BACKOFF: BackoffPolicy = {
	maxTries: 3,
	baseDelayMs: 500,
	maxWaitMs: 5_000,
	maxTotalWaitMs: 8_000,
};

export const DEFAULT_SETTINGS: RequestSettings = {
	timeoutMs: DEFAULT_TIMEOUT_SECONDS * 1000,
	maxBytes: DEFAULT_MAX_RESPONSE_MB * 1_000_000,
	pageWindow: DEFAULT_PAGE_WINDOW,
	backoff: DEFAULT_BACKOFF,
};

export const EDITOR_SETTINGS: RequestSettings = { ...DEFAULT_SETTINGS, backoff: EDITOR_BACKOFF };

/** The most members the service gives in one page of a members document (recorded: 1 to 100). */
export const MAX_MEMBERS_PER_PAGE = 100;
/** The most recipients of a mailing the service gives in one page. */
export const MAX_RECIPIENTS_PER_PAGE = 100;
/** Promotions a page of /promotions.xml holds; a shorter page is the last one (it states no page count). */
export const PROMOTIONS_PAGE_SIZE = 20;

/**
 * The service counts new members over at most 28 days at a time: a longer range is split into
 * windows of this length and their counts added up.
 */
export const COUNT_NEW_WINDOW_SECONDS = 28 * DAY_SECONDS;

/**
 * Mad Mimi's clock and n8n's may differ, and Mad Mimi's dates are whole seconds. A retried
 * execution looks for a write from this long before the run being retried began, and the
 * trigger reaches this far back past its last check by default (its Safety Margin).
 */
export const CLOCK_SKEW_MARGIN_SECONDS = 300;

/**
 * Where n8n carries no execution context into the retry (n8n 1.x has none; a context the retry
 * established afresh says nothing of the run being retried), the node cannot know when that run
 * began: it looks back this far instead. A day covers a retry made the same day; a write older
 * than that is not found and is done again.
 */
export const RETRY_LOOK_BACK_MS = 24 * HOUR_MS;

/**
 * Once-only outcomes kept, all executions together, before the least recently used executions
 * are forgotten. An entry is an item's answer (a transaction id, about 100 bytes with its key), so
 * this bounds the memory near 10 MB; the execution in progress is never forgotten, whatever its
 * size (n8n holds its items in memory anyway).
 */
export const MAX_ONCE_ONLY_OUTCOMES = 100_000;
/** Executions unused this long are forgotten whatever the count: every try of a node is over by then. */
export const FORGET_ONCE_ONLY_AFTER_MS = 24 * HOUR_MS;

/** The trigger's memory of emitted events: more than this within one overlap is not expected. */
export const MAX_REMEMBERED_EVENTS = 50_000;
/**
 * A trigger's place not saved for this long belongs to a trigger that was deleted (a published
 * trigger is checked at every poll time): it is dropped when another trigger of the workflow
 * saves. So is the oldest beyond MAX_TRIGGER_PLACES. Nothing left behind grows without bound.
 */
export const FORGET_TRIGGER_PLACE_AFTER_SECONDS = 90 * DAY_SECONDS;
export const MAX_TRIGGER_PLACES = 50;
/**
 * How often Member Added to List and Mailing Sent read the whole list, or every promotion, between
 * their cheap checks (the option "Full Check Every (Hours)"). A cheap check asks what the service
 * says changed (a list's subscriber_count, the new members, the promotions updated lately) and
 * cannot see a join hidden by a leave in the same interval, nor a new mailing of a promotion not
 * updated lately: the full read finds those. Every 6 hours, at 15-minute polls, a list of 100,000
 * costs about 4,200 requests a day (4 full reads of 1,000 pages, 2 requests a cheap check), and
 * 2,000 promotions about 500 (4 reads of 100 pages, 1 a cheap check): against 96,000 and 10,000
 * when every check read everything. 1 to 168 hours (a week).
 */
export const DEFAULT_FULL_CHECK_HOURS = 6;
export const MAX_FULL_CHECK_HOURS = 168;

/** Records the trigger's "Fetch Test Event" shows at most. */
export const TEST_EVENT_SAMPLE_SIZE = 5;

/**
 * How far back "Fetch Test Event" looks for its sample, in days: New Member a week (members come
 * often, and the read follows the new ones); Member Opted Out and Member Added to List a month
 * (both are rarer, and a week would often show nothing). The message of an empty sample names the
 * same figure.
 */
export const NEW_MEMBER_SAMPLE_DAYS = 7;
export const RARE_EVENT_SAMPLE_DAYS = 30;

/**
 * The largest result a tool hands an AI model, as JSON (in characters, near enough bytes): about
 * 5,000 tokens, a small share of any model's context. The tool's defaults (a limit of 50,
 * Simplify on) stay well under it; this bound holds whatever the author chose and however large
 * the account.
 */
export const MODEL_RESULT_MAX_BYTES = 20_000;

/** The room a cut result keeps for its note ("N more of M records are not shown…", under 250 characters). */
export const MODEL_NOTE_ROOM = 300;

/**
 * How many of the account's list names an error about an unknown list shows a model before "and
 * N more": enough to pick the meant one in a small account, little room taken in a large one.
 */
export const MODEL_LISTS_SHOWN = 10;

/** The first item's fields shown when no item has an address in Email Field (Import): enough to spot the one meant. */
export const ERROR_FIELDS_SHOWN = 10;

/** The days Count New and Get Opted Out read back when their start is left empty, as their hints say. */
export const DEFAULT_RANGE_DAYS = 7;

/**
 * Promotion names a send with its own content found free (so wrote itself), remembered per
 * execution for n8n's Retry On Fail, whose next try must not take the promotion its first try
 * created for somebody else's design. Least recently added first out past this count.
 */
export const MAX_OWN_PROMOTIONS_REMEMBERED = 1_000;

/**
 * What an error message quotes, in characters, so that it stays readable whatever came back:
 * - SERVICE_TEXT: Mad Mimi's own text ("Mad Mimi said: …"), tags stripped: a refusal is a
 *   sentence or two, an error page's first 400 characters say what it is;
 * - ANSWER_QUOTED: the start of an answer the node cannot read (an HTML page, a proxy's notice,
 *   a document cut short), of which only ANSWER_SCANNED is stripped and redacted for the quote;
 * - PARSE_REASON: a reader's reason, before that quote: with it, under 1,000 characters;
 * - XML_NAME_QUOTED: an element or attribute name in a message about malformed XML.
 */
export const SERVICE_TEXT_MAX_CHARS = 400;
export const ANSWER_QUOTED_CHARS = 200;
export const ANSWER_SCANNED_CHARS = 4096;
export const PARSE_REASON_MAX_CHARS = 600;
export const XML_NAME_QUOTED_CHARS = 60;

/** Field names whose camelCase form and type are remembered: the service writes a few dozen; this keeps an odd document from growing the memory. */
export const FIELD_NAMES_CACHED = 10_000;

/** Causes followed down a failure's chain for its system code (ECONNRESET…): n8n wraps the network's error two or three deep. */
export const ERROR_CAUSES_FOLLOWED = 6;

/** The shortest secret redacted in what the user reads: a shorter one would turn every such fragment of a message into `***` (Mad Mimi's keys have 32 characters). */
export const MIN_REDACTED_SECRET_CHARS = 4;
