import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { itemClient } from '../../api/client';
import { listNamesOf } from '../../api/audienceList';
import { hasOptedOut } from '../../api/audienceMemberOptOut';
import type { TransactionalEmail } from '../../api/email';
import { sendEmail } from '../../api/email';
import { optionalAddress, parseAddress, requiredAddress, withName } from '../../helpers/address';
import type { MailContentSource } from '../../helpers/emailContent';
import { contentFields, placeholdersYaml } from '../../helpers/emailContent';
import { sendPromotionFrom } from '../../locators/promotion';
import { retriedRunStart } from '../executionRetry';
import { askBeforeSending } from '../sendChecks';
import type { SendOptions, SkipPeriod } from './sendFields';
import { properties } from './sendFields';
import { emailKeys, sentAlreadyCheck, skipPeriodStart } from './sentAlready';
import { optionValue } from '../../helpers/options';
import { itemError } from '../itemLoop';

export const description = updateDisplayOptions(
	{ show: { resource: ['email'], operation: ['send'] } },
	properties,
);

/** An item's parameters as the editor holds them, read once (`readParameters`), before any is checked. */
interface SendParameters {
	/** Checked first: it says which fields the item has. */
	contentSource: MailContentSource;
	/** The promotion picked (`promotionName`) or the name own content is saved as (`saveAsPromotion`). */
	promotion: { saved?: unknown; saveAs?: unknown };
	recipient: unknown;
	subject: unknown;
	from: unknown;
	rawHtml: unknown;
	rawPlainText: unknown;
	placeholders: unknown;
	options: SendOptions;
}

function readParameters(ctx: IExecuteFunctions, itemIndex: number): SendParameters {
	const read = (name: string, fallback: unknown = '') =>
		ctx.getNodeParameter(name, itemIndex, fallback) as unknown;
	const contentSource = optionValue<MailContentSource>(
		properties,
		'contentSource',
		read('contentSource', properties.find((p) => p.name === 'contentSource')?.default),
	);
	return {
		contentSource,
		promotion:
			contentSource === 'promotion'
				? { saved: ctx.getNodeParameter('promotionName', itemIndex, '', { extractValue: true }) }
				: { saveAs: read('saveAsPromotion') },
		recipient: ctx.getNodeParameter('recipient', itemIndex),
		subject: read('subject'),
		from: read('from'),
		rawHtml: read('rawHtml'),
		rawPlainText: read('rawPlainText'),
		placeholders: read('placeholders.placeholder', []),
		options: read('options', {}) as SendOptions,
	};
}

/** One item's email, read and checked before any email of the run goes out. */
interface EmailRequest {
	email: TransactionalEmail;
	/** The recipient's address alone. */
	address: string;
	/** The promotion is the send's own content, saved under its name (Save As Promotion). */
	ownContent: boolean;
	skipOptedOut: boolean;
	skipIfAlreadySent?: SkipPeriod;
	replaceExistingPromotion?: boolean;
}

/** The item's email from its parameters, every field checked: an InputError names the first wrong one. */
function emailRequestOf(parameters: SendParameters): EmailRequest {
	const { options, contentSource: source } = parameters;
	const { promotionName, ownContent } = sendPromotionFrom(source, parameters.promotion);
	const recipient = withName(
		requiredAddress(parameters.recipient, 'Recipient'),
		options.recipientName,
	);
	const content = contentFields(source, 'transactionalEmail', {
		html: parameters.rawHtml,
		plainText: parameters.rawPlainText,
	});
	const skipOptedOut = options.checkSuppressed !== false;
	const email: TransactionalEmail = {
		promotionName,
		recipient,
		subject: String(parameters.subject ?? '').trim(),
		from: optionalAddress(parameters.from, 'From'),
		replyTo: optionalAddress(options.replyTo, 'Reply To'),
		cc: optionalAddress(options.cc, 'CC'),
		bcc: optionalAddress(options.bcc, 'BCC'),
		content,
		placeholders: placeholdersYaml(parameters.placeholders),
		lists: listNamesOf(options.addToLists),
		skipOptedOut,
		trackLinks: options.trackLinks,
		trackViews: options.trackViews,
		hidden: options.hidden,
		skipPlaceholders: options.skipPlaceholders,
	};
	return {
		email,
		address: parseAddress(recipient)?.email ?? recipient,
		ownContent,
		skipOptedOut,
		skipIfAlreadySent: options.skipIfAlreadySent,
		replaceExistingPromotion: options.replaceExistingPromotion,
	};
}

/** What one item sends: for the error of a run that stops part-way (types.ts). */
export const sends = { one: 'email', many: 'emails' };

/** Reads and checks the item's email, and asks what can be known before sending (the lists, the promotion). */
export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<EmailRequest> {
	const request = emailRequestOf(readParameters(this, itemIndex));
	const { email, address } = request;
	if (retriedRunStart(this) === null && request.skipIfAlreadySent === undefined)
		throw itemError(
			this,
			itemIndex,
			'This retried execution cannot tell which emails the run being retried sent',
			'n8n carried no time when that run began (n8n 1.x carries none), and a guessed day would skip a daily email or send one twice, so nothing was sent. Turn on the option "Skip If Already Sent" (Ever, or a period) and retry again: each person who already got this promotion is then skipped. Or check Audience Member → Get Promotion Attempts and send by hand.',
		);
	emailKeys(this)[itemIndex] = `${address.toLowerCase()}\u0000${email.promotionName}`;
	await askBeforeSending(this, itemIndex, itemClient(this, itemIndex), {
		lists: email.lists ?? [],
		listsField: 'Add Recipient to Lists',
		promotionName: email.promotionName,
		ownContent: request.ownContent,
		replaceExistingPromotion: request.replaceExistingPromotion,
	});
	return request;
}

/** Every item's output has the same fields, so that n8n's table shows no holes. */
function emailItem(
	email: TransactionalEmail,
	outcome: { transactionId: string | null; skipped?: IDataObject },
): IDataObject {
	const { skipped } = outcome;
	return {
		transactionId: outcome.transactionId,
		recipient: email.recipient,
		promotionName: email.promotionName,
		// not sent now: nobody was added to the lists by this item either
		addedToLists: skipped ? [] : (email.lists ?? []),
		skipped: skipped !== undefined,
		reason: (skipped?.reason as string | undefined) ?? null,
		promotionAttempt: (skipped?.promotionAttempt as IDataObject | undefined) ?? null,
	};
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	request: EmailRequest,
): Promise<IDataObject[]> {
	const { email, address } = request;
	const api = itemClient(this, itemIndex);
	if (request.skipOptedOut && (await hasOptedOut(api, address))) {
		return [
			emailItem(email, {
				transactionId: null,
				skipped: {
					reason: `${address} has opted out of your emails: not sent (Skip If Opted Out; turn it off for receipts and other emails a person must get)`,
				},
			}),
		];
	}
	const outcome = await sendEmail(
		api,
		email,
		sentAlreadyCheck(
			this,
			itemIndex,
			api,
			address,
			email.promotionName,
			skipPeriodStart(request.skipIfAlreadySent),
		),
	);
	if ('foundDone' in outcome)
		return [emailItem(email, { transactionId: null, skipped: outcome.foundDone })];
	return [emailItem(email, { transactionId: outcome.sent })];
}
