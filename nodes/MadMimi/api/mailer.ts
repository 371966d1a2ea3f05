import type { IDataObject } from 'n8n-workflow';

import { parseAddress } from '../helpers/mailer';
import { printable } from '../helpers/validation';
import { answerMatching } from '../parsing';
import type { WriteOnceOutcome } from '../transport';
import type { Refusal } from '../transport/errors';
import type { MadMimiClient } from './client';
import { listNamesCsv, listRefusal } from './lists';

/*
 * The service's sending interface (the Mailer): a promotion sent as a mailing to lists or to the
 * whole audience, or as one transactional email.
 */

/** A yes/no flag of the Mailer, sent only when the user set it. */
function flag(value: unknown): 'yes' | 'no' | undefined {
	if (value === undefined || value === null) return undefined;
	return value === true ? 'yes' : 'no';
}

/**
 * The Mailer's 409: the promotion named does not exist. A send that brought content of its own
 * (`withContent`) would have created it, so only the name is to check.
 */
function promotionMissing(promotionName: string, withContent: boolean): Refusal {
	return ({ status, text }) => {
		if (status !== 409 && !/do not have a promotion/i.test(text)) return undefined;
		return {
			message: `Mad Mimi has no promotion named "${printable(promotionName)}"`,
			description: withContent
				? 'Check the name (upper and lower case count) against Promotion → Get Many.'
				: 'Check the name (upper and lower case count) against Promotion → Get Many, or set "Content Source" to HTML or Plain Text: with content of its own, the send creates the promotion.',
		};
	};
}

/** A mailing of a promotion, as the Mailer takes it. */
export interface PromotionMailing {
	promotionName: string;
	/** The names of the lists to send to; none: the whole audience. */
	lists?: string[];
	subject?: string;
	/** The sender: an address, optionally with a name (helpers/mailer's `optionalAddress`). */
	from?: string;
	/** The raw content fields (helpers/mailer's `contentFields`); none: the promotion's own content. */
	content: Record<string, string>;
	/** The placeholders' values, as YAML (helpers/mailer's `placeholdersYaml`). */
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

/** One transactional email, as the Mailer takes it. */
export interface TransactionalEmail {
	promotionName: string;
	/** The one recipient: an address, optionally with a name (helpers/mailer's `requireAddress`). */
	recipient: string;
	subject?: string;
	from?: string;
	replyTo?: string;
	cc?: string;
	bcc?: string;
	/** The raw content fields (helpers/mailer's `contentFields`); none: the promotion's own content. */
	content: Record<string, string>;
	/** The placeholders' values, as YAML (helpers/mailer's `placeholdersYaml`). */
	placeholders?: string;
	/** The names of lists the recipient joins as the email goes out. */
	lists?: string[];
	/** Not sent to a recipient who opted out (`check_suppressed`). */
	skipOptedOut?: boolean;
	trackLinks?: boolean;
	trackViews?: boolean;
	hidden?: boolean;
	/** Leave `{placeholders}` as they are (`skip_placeholders`). */
	skipPlaceholders?: boolean;
}

/**
 * Sends one transactional email (POST /mailer), at most once: a second request is a second email.
 * `askFirst` looks for the email before the request is sent (transport's `OnceOnly`). Sent, the
 * outcome is its transaction ID: 20 digits, more than a JavaScript number holds exactly, so it
 * stays text from end to end.
 */
export async function sendEmail(
	api: MadMimiClient,
	email: TransactionalEmail,
	askFirst?: () => Promise<IDataObject | undefined>,
): Promise<WriteOnceOutcome<string>> {
	const { promotionName, recipient, lists } = email;
	const form: Record<string, string | undefined> = {
		promotion_name: promotionName,
		recipient,
		subject: email.subject === '' ? undefined : email.subject,
		from: email.from,
		reply_to: email.replyTo,
		cc: email.cc,
		bcc: email.bcc,
		...email.content,
		body: email.placeholders,
		check_suppressed: flag(email.skipOptedOut),
		track_links: flag(email.trackLinks),
		track_views: flag(email.trackViews),
		hidden: flag(email.hidden),
		skip_placeholders: flag(email.skipPlaceholders),
		list_names: lists && lists.length > 0 ? listNamesCsv(lists) : undefined,
	};
	// the address alone: n8n's error panel reads "Name <address>" as markup and drops it
	const address = parseAddress(recipient)?.email ?? recipient;
	const repeat = {
		mayHave: `The email to ${address} may have gone out`,
		check: `Audience Member → Get Promotion Attempts for the address shows whether it got "${promotionName}"; send it again only if not.`,
		askFirst,
	};
	return await api.writeOnce(
		repeat,
		async () =>
			await api.read(
				{
					method: 'POST',
					path: ['mailer'],
					form,
					refusal: (refused) =>
						promotionMissing(promotionName, Object.keys(email.content).length > 0)(refused) ??
						(lists && lists.length > 0 ? listRefusal(lists)(refused) : undefined),
					repeat,
				},
				answerMatching(/^\d+$/, 'The response is not a transaction ID'),
			),
	);
}

/** The delivery status of a transactional email, one word: sent, received, bounced… (GET /mailers/status/{id}). */
export async function emailStatus(api: MadMimiClient, transactionId: string): Promise<string> {
	return await api.read(
		{
			method: 'GET',
			path: ['mailers', 'status', transactionId],
			notFound: `Mad Mimi has no email with the transaction ID ${transactionId}`,
		},
		answerMatching(/^[a-z_]+$/, 'The response is not a delivery status'),
	);
}
