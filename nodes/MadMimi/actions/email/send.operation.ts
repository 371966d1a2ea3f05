import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mailContentFields, sendSourceFields, trackingOptions } from '../../descriptions/mailer';
import type { MadMimiClient } from '../../api/client';
import { listNamesOf } from '../../api/audienceList';
import type { TransactionalEmail } from '../../api/email';
import { sendEmail } from '../../api/email';
import type { MailContentSource } from '../../helpers/mailer';
import {
	contentFields,
	optionalAddress,
	parseAddress,
	placeholdersYaml,
	requireAddress,
} from '../../helpers/mailer';
import { attemptsOfPromotion, promotionAttemptsOf } from '../../api/audienceMemberAttempts';
import { promotionIdByName, transactionalCount } from '../../api/promotion';
import { optionOf } from '../../helpers/params';
import { itemError, printable } from '../../helpers/validation';
import { itemClient } from '../../api/client';
import { occurrenceOf, oncePerRun, retriedRunStart } from '../executionRetry';
import { listNamesField } from '../../locators/list';
import { replaceExistingPromotionOption, sendPromotionOf } from '../../locators/promotion';
import { hasOptedOut } from '../../api/audienceMemberOptOut';
import { askBeforeSending } from '../sendChecks';
import { optionsCollection } from '../../descriptions/options';
import { DAY_MS, HOUR_MS } from '../../settings';

const properties: INodeProperties[] = [
	...sendSourceFields('The saved promotion (email design) to send'),
	{
		displayName: 'Recipient',
		name: 'recipient',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Jane Doe <jane@example.com>',
		description: 'The one person to send the email to: an address, optionally with a name',
	},
	...mailContentFields('transactionalEmail'),
	optionsCollection('perItem', [
		listNamesField({
			displayName: 'Add Recipient to Lists',
			name: 'addToLists',
			description: 'Audience lists to add the recipient to as the email is sent',
		}),
		{
			displayName: 'BCC',
			name: 'bcc',
			type: 'string',
			default: '',
			placeholder: 'e.g. archive@example.com',
			description: 'An address that gets a blind copy of the email',
		},
		{
			displayName: 'CC',
			name: 'cc',
			type: 'string',
			default: '',
			placeholder: 'e.g. manager@example.com',
			description: 'An address that gets a copy of the email',
		},
		{
			displayName: 'Recipient Name',
			name: 'recipientName',
			type: 'string',
			default: '',
			placeholder: 'e.g. {{ $json.first_name }}',
			description:
				"The name shown with the recipient's address (Jane Doe &lt;jane@example.com&gt;), e.g. mapped from a form. It replaces a name given in Recipient.",
		},
		{
			displayName: 'Reply To',
			name: 'replyTo',
			type: 'string',
			default: '',
			placeholder: 'e.g. support@example.com',
			description: 'The address replies go to, when it is not the sender',
		},
		{
			displayName: 'Skip If Already Sent',
			name: 'skipIfAlreadySent',
			type: 'options',
			options: [
				{
					name: 'Ever',
					value: 'ever',
					description: 'Send this promotion at most once to each person',
				},
				{ name: 'In the Last Day (24 Hours)', value: 'day' },
				{ name: 'In the Last Hour', value: 'hour' },
				{ name: 'In the Last Month (30 Days)', value: 'month' },
				{ name: 'In the Last Week (7 Days)', value: 'week' },
				{ name: 'In the Last Year (365 Days)', value: 'year' },
			],
			default: 'ever',
			description:
				'Whether to skip a recipient who already got this promotion in that period (Mad Mimi’s promotion attempts for the address, one read per email). A skipped recipient comes out with "skipped": true and the earlier send. Keeps a webhook called twice or a workflow run again from emailing anyone twice.',
		},
		replaceExistingPromotionOption,
		{
			displayName: 'Skip If Opted Out',
			name: 'checkSuppressed',
			type: 'boolean',
			default: true,
			description:
				'Whether to not send when the recipient has opted out (unsubscribed) of your emails: the item then says so, with "skipped": true (one read per email). On unless you turn it off, e.g. for receipts and other emails a person must get.',
		},
		{
			displayName: 'Skip Placeholders',
			name: 'skipPlaceholders',
			type: 'boolean',
			default: false,
			description:
				'Whether Mad Mimi leaves {placeholders} in the content as they are, instead of filling them in',
		},
		...trackingOptions,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['email'], operation: ['send'] } },
	properties,
);

type SkipPeriod = 'ever' | 'hour' | 'day' | 'week' | 'month' | 'year';

const SKIP_PERIOD_MS: Record<Exclude<SkipPeriod, 'ever'>, number> = {
	hour: HOUR_MS,
	day: DAY_MS,
	week: 7 * DAY_MS,
	month: 30 * DAY_MS,
	year: 365 * DAY_MS,
};

/** The start of Skip If Already Sent's period (epoch ms; 0 for "ever"), or undefined when the option is off. */
function skipPeriodStart(period: SkipPeriod | undefined): number | undefined {
	if (period === undefined) return undefined;
	return period === 'ever' ? 0 : Date.now() - (SKIP_PERIOD_MS[period] ?? 0);
}

