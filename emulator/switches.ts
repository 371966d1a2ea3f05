/**
 * The switches that vary the emulator's answers, as callers give them (`startEmulator` options,
 * `emu.vocabulary` / `emu.dateStyle`, the control endpoints): the vocabulary of guessed answers and
 * the fixed date style, checked; and a guessed answer turned into the second vocabulary.
 */
import { ALL_DATE_STYLES } from './dates';
import type { DateStyle } from './dates';
import type { Answer } from './routes';
import { isVocabulary, toSecondVocabularyJson, toSecondVocabularyXml } from './vocabulary';
import type { Vocabulary } from './vocabulary';

/** A vocabulary given by a caller (options, setter, control endpoint), or an Error saying which there are. */
export function checkVocabulary(value: unknown): Vocabulary {
	if (!isVocabulary(value)) throw new Error('vocabulary must be "guessed" or "second"');
	return value;
}

/** A fixed date style given by a caller, undefined (or null) for the rotation, or an Error saying which there are. */
export function checkDateStyle(value: unknown): DateStyle | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string' || !(ALL_DATE_STYLES as readonly string[]).includes(value)) {
		throw new Error(
			`dateStyle must be one of ${ALL_DATE_STYLES.join(', ')} (or null for the rotation)`,
		);
	}
	return value as DateStyle;
}

/** A guessed answer in the second vocabulary (a recorded one unchanged). */
export function inSecondVocabulary(answer: Answer): Answer {
	const mark = answer.guessed;
	if (mark === undefined) return answer;
	if (mark.kind === 'json') {
		return { ...answer, body: JSON.stringify(toSecondVocabularyJson(mark.value, mark.root)) };
	}
	const body = typeof answer.body === 'string' ? answer.body : answer.body.toString('utf8');
	return { ...answer, body: toSecondVocabularyXml(body) };
}
