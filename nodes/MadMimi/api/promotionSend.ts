import type { IDataObject } from 'n8n-workflow';

import { answerMatching } from '../parsing';
import type { MadMimiClient, WriteOnceOutcome } from './client';
import { listNamesCsv, listRefusal } from './audienceList';
import { flag, promotionMissing } from './promotion';

/*
 * Promotion → Send: a promotion sent as a new mailing to lists or to the whole audience, through
 * the service's sending interface (the Mailer, `POST /mailer/to_list` and `/mailer/to_all`).
 */

/** A mailing of a promotion, as the Mailer takes it. */
export interface PromotionMailing {
	promotionName: string;
	/** The names of the lists to send to; none: the whole audience. */
	lists?: string[];
	subject?: string;
	/** The sender: an address, optionally with a name (helpers/address.ts's `optionalAddress`). */
	from?: string;
	/** The raw content fields (helpers/emailContent.ts's `contentFields`); none: the promotion's own content. */
	content: Record<string, string>;
	/** The placeholders' values, as YAML (helpers/emailContent.ts's `placeholdersYaml`). */
	placeholders?: string;
	trackLinks?: boolean;
	trackViews?: boolean;
	/** Leave out the members who already received the promotion (`prevent_resend`). */
	skipEarlierRecipients?: boolean;
	hidden?: boolean;
}

/**
 * Sends a promotion as a new mailing (POST /mailer/to_list, or /mailer/to_all for the whole
 * audience), at most once: a second request is a second mailing to everyone. `askFirst` looks for
 * the mailing before the request is sent (transport's `OnceOnly`). Sent, the outcome is the new
 * mailing's ID, the Mailer's only answer.
 */
export async function sendPromotion(
	api: MadMimiClient,
	mailing: PromotionMailing,
	askFirst?: () => Promise<IDataObject | undefined>,
): Promise<WriteOnceOutcome<number>> {
	const { promotionName, lists, subject } = mailing;
	const form: Record<string, string | undefined> = {
		promotion_name: promotionName,
		// one CSV row, so that a list name holding a comma stays one name
		list_name: lists ? listNamesCsv(lists) : undefined,
		subject: subject === '' ? undefined : subject,
		from: mailing.from,
		...mailing.content,
		body: mailing.placeholders,
		track_links: flag(mailing.trackLinks),
		track_views: flag(mailing.trackViews),
		prevent_resend: flag(mailing.skipEarlierRecipients),
		hidden: flag(mailing.hidden),
	};
	const repeat = {
		mayHave: `A mailing of "${promotionName}" to ${lists ? `the list${lists.length > 1 ? 's' : ''} ${lists.map((l) => `"${l}"`).join(', ')}` : 'the whole audience'} may have started`,
		check: `Mailing → Get Many with the promotion "${promotionName}" as filter shows its mailings; send it again only if this one is not there.`,
		askFirst,
	};
	const noSuchPromotion = promotionMissing(promotionName, Object.keys(mailing.content).length > 0);
	const outcome = await api.writeOnce(
		repeat,
		async () =>
			await api.read(
				{
					method: 'POST',
					path: ['mailer', lists ? 'to_list' : 'to_all'],
					form,
					refusal: (refused) =>
						noSuchPromotion(refused) ?? (lists ? listRefusal(lists)(refused) : undefined),
					repeat,
				},
				answerMatching(/^\d{1,15}$/, 'The response is not the ID of a mailing'),
			),
	);
	return 'foundDone' in outcome ? outcome : { sent: Number(outcome.sent) };
}
