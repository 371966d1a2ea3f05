/**
 * A mailing's recipients: a list per outcome, empty at first, or filled with generated people
 * (Store.seedRecipients: tens of thousands of them for the benchmarks).
 */
import { OUTCOME_COUNTER, OUTCOMES } from './model';
import type { Mailing, Outcome, Recipient } from './model';
import seedData from './seedData.json';

/** The names generated recipients take in turn (a last name '' is none). */
const { first: FIRST_NAMES, last: LAST_NAMES } = seedData.generatedNames;

/** A new mailing's recipients: none, whatever the outcome. */
export function emptyRecipients(): Record<Outcome, Recipient[]> {
	const lists = OUTCOMES.map((o): [Outcome, Recipient[]] => [o, []]);
	return Object.fromEntries(lists) as Record<Outcome, Recipient[]>;
}

/**
 * Adds `count` generated recipients to an outcome list and raises the matching counter by
 * `count`. For outcomes other than `sent`, recipients are taken from the `sent` list in order
 * (continuing after the ones already in that outcome) while there are any; beyond that they are
 * generated as `recipient<N>.m<mailing>@example.com`, sent from the mailing's start (`now` for a
 * mailing never sent). Linear in `count`.
 */
export function addGeneratedRecipients(
	mailing: Mailing,
	outcome: Outcome,
	count: number,
	now: number,
): void {
	const target = mailing.recipients[outcome];
	const sent = mailing.recipients.sent;
	const base = mailing.startedSend ?? now;
	const start = target.length;
	for (let i = 0; i < count; i++) {
		const n = start + i;
		const at = outcome === 'sent' ? base + n * 50 : base + 60_000 + n * 1000;
		if (outcome !== 'sent' && n < sent.length) {
			const s = sent[n];
			target.push({ email: s.email, firstName: s.firstName, lastName: s.lastName, at });
			continue;
		}
		const lastName = LAST_NAMES[n % LAST_NAMES.length];
		target.push({
			email: `recipient${n + 1}.m${mailing.id}@example.com`,
			firstName: FIRST_NAMES[n % FIRST_NAMES.length],
			lastName: lastName === '' ? undefined : lastName,
			at,
		});
	}
	mailing.stats[OUTCOME_COUNTER[outcome]] += count;
}
