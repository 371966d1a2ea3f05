import type { INodeProperties } from 'n8n-workflow';

import type { ContentUse } from '../helpers/emailContent';
import { promotionNameFields } from '../locators/promotion';

/*
 * The fields of an email's content, shared by Email → Send (a transactional email), Promotion →
 * Send (a mailing to lists) and Promotion → Save (a promotion kept for later). Their names and
 * values are the same everywhere; what differs is written once, by use.
 */

/** Where a send's content comes from: a promotion saved in Mad Mimi, or content given here. */
const SEND_CONTENT_SOURCE: INodeProperties = {
	displayName: 'Content Source',
	name: 'contentSource',
	type: 'options',
	options: [
		{
			name: 'Saved Promotion',
			value: 'promotion',
			description: 'A promotion already saved in Mad Mimi, picked below',
		},
		{ name: 'HTML', value: 'html', description: 'HTML you give here' },
		{
			name: 'HTML and Plain Text',
			value: 'htmlAndPlainText',
			description: 'An HTML version and a plain-text version you give here',
		},
		{ name: 'Plain Text', value: 'plainText', description: 'Plain text you give here' },
	],
	default: 'promotion',
	description:
		'Where the content of the email comes from: a saved promotion, or content you write here',
};

/** Where the content of a promotion being saved comes from: given here, or a web page. */
const SAVE_CONTENT_SOURCE: INodeProperties = {
	displayName: 'Content Source',
	name: 'contentSource',
	type: 'options',
	options: [
		{ name: 'HTML', value: 'html', description: 'HTML you give here' },
		{
			name: 'HTML and Plain Text',
			value: 'htmlAndPlainText',
			description: 'An HTML version and a plain-text version',
		},
		{ name: 'Plain Text', value: 'plainText', description: 'Plain text you give here' },
		{ name: 'URL', value: 'url', description: 'Mad Mimi takes the content from a web page' },
	],
	default: 'html',
	description: 'Where the content of the promotion comes from',
};

const HTML_PLACEHOLDER: Record<ContentUse, string> = {
	transactionalEmail: '<html><body><p>Hello {first_name}</p>[[tracking_beacon]]</body></html>',
	listMailing:
		'<html><body><p>Hello {first_name}</p>[[unsubscribe]] [[tracking_beacon]]</body></html>',
	savedPromotion: '<html><body><h1>Spring sale</h1>[[unsubscribe]]</body></html>',
};

const HTML_DESCRIPTION: Record<ContentUse, string> = {
	transactionalEmail:
		'The HTML of the email. It must contain [[tracking_beacon]]; {name} placeholders are filled in from "Placeholders".',
	listMailing:
		'The HTML of the email. It must contain [[tracking_beacon]] and an [[unsubscribe]] link; {name} placeholders are filled in from "Placeholders".',
	savedPromotion: 'The HTML of the email',
};

const TEXT_PLACEHOLDER: Record<ContentUse, string> = {
	transactionalEmail: 'Hello {first_name}, ...',
	listMailing: 'Hello {first_name}, ... [[unsubscribe]]',
	savedPromotion: 'Spring sale: 20% off everything. [[unsubscribe]]',
};

const TEXT_DESCRIPTION: Record<ContentUse, string> = {
	transactionalEmail: 'The plain-text version of the email.',
	listMailing: 'The plain-text version of the email. It must contain [[unsubscribe]].',
	savedPromotion: 'The plain-text version of the email',
};

/** The content itself: HTML, plain text, or (a promotion being saved) a web page's address. */
function rawContentFields(use: ContentUse): INodeProperties[] {
	return [
		{
			displayName: 'HTML',
			name: 'rawHtml',
			type: 'string',
			typeOptions: { rows: 8 },
			default: '',
			required: true,
			placeholder: HTML_PLACEHOLDER[use],
			displayOptions: { show: { contentSource: ['html', 'htmlAndPlainText'] } },
			description: HTML_DESCRIPTION[use],
		},
		{
			displayName: 'Plain Text',
			name: 'rawPlainText',
			type: 'string',
			typeOptions: { rows: 6 },
			default: '',
			required: true,
			placeholder: TEXT_PLACEHOLDER[use],
			displayOptions: { show: { contentSource: ['plainText', 'htmlAndPlainText'] } },
			description: TEXT_DESCRIPTION[use],
		},
		...(use === 'savedPromotion'
			? [
					{
						displayName: 'URL',
						name: 'url',
						type: 'string' as const,
						default: '',
						required: true,
						placeholder: 'e.g. https://example.com/newsletter.html',
						displayOptions: { show: { contentSource: ['url'] } },
						description: 'Address (http or https) of the web page whose content the promotion uses',
					},
				]
			: []),
	];
}

/** The content of a promotion being saved: its source and the content itself. */
export function promotionContentFields(): INodeProperties[] {
	return [SAVE_CONTENT_SOURCE, ...rawContentFields('savedPromotion')];
}

/**
 * What a send sends, first in its panel: where the content comes from, then the promotion (picked,
 * or named to hold the content given): `savedDescription` says what the picked one is for.
 */
export function sendSourceFields(savedDescription: string): INodeProperties[] {
	return [SEND_CONTENT_SOURCE, ...promotionNameFields(savedDescription)];
}

/** The fields Email → Send and Promotion → Send share after their own: the content, the subject and sender, the placeholders. */
export function mailContentFields(use: 'transactionalEmail' | 'listMailing'): INodeProperties[] {
	return [
		...rawContentFields(use),
		{
			displayName: 'Subject',
			name: 'subject',
			type: 'string',
			default: '',
			placeholder: 'e.g. Welcome to our newsletter',
			description: "The email's subject line. Leave empty to use the promotion's name.",
		},
		{
			displayName: 'From',
			name: 'from',
			type: 'string',
			default: '',
			placeholder: 'e.g. Shop Team <team@example.com>',
			description:
				"The sender's address, optionally with a name. Leave empty to use the account's default sender.",
		},
		{
			displayName: 'Placeholders',
			name: 'placeholders',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add placeholder',
			default: {},
			description:
				'Values for the {placeholders} of the content, e.g. first_name for {first_name}. Each value arrives exactly as typed.',
			options: [
				{
					displayName: 'Placeholder',
					name: 'placeholder',
					values: [
						{
							displayName: 'Name',
							name: 'name',
							type: 'string',
							default: '',
							placeholder: 'e.g. first_name',
							description: 'The placeholder name, without the braces',
						},
						{
							displayName: 'Value',
							name: 'value',
							type: 'string',
							default: '',
							placeholder: 'e.g. {{ $json.firstName }}',
							description: 'The text to put in its place',
						},
					],
				},
			],
		},
	];
}

/** The options both sends share: tracking, and hiding the promotion in the web app. */
export const trackingOptions: INodeProperties[] = [
	{
		displayName: 'Hide Promotion',
		name: 'hidden',
		type: 'boolean',
		default: false,
		description:
			'Whether to hide the promotion in the Mad Mimi web app, so sends made by workflows do not clutter it',
	},
	{
		displayName: 'Track Clicks',
		name: 'trackLinks',
		type: 'boolean',
		default: true,
		description: 'Whether Mad Mimi counts the clicks on the links of the email',
	},
	{
		displayName: 'Track Opens',
		name: 'trackViews',
		type: 'boolean',
		default: true,
		description: 'Whether Mad Mimi counts the opens of the email',
	},
];