interface SendOptions {
	recipientName?: string;
	skipIfAlreadySent?: SkipPeriod;
	addToLists?: string[] | string;
	bcc?: string;
	cc?: string;
	hidden?: boolean;
	replyTo?: string;
	checkSuppressed?: boolean;
	replaceExistingPromotion?: boolean;
	skipPlaceholders?: boolean;
	trackLinks?: boolean;
	trackViews?: boolean;
}

/** One item's email, read and checked before any email of the run goes out. */
interface EmailRequest {
	email: TransactionalEmail;
	/** The recipient's address alone. */
	address: string;
	skipOptedOut: boolean;
	skipIfAlreadySent?: SkipPeriod;
}

/** What one item sends: for the error of a run that stops part-way (types.ts). */
export const sends = { one: 'email', many: 'emails' };

/** Reads and checks the item's email, and asks what can be known before sending (the lists, the promotion). */
export async function prepare(this: IExecuteFunctions, itemIndex: number): Promise<EmailRequest> {
	const source = optionOf<MailContentSource>(this, itemIndex, properties, 'contentSource');
	const { promotionName, ownContent } = sendPromotionOf(this, itemIndex, source);
	const options = this.getNodeParameter('options', itemIndex, {}) as SendOptions;
	const recipient = withName(
		requireAddress(this, itemIndex, this.getNodeParameter('recipient', itemIndex), 'Recipient'),
		options.recipientName,
	);
	const content = contentFields(this, itemIndex, source, 'transactionalEmail');
	const lists = listNamesOf(options.addToLists);
	const skipOptedOut = options.checkSuppressed !== false;
	const email: TransactionalEmail = {
		promotionName,
		recipient,
		subject: String(this.getNodeParameter('subject', itemIndex, '') ?? '').trim(),
		from: optionalAddress(this, itemIndex, this.getNodeParameter('from', itemIndex, ''), 'From'),
		replyTo: optionalAddress(this, itemIndex, options.replyTo, 'Reply To'),
		cc: optionalAddress(this, itemIndex, options.cc, 'CC'),
		bcc: optionalAddress(this, itemIndex, options.bcc, 'BCC'),
		content,
		placeholders: placeholdersYaml(this, itemIndex),
		lists,
		skipOptedOut,
		trackLinks: options.trackLinks,
		trackViews: options.trackViews,
		hidden: options.hidden,
		skipPlaceholders: options.skipPlaceholders,
	};
	if (retriedRunStart(this) === null && options.skipIfAlreadySent === undefined)
		throw itemError(
			this,
			itemIndex,
			'This retried execution cannot tell which emails the run being retried sent',
			'n8n carried no time when that run began (n8n 1.x carries none), and a guessed day would skip a daily email or send one twice, so nothing was sent. Turn on the option "Skip If Already Sent" (Ever, or a period) and retry again: each person who already got this promotion is then skipped. Or check Audience Member → Get Promotion Attempts and send by hand.',
		);
	const address = parseAddress(recipient)?.email ?? recipient;
	emailKeys(this)[itemIndex] = `${address.toLowerCase()}\u0000${promotionName}`;
	const api = itemClient(this, itemIndex);
	await askBeforeSending(this, itemIndex, api, {
		lists,
		listsField: 'Add Recipient to Lists',
		promotionName,
		ownContent,
		replaceExistingPromotion: options.replaceExistingPromotion,
	});
	return { email, address, skipOptedOut, skipIfAlreadySent: options.skipIfAlreadySent };
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

/**
 * The recipient with the Recipient Name option's name, if one is given: `Jane Doe <jane@example.com>`;
 * a name holding a comma, a quote or angle brackets is quoted, as an address header wants it.
 */
function withName(recipient: string, name: string | undefined): string {
	const trimmed = String(name ?? '')
		.replace(/[\r\n\t]+/g, ' ')
		.trim();
	if (trimmed === '') return recipient;
	const address = parseAddress(recipient)?.email ?? recipient;
	const shown = /[",<>;:@()[\]\\]/.test(trimmed)
		? `"${trimmed.replace(/["\\]/g, '\\$&')}"`
		: trimmed;
	return `${shown} <${address}>`;
}

/**
 * Which send of this promotion to this address each item is (address and promotion, by item),
 * filled in by `prepare` before any item is sent: actions/executionRetry.ts's occurrences count them.
 */
function emailKeys(ctx: IExecuteFunctions): Array<string | undefined> {
	return oncePerRun(ctx, 'emailKeys', () => [] as Array<string | undefined>);
}

/**
 * What is asked before the email goes out, if anything: the recipient's promotion attempts, read
 * once, in a retried execution (is this item's email among those sent since the run being retried
 * began?) and with Skip If Already Sent (did they get this promotion in the period?). Undefined in
 * a fresh run without the option: nothing is asked, nothing costs more.
 */
function sentAlreadyCheck(
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
