import type { INodeProperties } from 'n8n-workflow';

/** The fields Email → Send and Promotion → Send share: what is sent, and with which values. */
export function mailContentFields(kind: 'transactional' | 'list'): INodeProperties[] {
	const unsubscribe = kind === 'list' ? ' and an [[unsubscribe]] link' : '';
	return [
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
			description: "The sender's address, optionally with a name. Leave empty to use the account's default sender.",
		},
		{
			displayName: 'Content Source',
			name: 'contentSource',
			type: 'options',
			options: [
				{ name: 'Saved Promotion', value: 'promotion', description: 'The content of the promotion already saved in Mad Mimi under that name' },
				{ name: 'HTML', value: 'html', description: 'HTML you give here' },
				{ name: 'HTML and Plain Text', value: 'htmlAndPlainText', description: 'An HTML version and a plain-text version you give here' },
				{ name: 'Plain Text', value: 'plainText', description: 'Plain text you give here' },
			],
			default: 'promotion',
			description: 'Where the content of the email comes from',
		},
		{
			displayName: 'HTML',
			name: 'rawHtml',
			type: 'string',
			typeOptions: { rows: 8 },
			default: '',
			required: true,
			placeholder:
				kind === 'list'
					? '<html><body><p>Hello {first_name}</p>[[unsubscribe]] [[tracking_beacon]]</body></html>'
					: '<html><body><p>Hello {first_name}</p>[[tracking_beacon]]</body></html>',
			displayOptions: { show: { contentSource: ['html', 'htmlAndPlainText'] } },
			description: `The HTML of the email. It must contain [[tracking_beacon]]${unsubscribe}; {name} placeholders are filled in from "Placeholders".`,
		},
		{
			displayName: 'Plain Text',
			name: 'rawPlainText',
			type: 'string',
			typeOptions: { rows: 6 },
			default: '',
			required: true,
			placeholder: kind === 'list' ? 'Hello {first_name}, ... [[unsubscribe]]' : 'Hello {first_name}, ...',
			displayOptions: { show: { contentSource: ['plainText', 'htmlAndPlainText'] } },
			description: `The plain-text version of the email${kind === 'list' ? '. It must contain [[unsubscribe]].' : '.'}`,
		},
		{
			displayName: 'Placeholders',
			name: 'placeholders',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Placeholder',
			default: {},
			description: 'Values for the {placeholders} of the content, e.g. first_name for {first_name}. Each value arrives exactly as typed.',
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
		description: 'Whether to hide the promotion in the Mad Mimi web app, so sends made by workflows do not clutter it',
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
