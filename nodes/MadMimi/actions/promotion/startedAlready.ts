import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { MadMimiClient } from '../../api/client';
import { mailingsStartedSince } from '../../api/mailing';
import { promotionByName } from '../../api/promotion';
import { occurrenceOf, oncePerRun, retriedSince } from '../executionRetry';

/* Whether a retried execution's mailing was started already by the run being retried. */

/** Which promotion each item sends, filled in by `prepare`: actions/executionRetry.ts's occurrences count them. */
export function mailingKeys(ctx: IExecuteFunctions): Array<string | undefined> {
	return oncePerRun(ctx, 'mailingKeys', () => [] as Array<string | undefined>);
}

/**
 * In a retried execution, what is asked before the mailing starts: the promotion's mailings
 * started since the run being retried began. The item's mailing is done already when there are
 * at least as many as the items before it that send this promotion, and it, ask for
 * (actions/executionRetry.ts). The recorded mailings say nothing of their lists, so any mailing of the
 * promotion counts. Undefined in a fresh run: nothing is asked.
 */
export function startedAlreadyCheck(
	ctx: IExecuteFunctions,
	itemIndex: number,
	api: MadMimiClient,
	promotionName: string,
): (() => Promise<IDataObject | undefined>) | undefined {
	const since = retriedSince(ctx);
	if (since === undefined) return undefined;
	return async () => {
		const promotion = await promotionByName(api, promotionName);
		if (!promotion) return undefined;
		const occurrence = occurrenceOf(ctx, itemIndex, 'mailing', (index) => mailingKeys(ctx)[index]);
		const mailing = mailingsStartedSince(promotion, since)[occurrence - 1];
		if (!mailing) return undefined;
		return {
			promotionId: promotion.id,
			skipped: true,
			reason: `The execution being retried already started this mailing of "${promotionName}" (mailing ${String(mailing.id)}${typeof mailing.startedSend === 'string' ? `, started ${mailing.startedSend}` : ', not started sending yet'}): not sent again`,
			mailing,
		};
	};
}
