import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mailContentFields, trackingOptions } from '../../descriptions/mailer';
import { listNamesCsv, listNamesOf } from '../../api/lists';
import type { MailContentSource } from '../../helpers/mailer';
import { contentFields, flag, optionalAddress, parseAddress, placeholdersYaml, promotionMissing, requireAddress } from '../../helpers/mailer';
import { answerMatching } from '../../parsing';
import { client } from '../client';
import { listNamesField } from '../../locators/list';
import { promotionNameLocator, promotionNameOf } from '../../locators/promotion';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	promotionNameLocator('The promotion (email design) to send. With your own HTML or text below, Mad Mimi creates a promotion of that name if it does not exist yet.'),
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
		listNamesField({ displayName: 'Add Recipient to Lists', name: 'addToLists', description: 'Audience lists to add the recipient to as the email is sent' }),
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
			displayName: 'Reply To',
			name: 'replyTo',
			type: 'string',
			default: '',
			placeholder: 'e.g. support@example.com',
			description: 'The address replies go to, when it is not the sender',
		},
		{
			displayName: 'Skip If Opted Out',
			name: 'checkSuppressed',
			type: 'boolean',
			default: false,
			description: 'Whether to not send when the recipient has opted out (unsubscribed) of your emails',
		},
		{
			displayName: 'Skip Placeholders',
			name: 'skipPlaceholders',
			type: 'boolean',
			default: false,
			description: 'Whether Mad Mimi leaves {placeholders} in the content as they are, instead of filling them in',
		},
		...trackingOptions,
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['email'], operation: ['send'] } }, properties);

interface SendOptions {
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
	const recipient = requireAddress(this, itemIndex, this.getNodeParameter('recipient', itemIndex), 'Recipient');
	const source = this.getNodeParameter('contentSource', itemIndex, 'promotion') as MailContentSource;
	const content = contentFields(this, itemIndex, source, 'transactionalEmail');
	const options = this.getNodeParameter('options', itemIndex, {}) as SendOptions;
	const lists = listNamesOf(options.addToLists);
	const subject = String(this.getNodeParameter('subject', itemIndex, '') ?? '').trim();
	const form: Record<string, string | undefined> = {
		promotion_name: promotionName,
		recipient,
		subject: subject === '' ? undefined : subject,
		from: optionalAddress(this, itemIndex, this.getNodeParameter('from', itemIndex, ''), 'From'),
		reply_to: optionalAddress(this, itemIndex, options.replyTo, 'Reply To'),
		cc: optionalAddress(this, itemIndex, options.cc, 'CC'),
		bcc: optionalAddress(this, itemIndex, options.bcc, 'BCC'),
		...content,
		body: placeholdersYaml(this, itemIndex),
		check_suppressed: flag(options.checkSuppressed),
		track_links: flag(options.trackLinks),
		track_views: flag(options.trackViews),
		hidden: flag(options.hidden),
		skip_placeholders: flag(options.skipPlaceholders),
		list_names: lists.length > 0 ? listNamesCsv(lists) : undefined,
	};
	// 20 digits: more than a JavaScript number holds exactly, so it stays text from end to end
	const transactionId = await client(this, itemIndex).read({
		method: 'POST',
		path: ['mailer'],
		form,
		refusal: promotionMissing(promotionName, source),
		// a second request is a second email
		repeat: {
			// the address alone: n8n's error panel reads "Name <address>" as markup and drops it
			mayHave: `The email to ${parseAddress(recipient)?.email ?? recipient} may have gone out`,
			check: `Audience Member → Get Promotion Attempts for the address shows whether it got "${promotionName}"; send it again only if not.`,
		},
	}, answerMatching(/^\d+$/, 'The response is not a transaction ID'));
	return [
		{
			transactionId,
			recipient,
			promotionName,
			...(lists.length > 0 ? { addedToLists: lists } : {}),
		},
	];
}
