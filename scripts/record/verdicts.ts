import { GUESSES } from '../../emulator/guesses';
import type { Guess } from '../../emulator/guesses';
import { answerDifference } from './compare';
import type { Exchange } from './types';

/*
 * Each row of the emulator's guess table (emulator/guesses.ts), answered from a session's
 * exchanges. The emulator answers every guess itself, so a guess is confirmed when the service
 * answers its probes as the emulator does, at the row's level of detail; the two rows a promise
 * rests on are judged from the one email's evidence: when it showed.
 */

type Verdict = 'confirmed' | 'refuted' | 'not checked';

export interface GuessVerdict {
	guess: Guess;
	verdict: Verdict;
	detail: string;
}

type Answers = Map<string, Exchange>;

/** Addresses, numbers and the run's own names left out: what an error text says, not whom about. */
function normalized(text: string): string {
	return text
		.trim()
		.replace(/[^\s<>"]+@[^\s<>"]+/g, '<email>')
		.replace(/\d+/g, '<n>');
}

function differs(mode: Guess['compare'], s: Exchange, e: Exchange): string | undefined {
	if (mode === 'status')
		return s.status === e.status
			? undefined
			: `the service answered ${s.status}, the emulator ${e.status}`;
	if (mode === 'bytes')
		return s.status === e.status && s.body === e.body
			? undefined
			: `the service answered ${s.status} ${JSON.stringify(s.body.slice(0, 60))}, the emulator ${e.status} ${JSON.stringify(e.body.slice(0, 60))}`;
	if (mode === 'text')
		return s.status === e.status && normalized(s.body) === normalized(e.body)
			? undefined
			: `the service answered ${s.status} "${s.body.trim().slice(0, 80)}", the emulator ${e.status} "${e.body.trim().slice(0, 80)}"`;
	return answerDifference(s, e);
}

function compared(
	guess: Guess,
	service: Answers,
	emulator: Answers,
	probes = guess.probes,
): GuessVerdict {
	const both = probes.filter((p) => service.has(p) && emulator.has(p));
	if (both.length === 0)
		return {
			guess,
			verdict: 'not checked',
			detail: `needs ${guess.needs ?? 'its probes'} (${probes.join(', ')})`,
		};
	const found = both
		.map((p) => [p, differs(guess.compare, service.get(p)!, emulator.get(p)!)] as const)
		.filter(([, d]) => d !== undefined)
		.map(([p, d]) => `${p}: ${d}`);
	return found.length
		? { guess, verdict: 'refuted', detail: found.join('; ') }
		: { guess, verdict: 'confirmed', detail: `as guessed (${both.join(', ')})` };
}

/** The waits at which the email's evidence was read: `0s`, `60s`, `300s`. */
function evidenceWaits(service: Answers, kind: string): string[] {
	return [...service.keys()]
		.map((k) => new RegExp(`^send-${kind}-(\\d+s)$`).exec(k)?.[1])
		.filter((w): w is string => !!w);
}

function whenShown(waits: string[], shows: (wait: string) => boolean): string | undefined {
	return waits.find(shows);
}

function sendName(service: Answers): string | undefined {
	return service.get('send-mailer')?.request.params?.promotion_name;
}

/** The verdict of a row whose evidence is the --send-to email, when no email was confirmed sent. */
function notSent(g: Guess, service: Answers): GuessVerdict | undefined {
	const mailer = service.get('send-mailer');
	if (!sendName(service) || !mailer)
		return { guess: g, verdict: 'not checked', detail: 'needs --send-to <your own address>' };
	if (mailer.status !== 200)
		return {
			guess: g,
			verdict: 'not checked',
			detail: `the email was not confirmed sent (${mailer.status})`,
		};
	return undefined;
}

const CUSTOM: Record<string, (g: Guess, s: Answers, e: Answers) => GuessVerdict> = {
	'create-list': (g, s, e) => {
		const base = compared({ ...g, compare: 'bytes' }, s, e, ['list-create', 'list-create-again']);
		const after = s.get('lists-after-create');
		const name = s.get('list-create')?.request.params?.name;
		if (base.verdict !== 'confirmed' || !after || !name) return base;
		const count = after.body.split(`name="${name}"`).length - 1;
		return count === 1
			? base
			: {
					guess: g,
					verdict: 'refuted',
					detail: `the list's name is ${count} times in lists.xml after creating it twice`,
				};
	},
	'members-raw': (g, s, e) => {
		const base = compared({ ...g, compare: 'shape' }, s, e);
		const only = s.get('members-suppressed-only');
		if (base.verdict === 'confirmed' && only && /suppressed="false"/.test(only.body))
			return {
				guess: g,
				verdict: 'refuted',
				detail: 'suppressed_only=on answered a member who did not opt out',
			};
		return base;
	},
	'attempts-transactional': (g, s) => {
		const name = sendName(s);
		const unsent = notSent(g, s);
		if (unsent || !name) return unsent!;
		const waits = evidenceWaits(s, 'attempts');
		const at = whenShown(waits, (w) => s.get(`send-attempts-${w}`)!.body.includes(name));
		if (at === waits[0])
			return { guess: g, verdict: 'confirmed', detail: `listed at once (${at})` };
		return {
			guess: g,
			verdict: 'refuted',
			detail: at
				? `listed only after ${at}, not at once`
				: `not listed within ${waits[waits.length - 1]}`,
		};
	},
	'transactional-count-utc-day': (g, s) => {
		const name = sendName(s);
		const unsent = notSent(g, s);
		if (unsent || !name) return unsent!;
		const waits = evidenceWaits(s, 'count-today');
		const count = (kind: string, w: string) =>
			Number(s.get(`send-count-${kind}-${w}`)?.body.trim() ?? 0);
		const earlier = whenShown(waits, (w) => count('yesterday', w) > 0);
		if (earlier)
			return {
				guess: g,
				verdict: 'refuted',
				detail: `counted on the day before the send's UTC day (from ${earlier})`,
			};
		const at = whenShown(waits, (w) => count('today', w) > 0);
		if (!at)
			return {
				guess: g,
				verdict: 'refuted',
				detail: `not counted on the UTC day within ${waits[waits.length - 1]}`,
			};
		const hour = new Date(s.get('send-mailer')!.at).getUTCHours();
		if (hour >= 5)
			return {
				guess: g,
				verdict: 'not checked',
				detail: `counted ${at === waits[0] ? 'at once' : `after ${at}`}, but sent at ${hour}:xx UTC, when the UTC day and a US day are the same: send between 00:00 and 04:00 UTC to decide the day`,
			};
		return at === waits[0]
			? {
					guess: g,
					verdict: 'confirmed',
					detail: `counted at once on the UTC day (sent at ${hour}:xx UTC)`,
				}
			: { guess: g, verdict: 'refuted', detail: `counted on the UTC day only after ${at}` };
	},
};

/** Every guess row with its verdict. */
export function judgeGuesses(
	service: Answers,
	emulator: Answers,
	guesses: readonly Guess[] = GUESSES,
): GuessVerdict[] {
	return guesses.map((g) => {
		if (g.probes.length === 0) return { guess: g, verdict: 'not checked', detail: g.needs ?? '' };
		const custom = CUSTOM[g.id];
		if (g.compare === 'custom') {
			if (!custom) throw new Error(`no judge for the guess ${g.id}`);
			return custom(g, service, emulator);
		}
		return compared(g, service, emulator);
	});
}

/** The ids of the rows judged by a function of their own (a test checks each is a row). */
export const CUSTOM_JUDGED = Object.keys(CUSTOM);
