/**
 * Every guess the emulator makes, one row each: the one home of the table "What is guessed" in
 * README.md (a test checks that the README's rows are `guessTableRows()`, cell for cell), and the
 * list `npm run record` answers (scripts/record/verdicts.ts): each row names the probes of the
 * record command that decide it, and how their answers are compared with the emulator's, which
 * answers the guess itself.
 */

/**
 * How a row's probes are judged: the service's answer against the emulator's for the same probe.
 * - `shape`: element and attribute names, JSON keys, kind of text (scripts/record/shape.ts);
 * - `text`: status and text, with addresses and numbers left out;
 * - `bytes`: status and the body exactly (a blank answer: `''` or `' '`);
 * - `status`: the status only;
 * - `custom`: a judgement of its own (scripts/record/verdicts.ts).
 */
type GuessCompare = 'shape' | 'text' | 'bytes' | 'status' | 'custom';

export interface Guess {
	/** A name of the row, for the record command's verdicts and its tests. */
	id: string;
	/** The README's three cells, as they are written there (Markdown). */
	endpoint: string;
	guessed: string;
	confirm: string;
	/** The probes of `npm run record` that decide the row (none: it never checks it). */
	probes: string[];
	compare?: GuessCompare;
	/**
	 * With probes: what the check needs when they were not run (a flag, a state of the account);
	 * without: why the record command never checks it.
	 */
	needs?: string;
}

