/*
 * Which of the service's fields are typed, the one table of it. A value is a number, a flag or a
 * time only where its field is one: by the spec, by a recorded answer, or by a name that says so.
 * Everything else is the exact text the service wrote, however it looks: a list named `1.50`, a
 * promotion named `2024`, a custom field `19.90` or `007` are what a person typed.
 */

import { FIELD_NAMES_CACHED } from '../settings';

export type FieldType = 'number' | 'boolean' | 'dateTime' | 'text';

/** Fields the spec or a recording types, by the name the service writes (`../shared/design/recorded-answers.md`). */
const KNOWN: Readonly<Record<string, FieldType>> = {
	// the lists document (recorded)
	subscriber_count: 'number',
	// the promotions document (spec, recorded)
	updated_at: 'dateTime',
	hidden: 'boolean',
	started_send: 'dateTime',
	finished_send: 'dateTime',
	// the mailing statistics (spec: "the counters are integers"; recorded)
	all_audience: 'boolean',
	sent: 'number',
	views: 'number',
	untraced: 'number',
	clicked: 'number',
	forwarded: 'number',
	bounced: 'number',
	unsubscribed: 'number',
	abused: 'number',
	// the members documents (recorded)
	suppressed: 'boolean',
	page: 'number',
	per_page: 'number',
	// a signup form's fields (spec)
	required: 'boolean',
};

/** Names that say what they hold: `id`, `…_id`, `count`, `…_count`, `total_…`, `…_at` (snake or camel case). */
function byName(name: string): FieldType {
	if (/^(id|count)$|_(id|count)$|[a-z0-9](Id|Count)$|^total(_|[A-Z])/.test(name)) return 'number';
	if (/_at$|[a-z0-9]At$/.test(name)) return 'dateTime';
	return 'text';
}

const cache = new Map<string, FieldType>();

/** The type of a field by the name the service gives it; 'text' for any field nothing types. */
export function fieldType(name: string): FieldType {
	let type = cache.get(name);
	if (type === undefined) {
		type = Object.hasOwn(KNOWN, name) ? KNOWN[name] : byName(name);
		// the service's field names are few; a bound keeps odd documents from growing the cache
		if (cache.size < FIELD_NAMES_CACHED) cache.set(name, type);
	}
	return type;
}
