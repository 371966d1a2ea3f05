/**
 * The second vocabulary: the same guessed answers under other names and another layout.
 *
 * No recording shows the element and attribute names of the answers listed in README.md
 * ("guess" rows): our names are guesses and the real service's will differ. To prove that the
 * node gives one item per record whatever the names are, the emulator can serve every guessed
 * answer transformed by one generic transformation:
 *
 * XML (`toSecondVocabularyXml`):
 * - every element and attribute name is renamed by SECOND_VOCABULARY (a name missing from the
 *   table is an error: the table must cover every guessed document);
 * - the root keeps its attributes as attributes (renamed) and its children as elements (the
 *   records);
 * - below the root, in each element, every attribute becomes a text child element (an empty value
 *   an empty element, `<x/>` and `<x></x>` in turn for each name) and every text-only child element (`<x/>`,
 *   `<x></x>` included) becomes an attribute;
 * - a wrapper (marked in the table: an element holding repeated children) always stays an element,
 *   also when empty in this record, in the empty form it had (`<x/>` or `<x></x>`); its children are
 *   records again (they stay elements);
 * - values (texts, numbers, dates, booleans) are never changed; record order is kept.
 * `toSecondVocabularyRecords` applies the same to record elements inside a recorded document (the
 * `<link>` elements of the statistics document's recorded `<links>`).
 *
 * JSON (`toSecondVocabularyJson`): every key renamed by the same table; a top-level array is
 * wrapped in an object beside a counter: `[{...}]` → `{"total": 2, "<renamed root>": [{...}]}`.
 */
import type { Answer } from './routes';
import { elementChildren, isTextOnly, ownText, parseXml, writeXml, XML_DECLARATION } from './xml';
import type { XmlElement, XmlNode } from './xml';

export type Vocabulary = 'guessed' | 'second';

export interface SecondName {
	/** The name in the second vocabulary. */
	to: string;
	/** An element that holds repeated child elements: always stays an element. */
	wrapper?: true;
}

/** The JSON key beside the wrapped array of a top-level JSON array. */
const SECOND_VOCABULARY_COUNTER = 'total';

/**
 * Every name used in a guessed answer, and its name in the second vocabulary. The new names share
 * nothing with the originals, and no wrapper's name shares anything with its children's.
 */
export const SECOND_VOCABULARY: Readonly<Record<string, SecondName>> = {
	// paged statistics lists: sent.xml, read.xml, clicked_thru.xml, unopened.xml, opt_out.xml,
	// bounced.xml, forwarded.xml, abused.xml
	recipients: { to: 'catalog', wrapper: true },
	recipient: { to: 'entry' },
	page: { to: 'folio' },
	per_page: { to: 'batch' },
	email: { to: 'inbox' },
	first_name: { to: 'given' },
	last_name: { to: 'family' },
	created_at: { to: 'stamp' },
	// links: clicked.xml, and the <link> elements inside a statistics document's <links>
	links: { to: 'trail', wrapper: true },
	link: { to: 'anchor' },
	id: { to: 'serial' },
	url: { to: 'href' },
	clicks: { to: 'hits' },
	unique_clicks: { to: 'visitors' },
	// promotion attempts
	promotion_attempts: { to: 'history', wrapper: true },
	promotion_attempt: { to: 'touch' },
	promotion_id: { to: 'origin' },
	mailing_id: { to: 'dispatch' },
	promotion_name: { to: 'title' },
	sent_at: { to: 'posted' },
	viewed: { to: 'opened' },
	clicked: { to: 'followed' },
	bounced: { to: 'returned' },
	unsubscribed: { to: 'quit' },
	forwarded: { to: 'shared' },
	abused: { to: 'flagged' },
	// addons (available.xml and addons.xml)
	addons: { to: 'toolkit', wrapper: true },
	addon: { to: 'module' },
	key: { to: 'code' },
	name: { to: 'label' },
	paid: { to: 'premium' },
	status: { to: 'phase' },
	description: { to: 'blurb' },
	// analytics domains
	google_analytics: { to: 'tracking', wrapper: true },
	domain: { to: 'site' },
	// social links (XML and JSON)
	social_links: { to: 'networks', wrapper: true },
	social_link: { to: 'presence' },
	formatting: { to: 'mask' },
	// child accounts
	participants: { to: 'roster', wrapper: true },
	participant: { to: 'tenant' },
	organization_name: { to: 'company' },
	// drip campaigns
	drip_campaigns: { to: 'journeys', wrapper: true },
	drip_campaign: { to: 'flow' },
	drips: { to: 'sequence', wrapper: true },
	drip: { to: 'step' },
	delay_days: { to: 'pause' },
	// the JSON promotions (GET /promotions with Accept: application/json)
	promotions: { to: 'broadcasts', wrapper: true },
	mimio: { to: 'token' },
	updated_at: { to: 'modified' },
	hidden: { to: 'concealed' },
	thumbnail: { to: 'snapshot' },
	mailings: { to: 'deliveries', wrapper: true },
	subject: { to: 'headline' },
	count: { to: 'reach' },
	started_send: { to: 'began' },
	finished_send: { to: 'ended' },
};