export const GUESSES: readonly Guess[] = [
	{
		id: 'unknown-path',
		endpoint: 'any unknown path',
		guessed: '`404`, body one space',
		confirm: '`GET /no_such_path.xml` → status, body',
		probes: ['unknown-path'],
		compare: 'bytes',
	},
	{
		id: 'blank-writes',
		endpoint: 'every write answered "blank" below',
		guessed: "which one answers `''` and which `' '`",
		confirm: 'each write below → body length (0 or 1)',
		probes: [
			'list-create',
			'list-add-member',
			'list-remove-member',
			'list-rename',
			'list-clear',
			'list-delete',
			'list-delete-again',
		],
		compare: 'bytes',
		needs: '--writes',
	},
	{
		id: 'member-error',
		endpoint: 'every "member error" below',
		guessed: '`400 <email> does not exist` or `400 Member <email> does not exist`, which where',
		confirm: '`GET /audience_members/X/lists.xml` (and each below) → status, text',
		probes: ['member-lists-unknown', 'attempts-unknown'],
		compare: 'text',
	},
	{
		id: 'empty-root-form',
		endpoint: 'every guessed list document, no record',
		guessed: 'empty root as `<x></x>` or `<x/>`',
		confirm: 'each document below on an empty state → body',
		probes: [],
		needs:
			'an account with no addons, domains, social links, child accounts or drip campaigns: each document read empty shows its form (look at the files)',
	},
	{
		id: 'mailer-flags',
		endpoint: 'Mailer flags',
		guessed: 'a word other than yes/no, true/false, on/off, 1/0 is off',
		confirm: '`POST /mailer` `check_suppressed=Y` to an opted-out `A` → `GET /mailers/status/{id}`',
		probes: [],
		needs: 'never run by npm run record: it emails an opted-out member',
	},
	{
		id: 'member-lists-unknown',
		endpoint: '`GET /audience_members/{email}/lists.xml`',
		guessed: 'unknown member: member error',
		confirm: '`GET /audience_members/X/lists.xml` → status, text',
		probes: ['member-lists-unknown'],
		compare: 'text',
	},
	{
		id: 'lists-json-blank',
		endpoint: '`POST /audience_lists.json`',
		guessed: 'blank name: `200 {"success":false,"error":"Name can\'t be blank"}`',
		confirm: '`POST /audience_lists.json` `name=` → status, body',
		probes: [],
		needs: 'never run by npm run record: a wrong guess would create a nameless list',
	},
	{
		id: 'create-list',
		endpoint: '`POST /audience_lists` (no extension)',
		guessed: 'blank; creates the list; a taken name changes nothing',
		confirm:
			'`POST /audience_lists` `name=<new>`, twice → body, then `GET /audience_lists/lists.xml`',
		probes: ['list-create', 'list-create-again', 'lists-after-create'],
		compare: 'custom',
		needs: '--writes',
	},
	{
		id: 'create-list-blank',
		endpoint: '`POST /audience_lists`',
		guessed: "blank name: `400 Name can't be blank`",
		confirm: '`POST /audience_lists` `name=` → status, text',
		probes: [],
		needs: 'never run by npm run record: a wrong guess would create a nameless list',
	},
	{
		id: 'add-errors',
		endpoint: '`POST /audience_lists/{list}/add`',
		guessed:
			"no email / unknown member / unknown list: `400 Email can't be blank` / member error / `400 List <name> does not exist`",
		confirm:
			'`POST /audience_lists/L/add` without `email`, with `email=X`; `POST /audience_lists/X/add` `email=A` → status, text',
		probes: ['list-add-no-email', 'list-add-unknown-member'],
		compare: 'text',
		needs: '--writes',
	},
	{
		id: 'remove-errors',
		endpoint: '`POST /audience_lists/{list}/remove`',
		guessed: 'unknown list or no email: `200`, empty',
		confirm:
			'`POST /audience_lists/X/remove` `email=A`; `POST /audience_lists/L/remove` → status, body',
		probes: ['list-remove-unknown-list', 'list-remove-no-email'],
		compare: 'bytes',
		needs: '--writes',
	},
	{
		id: 'import-errors',
		endpoint: '`POST /audience_members` (import)',
		guessed:
			'no email column / no `csv_file`: `400 CSV must contain an email column` / `400 csv_file is required`',
		confirm: '`csv_file=name\\nJo`; no `csv_file` → status, text',
		probes: [],
		needs: 'never run by npm run record: an import writes to the whole audience',
	},
	{
		id: 'suppressed-since-bad',
		endpoint: '`GET /audience_members/suppressed_since/{ts}.txt`',
		guessed: 'non-integer: `400 Invalid timestamp`',
		confirm: '`GET /audience_members/suppressed_since/abc.txt` → status, text',
		probes: ['suppressed-since-bad'],
		compare: 'text',
	},
	{
		id: 'attempts-names',
		endpoint: '`GET /audience_members/{email}/promotion_attempts.xml`',
		guessed:
			'names `promotion_attempts`, `promotion_attempt`, `promotion_id mailing_id promotion_name sent_at viewed clicked bounced unsubscribed forwarded abused`; oldest first',
		confirm:
			'`GET /audience_members/A/promotion_attempts.xml` for an `A` that got a list mailing → body',
		probes: ['attempts'],
		compare: 'shape',
	},
	{
		id: 'attempts-transactional',
		endpoint: '**`GET /audience_members/{email}/promotion_attempts.xml`**',
		guessed:
			'**a transactional email (`POST /mailer`) is listed, at once, with an empty `mailing_id`**',
		confirm:
			'**`POST /mailer` `promotion_name=P recipient=A` (fresh `A`), then that `GET` at once, after 1 min, after 1 h → a record of `P`, and when it shows**',
		probes: ['send-mailer', 'send-attempts-0s', 'send-attempts-60s', 'send-attempts-300s'],
		compare: 'custom',
		needs: '--send-to',
	},
	{
		id: 'attempts-unknown',
		endpoint: '`GET /audience_members/{email}/promotion_attempts.xml`',
		guessed: 'unknown member: member error',
		confirm: '`GET /audience_members/X/promotion_attempts.xml` → status, text',
		probes: ['attempts-unknown'],
		compare: 'text',
	},
	{
		id: 'count-new-inclusive',
		endpoint: '`GET /audience_members/count_new`',
		guessed: 'integer text; `start` and `end` inclusive, in whole seconds',
		confirm:
			'import `A` at a known second `T`, `GET /audience_members/count_new?start=T&end=T` → body',
		probes: [],
		needs: 'never run by npm run record: it needs an import at a known second',
	},
	{
		id: 'count-new-errors',
		endpoint: '`GET /audience_members/count_new`',
		guessed:
			'`400 start and end must be unix timestamps` / `400 start must be before end` / `400 Calls to count_new are limited to a date range of one month` (over 31 days)',
		confirm: '`?start=x&end=1`; `start` > `end`; a 32-day range → status, text',
		probes: ['count-new-bad', 'count-new-reversed', 'count-new-over-month'],
		compare: 'text',
	},
	{
		id: 'promotions-past-end',
		endpoint: '`GET /promotions.xml`',
		guessed: 'past the last page: `<promotions>\\n</promotions>`',
		confirm: '`GET /promotions.xml?page=999` → body',
		probes: ['promotions-past-end'],
		compare: 'bytes',
	},
	{
		id: 'search-none',
		endpoint: '`GET /promotions/search.xml`',
		guessed: 'nothing found: `<promotions>\\n</promotions>`',
		confirm: '`GET /promotions/search.xml?query=zz-none` → body',
		probes: ['search-none'],
		compare: 'bytes',
	},
	{
		id: 'search-errors',
		endpoint: '`GET /promotions/search.xml`',
		guessed:
			'`400 Invalid date` / no criterion: `400 A search needs query, name, id or date=1 with from_date and to_date`',
		confirm: '`?date=1&from_date=x&to_date=y`; no parameter → status, text',
		probes: ['search-bad-date', 'search-blank'],
		compare: 'text',
	},
	{
		id: 'promotions-json',
		endpoint: '`GET /promotions.json`',
		guessed:
			'exists; array of `{id, name, mimio, updated_at, hidden, thumbnail, mailings: [{id, subject, count, started_send, finished_send}]}`, `null` unsent',
		confirm:
			'`GET /promotions.json`; `GET /promotions` with `Accept: application/json` → status, type, body',
		probes: ['promotions-json', 'promotions-accept-json'],
		compare: 'shape',
	},
	{
		id: 'save-errors',
		endpoint: '`POST /promotions/save`',
		guessed:
			'`400 Promotion name is required` / `400 Content is required (raw_html, raw_plain_text or url)`',
		confirm: 'no `promotion_name`; a name only → status, text',
		probes: [],
		needs: 'never run by npm run record: a name alone might save a promotion',
	},
	{
		id: 'trash',
		endpoint: '`PUT /promotions/{id}/trash`',
		guessed: 'blank; unknown: `404` one space',
		confirm: 'a throwaway promotion, then `PUT /promotions/X/trash` → status, body',
		probes: ['send-trash'],
		compare: 'bytes',
		needs: '--send-to',
	},
	{
		id: 'transactional-count',
		endpoint: '`GET /promotions/transactional_count`',
		guessed: 'integer text, `0` when none; `400 Invalid date` / `400 Promotion name is required`',
		confirm: '`?promotion_name=P&date=2015-01-01`; `date=x`; no name → status, body',
		probes: ['transactional-count', 'transactional-count-bad-date', 'transactional-count-no-name'],
		compare: 'text',
	},
	{
		id: 'transactional-count-utc-day',
		endpoint: '**`GET /promotions/transactional_count`**',
		guessed: '**a `POST /mailer` email counts at once, on the UTC day of the send**',
		confirm:
			'**`POST /mailer` to `P` between 00:00 and 04:00 UTC, then `?promotion_name=P&date=` that UTC day and the day before, at once and after 1 h → which day counts it, how soon**',
		probes: [
			'send-mailer',
			'send-count-today-0s',
			'send-count-yesterday-0s',
			'send-count-today-60s',
			'send-count-yesterday-60s',
			'send-count-today-300s',
			'send-count-yesterday-300s',
		],
		compare: 'custom',
		needs: '--send-to',
	},
	{
		id: 'stats-links',
		endpoint: '`GET /promotions/{p}/mailings/{m}.xml`',
		guessed:
			'the `<link>` elements in `<links>`: `link id url clicks unique_clicks`, one per line, indented 4',
		confirm: 'a mailing with a clicked link → `<links>` body',
		probes: ['mailing-stats'],
		compare: 'shape',
		needs: 'a promotion with a sent mailing',
	},
	{
		id: 'outcome-names',
		endpoint: '`GET /promotions/{p}/mailings/{m}/{outcome}.xml`',
		guessed:
			'names `recipients page per_page`, `recipient email first_name last_name created_at`; past the end `<recipients .../>`',
		confirm: '`.../sent.xml?per_page=2`, `?page=999` → body',
		probes: ['outcome-sent', 'outcome-past-end'],
		compare: 'shape',
		needs: 'a promotion with a sent mailing',
	},
	{
		id: 'outcome-limits',
		endpoint: '`GET /promotions/{p}/mailings/{m}/{outcome}.xml`',
		guessed: '`per_page` over 100 → 100; an outcome not among the eight → `404`',
		confirm: '`.../sent.xml?per_page=500` → records, `per_page`; `.../nope.xml` → status',
		probes: ['outcome-unknown'],
		compare: 'status',
		needs:
			'a promotion with a sent mailing (per_page=500 is never asked: it would read 100 people)',
	},
	{
		id: 'clicked',
		endpoint: '`GET /promotions/{p}/mailings/{m}/clicked.xml`',
		guessed: '`links`, `link` as above; none: `<links/>` or `<links></links>`',
		confirm: 'mailings with and without clicks → body',
		probes: ['clicked'],
		compare: 'shape',
		needs: 'a promotion with a sent mailing',
	},
	{
		id: 'addons-available',
		endpoint: '`GET /addons/available.xml`',
		guessed: '`addons`, `addon id key name paid`, child `description`',
		confirm: '`GET /addons/available.xml` → body',
		probes: ['addons-available'],
		compare: 'shape',
	},
	{
		id: 'addons',
		endpoint: '`GET /addons.xml`',
		guessed: '`addons`, `addon id key name status` (`activated`)',
		confirm: '`GET /addons.xml` → body',
		probes: ['addons'],
		compare: 'shape',
	},
	{
		id: 'addon-toggle',
		endpoint: '`POST /addon/{id_or_key}/toggle`',
		guessed: 'blank; paid: `400 Paid addons cannot be activated through the API`; unknown: `404`',
		confirm: 'a free addon twice (back as before); a paid one; `X` → status, body',
		probes: [],
		needs: "never run by npm run record: it changes the account's addons",
	},
	{
		id: 'analytics-domains',
		endpoint: '`GET /google_analytics.xml`',
		guessed: '`google_analytics`, `domain` text',
		confirm: '`GET /google_analytics.xml` → body',
		probes: ['google-analytics'],
		compare: 'shape',
	},
	{
		id: 'analytics-add',
		endpoint: '`POST /google_analytics`',
		guessed: "blank; a duplicate (any case) changes nothing; `400 Domain can't be blank`",
		confirm: '`domain=<new>` twice; `domain=` → status, body, then the list',
		probes: [],
		needs: "never run by npm run record: it changes the account's analytics domains",
	},
	{
		id: 'analytics-delete',
		endpoint: '`DELETE /google_analytics`',
		guessed: "blank; `400 Domain <d> is not set up`; `400 Domain can't be blank`",
		confirm: 'the domain just added; `domain=X`; `domain=` → status, body',
		probes: [],
		needs: "never run by npm run record: it changes the account's analytics domains",
	},
	{
		id: 'social-links-available',
		endpoint: '`GET /social_links/available.json` / `.xml`',
		guessed:
			'`[{key, name, description, formatting}]`; `social_links`, `social_link key name description formatting`',
		confirm: 'both → body',
		probes: ['social-links-available-json', 'social-links-available-xml'],
		compare: 'shape',
	},
	{
		id: 'social-links',
		endpoint: '`GET /social_links.json` / `.xml`',
		guessed: '`[{key, name, url}]`; `social_link key name url`',
		confirm: 'both, with two links set → body',
		probes: ['social-links-json', 'social-links-xml'],
		compare: 'shape',
	},
	{
		id: 'social-links-update',
		endpoint: '`PUT /social_links/update`',
		guessed:
			'blank; only given keys change, an empty url removes; unknown key: `400 Unknown social link <key>`, nothing changes',
		confirm: '`twitter=<url>`; `twitter=`; `nope=x` → status, body, then `GET /social_links.json`',
		probes: [],
		needs: "never run by npm run record: it changes the account's social links",
	},
	{
		id: 'participants',
		endpoint: '`GET /participants.xml`',
		guessed:
			'`participants`, `participant email first_name last_name organization_name created_at`, by creation',
		confirm: '`GET /participants.xml` with a child → body',
		probes: ['participants'],
		compare: 'shape',
	},
	{
		id: 'participant-create',
		endpoint: '`POST /participants`',
		guessed:
			"the API key as text (32 hex); `400 Email has already been taken` / `400 Email can't be blank`",
		confirm: 'a new child `no_invite=yes`; the same again; `email=` → status, body',
		probes: [],
		needs: 'never run by npm run record: it creates a child account',
	},
	{
		id: 'participant-delete',
		endpoint: '`DELETE /participants`',
		guessed: 'blank; unknown: `400 <email> does not exist`',
		confirm: 'that child; `email=X` → status, body',
		probes: [],
		needs: 'never run by npm run record: it deletes a child account',
	},
	{
		id: 'participant-update',
		endpoint: '`PUT /participants/update`',
		guessed: 'blank; only given fields change, empty clears; unknown: `400 <email> does not exist`',
		confirm: '`email=<child>&first_name=`; `email=X` → status, body, `GET /participants.xml`',
		probes: [],
		needs: 'never run by npm run record: it changes a child account',
	},
	{
		id: 'participant-permissions',
		endpoint: '`POST /participants/update_permissions_for`',
		guessed:
			'blank; a category replaces itself, its names leave the others; `400 <email> does not exist` / `400 List <name> does not exist`',
		confirm: '`full=L`, then `read=L`; `email=X`; `read=X` → status, body',
		probes: [],
		needs: 'never run by npm run record: it changes a child account',
	},
	{
		id: 'drip-campaigns',
		endpoint: '`GET /drip_campaigns/list.xml`',
		guessed:
			'`drip_campaigns`, `drip_campaign id name status created_at`, `drips`, `drip id name delay_days promotion_id`; empty `drips` both forms',
		confirm: '`GET /drip_campaigns/list.xml` (one campaign with drips, one without) → body',
		probes: ['drip-campaigns'],
		compare: 'shape',
	},
	{
		id: 'signup-unknown',
		endpoint: '`GET /signups/{id}.json`',
		guessed: 'unknown: `400 The signup could not be found`',
		confirm: '`GET /signups/X.json` → status, text',
		probes: ['signup-unknown'],
		compare: 'text',
	},
	{
		id: 'members-past-end',
		endpoint: '`GET /audience_members.xml`, `/audience_lists/{list}/members.xml`',
		guessed: 'past the last page: `<audience count= total_pages= per_page= page=>\\n</audience>`',
		confirm: '`GET /audience_members.xml?page=999` → body',
		probes: ['members-past-end'],
		compare: 'shape',
	},
	{
		id: 'list-members-empty',
		endpoint: '`GET /audience_lists/{list}/members.xml`',
		guessed: 'no member: `total_pages="1"`',
		confirm: 'an empty list → root attributes',
		probes: ['list-members-empty'],
		compare: 'shape',
		needs: '--writes',
	},
	{
		id: 'members-per-page',
		endpoint: '`GET /audience_members.xml`',
		guessed: '`per_page` over 100 → 100; 0 or not a number → 30',
		confirm: '`?per_page=500`, `?per_page=0`, `?per_page=x` → root `per_page`, records',
		probes: [],
		needs: 'never run by npm run record: per_page=500, 0 or x reads 30 to 100 people',
	},
	{
		id: 'members-order',
		endpoint: '`GET /audience_members.xml`',
		guessed:
			'`order` values `email first_name last_name created_at`, ` desc`/` asc`; others by address',
		confirm: '`?order=first_name desc`, `?order=bogus` → member order',
		probes: [],
		needs:
			'the order is not judged (addresses are replaced in the files): look at members-order-*.txt',
	},
	{
		id: 'members-created-order',
		endpoint: '`GET /audience_members.xml`',
		guessed:
			'`order=created_at` direction: oldest first (second vocabulary newest first; `emu.createdAtOrder`)',
		confirm: '`?order=created_at` on members made at known times → order',
		probes: [],
		needs:
			'the order is not judged (addresses are replaced in the files): look at members-order-created.txt',
	},
	{
		id: 'members-raw',
		endpoint: '`GET /audience_members.xml`',
		guessed: '`raw`, `suppressed_only` on for `true`, `1`, `yes`, `on`',
		confirm: '`?raw=1`, `?raw=yes`, `?suppressed_only=on` with an opted-out member → records',
		probes: ['members-raw', 'members-raw-yes', 'members-suppressed-only'],
		compare: 'custom',
	},
	{
		id: 'list-members-unknown',
		endpoint: '`GET /audience_lists/{list}/members.xml`',
		guessed: 'unknown list: `404` one space',
		confirm: '`GET /audience_lists/X/members.xml` → status, body',
		probes: ['list-members-unknown'],
		compare: 'bytes',
	},
	{
		id: 'member-search-none',
		endpoint: '`GET /audience_members/search.xml`',
		guessed: 'nobody: `<audience>\\n</audience>`',
		confirm: '`?query=zz-none` → body',
		probes: ['member-search-none'],
		compare: 'bytes',
	},
	{
		id: 'member-search-blank',
		endpoint: '`GET /audience_members/search.xml`',
		guessed: 'no criterion: `400 A search needs query or email`',
		confirm: 'no parameter → status, text',
		probes: ['member-search-blank'],
		compare: 'text',
	},
	{
		id: 'member-update',
		endpoint: '`PUT /audience_members/{email}`',
		guessed:
			'blank; keys lower-cased; empty clears (`<x></x>`); new custom fields added; `email`, `created_at`, `suppressed`, `lists` ignored',
		confirm:
			'`audience_member[First_Name]=Jo&audience_member[email]=b@example.com` → body, then the members document',
		probes: [],
		needs: 'never run by npm run record: it changes a member',
	},
	{
		id: 'member-update-unknown',
		endpoint: '`PUT /audience_members/{email}`',
		guessed: 'unknown member: member error',
		confirm: '`PUT /audience_members/X` → status, text',
		probes: [],
		needs: 'never run by npm run record: a write to the audience',
	},
	{
		id: 'member-update-email',
		endpoint: '`POST /audience_members/{email}/update_email`',
		guessed:
			"`400 Email has already been taken` / `400 New email can't be blank` / `400 <new> is not a valid email address`",
		confirm: '`new_email=` another member, empty, `not-an-address` → status, text',
		probes: [],
		needs: 'never run by npm run record: it changes a member',
	},
	{
		id: 'unsuppress-lists',
		endpoint: '`DELETE /suppressed_audience_members/{email}`',
		guessed: "`result.lists`: the member's list names",
		confirm: 'a suppressed `A` on `L` → `lists`',
		probes: [],
		needs: 'never run by npm run record: it opts a member back in',
	},
	{
		id: 'unsuppress-unknown',
		endpoint: '`DELETE /suppressed_audience_members/{email}`',
		guessed:
			'unknown member: the text after "undefined method" (`` `unsuppress!\' for nil:NilClass ``)',
		confirm: '`DELETE /suppressed_audience_members/X` → `error`',
		probes: [],
		needs: 'never run by npm run record: a write to the audience',
	},
	{
		id: 'list-rename',
		endpoint: '`POST /audience_lists/{list}/rename`',
		guessed: 'blank; id, members, dates kept; the same name changes nothing',
		confirm: 'rename `L` → body, then `lists.xml`, its members',
		probes: ['list-rename', 'list-rename-same'],
		compare: 'bytes',
		needs: '--writes',
	},
	{
		id: 'list-rename-errors',
		endpoint: '`POST /audience_lists/{list}/rename`',
		guessed: "`404` one space / `400 Name has already been taken` / `400 Name can't be blank`",
		confirm: '`X`; a taken name; `name=` → status, body',
		probes: ['list-rename-unknown', 'list-rename-blank'],
		compare: 'text',
		needs: '--writes',
	},
	{
		id: 'list-clear',
		endpoint: '`PUT /audience_lists/{list}/clear`',
		guessed: 'blank; memberships gone, list and members kept',
		confirm: 'clear a throwaway list → body, `lists.xml`, members',
		probes: ['list-clear'],
		compare: 'bytes',
		needs: '--writes',
	},
	{
		id: 'list-clear-unknown',
		endpoint: '`PUT /audience_lists/{list}/clear`',
		guessed: 'unknown list: `404` one space',
		confirm: '`PUT /audience_lists/X/clear` → status, body',
		probes: ['list-clear-unknown'],
		compare: 'bytes',
		needs: '--writes',
	},
	{
		id: 'mailer-ids',
		endpoint: '`POST /mailer`',
		guessed: 'ids rise by 9091799842964; first status `sent`',
		confirm: 'two sends, then `GET /mailers/status/{id}` at once → ids, word',
		probes: ['send-status-0s'],
		compare: 'text',
		needs: '--send-to',
	},
	{
		id: 'mailer-check-suppressed',
		endpoint: '`POST /mailer`',
		guessed:
			'`check_suppressed` to an opted-out member: `200` and an id, status `failed`, not counted, no attempt',
		confirm: 'that send → answer, status word, transactional_count, attempts',
		probes: [],
		needs: 'never run by npm run record: it emails an opted-out member',
	},
	{
		id: 'mailer-hidden',
		endpoint: '`POST /mailer`',
		guessed: 'with raw content, `hidden=yes` hides the created promotion',
		confirm: '`promotion_name=<new>&raw_html=...&hidden=yes` → `hidden` in `/promotions.xml`',
		probes: [],
		needs: 'never run by npm run record: a second email',
	},
	{
		id: 'mailer-body-errors',
		endpoint: '`POST /mailer`',
		guessed:
			'`body`: `400 The body is not valid YAML: <reason>` / `400 The body must be a YAML hash of placeholders`',
		confirm: '`body=a: [`; `body=- x` → status, text',
		probes: [],
		needs: 'never run by npm run record: a wrong guess would send an email',
	},
	{
		id: 'mailer-list-names',
		endpoint: '`POST /mailer`',
		guessed: '`list_names` unknown: `400 List <name> does not exist`',
		confirm: '`list_names=X` → status, text',
		probes: [],
		needs: 'never run by npm run record: a wrong guess would send an email',
	},
	{
		id: 'mailer-no-beacon',
		endpoint: '`POST /mailer`, `/mailer/to_list`, `/mailer/to_all`',
		guessed: 'no beacon: `400 Your HTML must contain [[tracking_beacon]] or [[peek_image]].`',
		confirm: '`raw_html=<p>x [[unsubscribe]]</p>` → status, text',
		probes: [],
		needs: 'never run by npm run record: a wrong guess would send an email',
	},
	{
		id: 'mailer-errors',
		endpoint: '`POST /mailer`',
		guessed:
			'`400 Promotion name is required` / `400 Recipient is required` / `400 Invalid recipient: <text>`',
		confirm: 'no name; no recipient; `recipient=a,b` → status, text',
		probes: [],
		needs: 'never run by npm run record: a wrong guess would send an email',
	},
	{
		id: 'to-list-recipients',
		endpoint: '`POST /mailer/to_list`',
		guessed:
			"who gets it: the lists' members once each, in list order, opted-out left out; `prevent_resend` skips earlier recipients; empty list: a mailing of 0",
		confirm:
			"two overlapping lists, then again with `prevent_resend=yes` → the new mailing's `sent.xml`",
		probes: [],
		needs: 'never run by npm run record: it mails lists',
	},
	{
		id: 'to-all',
		endpoint: '`POST /mailer/to_all`',
		guessed: 'every member not opted out gets it, `all_audience="true"`',
		confirm: "on a test account → the new mailing's `sent.xml`, `all_audience`",
		probes: [],
		needs: 'never run by npm run record: it mails the whole audience',
	},
	{
		id: 'to-list-unknown-promotion',
		endpoint: '`POST /mailer/to_list`',
		guessed: 'unknown promotion, no raw content: `409 You do not have a promotion named <name>.`',
		confirm: '`promotion_name=X&list_name=L` → status, text',
		probes: [],
		needs: 'never run by npm run record: a wrong guess would mail a list',
	},
	{
		id: 'to-list-no-unsubscribe',
		endpoint: '`POST /mailer/to_list`, `/mailer/to_all`',
		guessed:
			'no unsubscribe link: `400 Your promotion must contain an [[unsubscribe]] or [[opt_out]] link.`',
		confirm: '`raw_plain_text=x` → status, text',
		probes: [],
		needs: 'never run by npm run record: a wrong guess would mail a list',
	},
	{
		id: 'to-list-errors',
		endpoint: '`POST /mailer/to_list`',
		guessed:
			'`400 List name is required` / `400 List <name> does not exist` / `400 Promotion name is required`',
		confirm: 'no list; `list_name=X`; no name → status, text',
		probes: [],
		needs: 'never run by npm run record: a wrong guess would mail a list',
	},
];

/** The README's table rows of the guesses, in order. */
export function guessTableRows(guesses: readonly Guess[] = GUESSES): string[] {
	return guesses.map((g) => `| ${g.endpoint} | ${g.guessed} | ${g.confirm} |`);
}
