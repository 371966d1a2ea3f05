import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { isSocialLinkKey, updateSocialLinks } from '../../api/socialLink';
import { isHttpUrl, printable } from '../../helpers/validation';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';
import { itemError } from '../itemLoop';

const properties: INodeProperties[] = [
	{
		displayName: 'Links',
		name: 'links',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add link',
		default: {},
		description: 'The links to set. Links not given here stay as they are.',
		options: [
			{
				displayName: 'Link',
				name: 'link',
				values: [
					{
						displayName: 'Social Network',
						name: 'key',
						type: 'options',
						options: [
							{ name: 'Facebook', value: 'facebook' },
							{ name: 'Flickr', value: 'flickr' },
							{ name: 'Google Plus', value: 'google_plus' },
							{ name: 'Instagram', value: 'instagram' },
							{ name: 'LinkedIn', value: 'linkedin' },
							{ name: 'Pinterest', value: 'pinterest' },
							{ name: 'Tumblr', value: 'tumblr' },
							{ name: 'Twitter', value: 'twitter' },
							{ name: 'WordPress', value: 'wordpress' },
							{ name: 'YouTube', value: 'youtube' },
						],
						default: 'facebook',
						description:
							'The social network of the link. For a key not in this list, use an expression giving the key (Social Link > Get Available lists them).',
					},
					{
						displayName: 'URL',
						name: 'url',
						type: 'string',
						default: '',
						required: true,
						placeholder: 'e.g. https://www.facebook.com/yourpage',
						description: 'Address of your page on that network, starting with https:// or http://',
					},
				],
			},
		],
	},
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['socialLink'], operation: ['update'] } },
	properties,
);

/** One entry of "Links", checked before any request: a known kind of key, not given before, and a web address. */
function readLink(
	ctx: IExecuteFunctions,
	itemIndex: number,
	entry: IDataObject,
	linkNumber: number,
	earlier: Record<string, string>,
): { key: string; url: string } {
	const key = String(entry.key ?? '')
		.trim()
		.toLowerCase();
	if (key === '')
		throw itemError(
			ctx,
			itemIndex,
			`Link ${linkNumber}: the field "Social Network" is empty`,
			'Pick a social network.',
		);
	if (!isSocialLinkKey(key)) {
		throw itemError(
			ctx,
			itemIndex,
			`Link ${linkNumber}: "${printable(key)}" is not a social link key`,
			'A key is a lower-case word such as facebook or google_plus. Social Link > Get Available lists the keys Mad Mimi knows.',
		);
	}
	if (key in earlier) {
		throw itemError(
			ctx,
			itemIndex,
			`The social network "${key}" is given twice in "Links"`,
			'Each social network can have one link: remove one of the two.',
		);
	}
	const url = String(entry.url ?? '').trim();
	if (url === '') {
		throw itemError(
			ctx,
			itemIndex,
			`Link ${linkNumber} (${key}): the field "URL" is empty`,
			'Give the address of your page, e.g. https://www.facebook.com/yourpage.',
		);
	}
	if (!isHttpUrl(url)) {
		throw itemError(
			ctx,
			itemIndex,
			`Link ${linkNumber} (${key}): the field "URL" is not a web address: "${printable(url)}"`,
			'A web address starts with https:// or http://, e.g. https://www.facebook.com/yourpage.',
		);
	}
	return { key, url };
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const raw = this.getNodeParameter('links.link', itemIndex, []) as unknown;
	const entries = Array.isArray(raw) ? (raw as IDataObject[]) : [];
	if (entries.length === 0) {
		throw itemError(
			this,
			itemIndex,
			'The field "Links" is empty',
			'Add at least one link: a social network and the address of your page there.',
		);
	}
	const urlsByKey: Record<string, string> = {};
	for (const [position, entry] of entries.entries()) {
		const { key, url } = readLink(this, itemIndex, entry, position + 1, urlsByKey);
		urlsByKey[key] = url;
	}
	await updateSocialLinks(itemClient(this, itemIndex), urlsByKey);
	return [{ success: true, links: Object.entries(urlsByKey).map(([key, url]) => ({ key, url })) }];
}
