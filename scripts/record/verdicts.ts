import { GUESSES } from '../../emulator/guesses';
import type { Guess } from '../../emulator/guesses';
import { answerDifference } from './checker';
import type { Exchange } from './types';

/*
 * Each row of the emulator's guess table (emulator/guessRows.json), answered from a session's
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

const judged = (guess: Guess, verdict: Verdict, detail: string) => ({ guess, verdict, detail });

/** Addresses, numbers and the run's own names left out: what an error text says, not whom about. */
function normalized(text: string): string {
	return text
		.trim()
		.replace(/[^\s<>"]+@[^\s<>"]+/g, '<email>')
		.replace(/\d+/g, '<n>');
}

/** What the modes other than `shape` compare of an answer. */
const COMPARED = {
	status: (x: Exchange) => `${x.status}`,
	bytes: (x: Exchange) => `${x.status} ${JSON.stringify(x.body)}`,
	text: (x: Exchange) => `${x.status} "${normalized(x.body)}"`,
};

function differs(mode: Guess['compare'], s: Exchange, e: Exchange): string | undefined {
	if (mode === 'shape' || mode === 'custom' || mode === undefined) return answerDifference(s, e);
	const [service, emulator] = [s, e].map((x) => COMPARED[mode](x));
	return service === emulator
		? undefined
		: `the service answered ${service.slice(0, 80)}, the emulator ${emulator.slice(0, 80)}`;
}

function compared(g: Guess, service: Answers, emulator: Answers, probes = g.probes): GuessVerdict {
	const both = probes.filter((p) => service.has(p) && emulator.has(p));
	if (both.length === 0)
		return judged(g, 'not checked', `needs ${g.needs ?? 'its probes'} (${probes.join(', ')})`);
	const found = both
		.map((p) => [p, differs(g.compare, service.get(p)!, emulator.get(p)!)] as const)
		.filter(([, d]) => d !== undefined)
		.map(([p, d]) => `${p}: ${d}`);
	return found.length
		? judged(g, 'refuted', found.join('; '))
		: judged(g, 'confirmed', `as guessed (${both.join(', ')})`);
}

/**
 * The email's evidence (`--send-to`): the promotion's name and the waits it was read at (`0s`,
 * `60s`, `300s`), or the verdict of a row that rests on it when no email was confirmed sent.
 */
function evidence(g: Guess, s: Answers, kind: string): GuessVerdict | [string, string[]] {
	const mailer = s.get('send-mailer');
	const name = mailer?.request.params?.promotion_name;
	if (!mailer || !name) return judged(g, 'not checked', 'needs --send-to <your own address>');
	if (mailer.status !== 200)
		return judged(g, 'not checked', `the email was not confirmed sent (${mailer.status})`);
	const waits = [...s.keys()].map((k) => new RegExp(`^send-${kind}-(\\d+s)$`).exec(k)?.[1]);
	return [name, waits.filter((w): w is string => !!w)];
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
			: judged(
					g,
					'refuted',
					`the list's name is ${count} times in lists.xml after creating it twice`,
				);
	},
	'members-raw': (g, s, e) => {
		const base = compared({ ...g, compare: 'shape' }, s, e);
		const only = s.get('members-suppressed-only');
		if (base.verdict === 'confirmed' && only && /suppressed="false"/.test(only.body))
			return judged(g, 'refuted', 'suppressed_only=on answered a member who did not opt out');
		return base;
	},
	'attempts-transactional': (g, s) => {
		const found = evidence(g, s, 'attempts');
		if (!Array.isArray(found)) return found;
		const [name, waits] = found;
		const at = waits.find((w) => s.get(`send-attempts-${w}`)!.body.includes(name));
		if (at === waits[0]) return judged(g, 'confirmed', `listed at once (${at})`);
		const late = at ? `listed only after ${at}, not at once` : undefined;
		return judged(g, 'refuted', late ?? `not listed within ${waits[waits.length - 1]}`);
	},
	'transactional-count-utc-day': (g, s) => {
		const found = evidence(g, s, 'count-today');
		if (!Array.isArray(found)) return found;
		const waits = found[1];
		const count = (kind: string, w: string) =>
			Number(s.get(`send-count-${kind}-${w}`)?.body.trim() ?? 0);
		const earlier = waits.find((w) => count('yesterday', w) > 0);
		if (earlier)
			return judged(g, 'refuted', `counted on the day before the send's UTC day (from ${earlier})`);
		const at = waits.find((w) => count('today', w) > 0);
		if (!at)
			return judged(g, 'refuted', `not counted on the UTC day within ${waits[waits.length - 1]}`);
		const hour = new Date(s.get('send-mailer')!.at).getUTCHours();
		if (hour >= 5)
			return judged(
				g,
				'not checked',
				`counted ${at === waits[0] ? 'at once' : `after ${at}`}, but sent at ${hour}:xx UTC, when the UTC day and a US day are the same: send between 00:00 and 04:00 UTC to decide the day`,
			);
		return at === waits[0]
			? judged(g, 'confirmed', `counted at once on the UTC day (sent at ${hour}:xx UTC)`)
			: judged(g, 'refuted', `counted on the UTC day only after ${at}`);
	},
};

/** Every guess row with its verdict. */
export function judgeGuesses(
	service: Answers,
	emulator: Answers,
	guesses: readonly Guess[] = GUESSES,
): GuessVerdict[] {
	return guesses.map((g) => {
		if (g.probes.length === 0) return judged(g, 'not checked', g.needs ?? '');
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
