import type { IDataObject } from 'n8n-workflow';

import { parseAddress } from '../helpers/address';
import { answerMatching } from '../parsing';
import type { MadMimiClient, WriteOnceOutcome } from './client';
import { listNamesCsv, listRefusal } from './audienceList';
import { flag, promotionMissing } from './promotion';

/*
 * Email: one transactional email of a promotion, sent through the service's sending interface
 * (the Mailer, `POST /mailer`), and its delivery status. A mailing to lists is in
 * promotionSend.ts.
 */

/** One transactional email, as the Mailer takes it. */
export interface TransactionalEmail {
	promotionName: string;
	/** The one recipient: an address, optionally with a name (helpers/address.ts's `requiredAddress`). */
	recipient: string;
	subject?: string;
	from?: string;
	replyTo?: string;
	cc?: string;
	bcc?: string;
	/** The raw content fields (helpers/emailContent.ts's `contentFields`); none: the promotion's own content. */
	content: Record<string, string>;
	/** The placeholders' values, as YAML (helpers/emailContent.ts's `placeholdersYaml`). */
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
