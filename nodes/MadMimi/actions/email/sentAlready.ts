import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { MadMimiClient } from '../../api/client';
import { attemptsOfPromotion, promotionAttemptsOf } from '../../api/audienceMemberAttempts';
import { promotionIdByName, transactionalCount } from '../../api/promotion';
import { printable } from '../../helpers/validation';
import { DAY_MS, HOUR_MS } from '../../settings';
import { occurrenceOf, oncePerRun, retriedRunStart } from '../executionRetry';
import type { SkipPeriod } from './sendFields';
import { itemError } from '../itemLoop';

/*
 * Whether an email was sent already, asked of Mad Mimi before it goes out: with Skip If Already
 * Sent (did the person get this promotion in the period?) and in a retried execution (did the run
 * being retried send it?).
 */

const SKIP_PERIOD_MS: Record<Exclude<SkipPeriod, 'ever'>, number> = {
	hour: HOUR_MS,
	day: DAY_MS,
	week: 7 * DAY_MS,
	month: 30 * DAY_MS,
	year: 365 * DAY_MS,
};

/** The start of Skip If Already Sent's period (epoch ms; 0 for "ever"), or undefined when the option is off. */
export function skipPeriodStart(period: SkipPeriod | undefined): number | undefined {
	if (period === undefined) return undefined;
	return period === 'ever' ? 0 : Date.now() - (SKIP_PERIOD_MS[period] ?? 0);
}

/**
 * Which send of this promotion to this address each item is (address and promotion, by item),
 * filled in by `prepare` before any item is sent: actions/executionRetry.ts's occurrences count them.
 */
export function emailKeys(ctx: IExecuteFunctions): Array<string | undefined> {
	return oncePerRun(ctx, 'emailKeys', () => [] as Array<string | undefined>);
}

/**
 * What is asked before the email goes out, if anything: the recipient's promotion attempts, read
 * once, in a retried execution (is this item's email among those sent since the run being retried
 * began?) and with Skip If Already Sent (did they get this promotion in the period?). Undefined in
 * a fresh run without the option: nothing is asked, nothing costs more.
 */
export function sentAlreadyCheck(
	ctx: IExecuteFunctions,
	itemIndex: number,
	api: MadMimiClient,
	address: string,
	promotionName: string,
	periodStart: number | undefined,
): (() => Promise<IDataObject | undefined>) | undefined {
	// no time for the run being retried (n8n 1.x): only Skip If Already Sent decides (prepare)
	const retrySince = retriedRunStart(ctx) ?? undefined;
	if (retrySince === undefined && periodStart === undefined) return undefined;
	return async () => {
		// read afresh for each item: an earlier item of this run may have emailed the same person
		const records = await promotionAttemptsOf(api, address);
		const promotion = {
			name: promotionName,
			id: await oncePerRun(
				ctx,
				`promotionId:${promotionName}`,
				async () => await promotionIdByName(api, promotionName),
			),
		};
		if (periodStart !== undefined) {
			const earlier = attemptsOfPromotion(records, promotion, periodStart).pop();
			if (earlier) {
				return {
					skipped: true,
					reason: `${address} already got "${promotionName}"${earlier.sentAt ? ` (sent ${earlier.sentAt})` : ''}: not sent again (Skip If Already Sent)`,
					promotionAttempt: earlier.record,
				};
			}
		}
		if (retrySince === undefined) return undefined;
		const sinceRetried = attemptsOfPromotion(records, promotion, retrySince);
		const occurrence = occurrenceOf(ctx, itemIndex, 'email', (index) => emailKeys(ctx)[index]);
		const done = sinceRetried[occurrence - 1];
		if (!done) {
			await secondWitness(ctx, itemIndex, api, promotion, retrySince, address);
			return undefined;
		}
		return {
			skipped: true,
			reason: `The execution being retried already sent "${promotionName}" to ${address}${done.sentAt ? ` (Mad Mimi shows it sent ${done.sentAt})` : ''}: not sent again`,
			promotionAttempt: done.record,
		};
	};
}

/**
 * In a retried execution, before an email the attempts do not show as sent goes out: a second
 * witness, Mad Mimi's count of the promotion's transactional emails over the days since the run
 * being retried began. The attempts document was never recorded, nor whether it lists
 * transactional emails at once: where the count shows more sends than the attempts of every
 * recipient of this node's items do, the node cannot tell who got the email, and sends nothing
 * more. Read once per node run and promotion; the count covers whole days, so sends earlier on
 * the first day count too (a disagreement then fails safe).
 */
async function secondWitness(
	ctx: IExecuteFunctions,
	itemIndex: number,
	api: MadMimiClient,
	promotion: { name: string; id?: number },
	since: number,
	address: string,
): Promise<void> {
	const { counted, shown } = await oncePerRun(ctx, `witness:${promotion.name}`, async () => {
		let total = 0;
		for (const day of utcDaysSince(since))
			total += await transactionalCount(api, promotion.name, day);
		const addresses = new Set(
			emailKeys(ctx)
				.filter((key): key is string => key?.endsWith(`\u0000${promotion.name}`) === true)
				.map((key) => key.slice(0, key.indexOf('\u0000'))),
		);
		let attempts = 0;
		for (const recipient of addresses)
			attempts += attemptsOfPromotion(
				await promotionAttemptsOf(api, recipient),
				promotion,
				since,
			).length;
		return { counted: total, shown: attempts };
	});
	if (counted <= shown) return;
	throw itemError(
		ctx,
		itemIndex,
		`The email to ${address} may have gone out: Mad Mimi's two records of "${printable(promotion.name)}" disagree`,
		`Mad Mimi counts ${counted} transactional email${counted === 1 ? '' : 's'} of "${printable(promotion.name)}" on the days since the run being retried began (Promotion → Get Transactional Count), but its recipients' promotion attempts show ${shown}. The node cannot tell who got it, so it sent nothing more. Check Audience Member → Get Promotion Attempts for ${address} and send by hand to whoever did not get it, or turn on Skip If Already Sent.`,
	);
}

/** The UTC days (`YYYY-MM-DD`) from the one holding `since` to today, oldest first. */
function utcDaysSince(since: number): string[] {
	const days: string[] = [];
	const today = new Date().toISOString().slice(0, 10);
	for (let at = since; ; at += DAY_MS) {
		const day = new Date(at).toISOString().slice(0, 10);
		days.push(day);
		if (day >= today) return days;
	}
}
