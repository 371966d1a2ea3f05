import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mailContentFields, sendSourceFields, trackingOptions } from '../../descriptions/mailer';
import type { ApiClient } from '../../api/client';
import { listNamesOf } from '../../api/lists';
import type { TransactionalEmail } from '../../api/mailer';
import { sendEmail } from '../../api/mailer';
import type { MailContentSource } from '../../helpers/mailer';
import {
	contentFields,
	optionalAddress,
	parseAddress,
	placeholdersYaml,
	requireAddress,
} from '../../helpers/mailer';
import { attemptsOfPromotion, promotionAttemptsOf } from '../../api/promotionAttempts';
import { promotionIdByName } from '../../api/promotions';
import { optionOf } from '../../helpers/params';
import { client } from '../client';
import { occurrenceOf, oncePerRun, retriedSince } from '../retry';
import { listNamesField } from '../../locators/list';
import { promotionNameOf } from '../../locators/promotion';
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
		{
			displayName: 'Skip If Opted Out',
			name: 'checkSuppressed',
			type: 'boolean',
			default: false,
			description:
				'Whether to not send when the recipient has opted out (unsubscribed) of your emails',
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
	skipPlaceholders?: boolean;
	trackLinks?: boolean;
	trackViews?: boolean;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const promotionName = promotionNameOf(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as SendOptions;
	const recipient = withName(
		requireAddress(this, itemIndex, this.getNodeParameter('recipient', itemIndex), 'Recipient'),
		options.recipientName,
	);
	const source = optionOf<MailContentSource>(this, itemIndex, properties, 'contentSource');
	const content = contentFields(this, itemIndex, source, 'transactionalEmail');
	const lists = listNamesOf(options.addToLists);
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
		skipOptedOut: options.checkSuppressed,
		trackLinks: options.trackLinks,
		trackViews: options.trackViews,
		hidden: options.hidden,
		skipPlaceholders: options.skipPlaceholders,
	};
	const api = client(this, itemIndex);
	const address = parseAddress(recipient)?.email ?? recipient;
	const outcome = await sendEmail(
		api,
		email,
		sentAlreadyCheck(
			this,
			itemIndex,
			api,
			address,
			promotionName,
			skipPeriodStart(options.skipIfAlreadySent),
		),
	);
	// not sent now: nobody was added to the lists by this item either
	if ('foundDone' in outcome)
		return [{ transactionId: null, recipient, promotionName, ...outcome.foundDone }];
	return [
		{
			transactionId: outcome.sent,
			recipient,
			promotionName,
			...(lists.length > 0 ? { addedToLists: lists } : {}),
		},
	];
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

/** Which send of this promotion to this address the item is, among the node's items (actions/retry.ts). */
function emailKey(ctx: IExecuteFunctions, itemIndex: number): string {
	const recipient = requireAddress(
		ctx,
		itemIndex,
		ctx.getNodeParameter('recipient', itemIndex),
		'Recipient',
	);
	return `${(parseAddress(recipient)?.email ?? recipient).toLowerCase()}\u0000${promotionNameOf(ctx, itemIndex)}`;
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
	api: ApiClient,
	address: string,
	promotionName: string,
	periodStart: number | undefined,
): (() => Promise<IDataObject | undefined>) | undefined {
	const retrySince = retriedSince(ctx);
	if (retrySince === undefined && periodStart === undefined) return undefined;
	return async () => {
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
		const occurrence = occurrenceOf(ctx, itemIndex, 'email', (index) => emailKey(ctx, index));
		const done = sinceRetried[occurrence - 1];
		if (!done) return undefined;
		return {
			skipped: true,
			reason: `The execution being retried already sent "${promotionName}" to ${address}${done.sentAt ? ` (Mad Mimi shows it sent ${done.sentAt})` : ''}: not sent again`,
			promotionAttempt: done.record,
		};
	};
}