/** The second-vocabulary name of `name`; throws when the table lacks it. */
export function secondName(name: string): string {
	const entry = Object.prototype.hasOwnProperty.call(SECOND_VOCABULARY, name)
		? SECOND_VOCABULARY[name]
		: undefined;
	if (!entry)
		throw new Error(`The second vocabulary has no name for "${name}": add it to SECOND_VOCABULARY`);
	return entry.to;
}

function isWrapper(name: string): boolean {
	secondName(name); // throws for a name missing from the table
	return SECOND_VOCABULARY[name].wrapper === true;
}

/**
 * Counts, per name, the empty elements made from empty attributes in one answer, so that each
 * name appears as `<x/>` and as `<x></x>` in turn.
 */
type Turn = Map<string, number>;

function leaf(name: string, value: string, turn: Turn): XmlElement {
	if (value !== '') return { name, attrs: [], children: [value], selfClosing: false };
	const n = turn.get(name) ?? 0;
	turn.set(name, n + 1);
	return { name, attrs: [], children: [], selfClosing: n % 2 === 0 };
}

function refuseMixed(el: XmlElement): void {
	if (elementChildren(el).length > 0 && ownText(el).trim() !== '') {
		throw new Error(`Second vocabulary: <${el.name}> has mixed content`);
	}
}

/** A wrapper: renamed, kept an element in its empty form; its children are records. */
function wrapper(el: XmlElement, turn: Turn): XmlElement {
	refuseMixed(el);
	if (ownText(el).trim() !== '')
		throw new Error(`Second vocabulary: wrapper <${el.name}> holds text`);
	const children: XmlNode[] = el.attrs.map(([n, v]) => leaf(secondName(n), v, turn));
	for (const child of elementChildren(el)) children.push(swap(child, turn));
	return {
		name: secondName(el.name),
		attrs: [],
		children,
		selfClosing: children.length === 0 && el.selfClosing,
	};
}

/** An element below the root: attributes become text children, text-only children attributes. */
function swap(el: XmlElement, turn: Turn): XmlElement {
	refuseMixed(el);
	const kids = elementChildren(el);
	const text = ownText(el);
	if (kids.length === 0 && el.attrs.length > 0 && text !== '') {
		throw new Error(`Second vocabulary: <${el.name}> has both attributes and text`);
	}
	const attrs: [string, string][] = [];
	const children: XmlNode[] = el.attrs.map(([n, v]) => leaf(secondName(n), v, turn));
	for (const kid of kids) {
		if (isWrapper(kid.name)) children.push(wrapper(kid, turn));
		else if (isTextOnly(kid)) attrs.push([secondName(kid.name), ownText(kid)]);
		else children.push(swap(kid, turn));
	}
	// a text-only record (e.g. <domain>example.com</domain>) keeps its text
	if (kids.length === 0 && el.attrs.length === 0 && text !== '') children.push(text);
	const empty = children.length === 0;
	return {
		name: secondName(el.name),
		attrs,
		children,
		selfClosing: empty && (kids.length > 0 || el.attrs.length > 0 ? true : el.selfClosing),
	};
}

/** A whole guessed XML document in the second vocabulary (declaration kept). */
export function toSecondVocabularyXml(document: string): string {
	const declaration = document.startsWith('<?xml') ? XML_DECLARATION : '';
	const root = parseXml(document);
	refuseMixed(root);
	if (elementChildren(root).length === 0 && ownText(root).trim() !== '') {
		throw new Error(`Second vocabulary: root <${root.name}> holds text`);
	}
	const turn: Turn = new Map();
	const out: XmlElement = {
		name: secondName(root.name),
		attrs: root.attrs.map(([n, v]) => [secondName(n), v]),
		children: elementChildren(root).map((record) => swap(record, turn)),
		selfClosing: root.selfClosing,
	};
	return declaration + writeXml(out);
}

/**
 * Record elements (each a one-element XML text) in the second vocabulary, written for the given
 * indentation of their first line.
 */
export function toSecondVocabularyRecords(records: string[], indent: string): string[] {
	const turn: Turn = new Map();
	return records.map((record) => writeXml(swap(parseXml(record), turn), indent));
}

function renameKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(renameKeys);
	if (value !== null && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const [k, v] of Object.entries(value as Record<string, unknown>))
			out[secondName(k)] = renameKeys(v);
		return out;
	}
	return value;
}

/**
 * A guessed JSON answer in the second vocabulary. `root` names the top-level array (the name of
 * the matching XML root, e.g. `social_links`): it becomes `{"total": n, "<second name>": [...]}`.
 */
export function toSecondVocabularyJson(value: unknown, root: string): unknown {
	const renamed = renameKeys(value);
	if (!Array.isArray(value)) return renamed;
	return { [SECOND_VOCABULARY_COUNTER]: value.length, [secondName(root)]: renamed };
}

/** A guessed answer in the second vocabulary (a recorded one unchanged). */
export function inSecondVocabulary(answer: Answer): Answer {
	const mark = answer.guessed;
	if (mark === undefined) return answer;
	if (mark.kind === 'json')
		return { ...answer, body: JSON.stringify(toSecondVocabularyJson(mark.value, mark.root)) };
	return { ...answer, body: toSecondVocabularyXml(answer.body.toString()) };
}
