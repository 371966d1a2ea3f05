import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { promotionContentFields } from '../../descriptions/emailFields';
import { contentFields } from '../../helpers/emailContent';
import { isHttpUrl, printable, nonEmptyText } from '../../helpers/validation';
import { savePromotion } from '../../api/promotion';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';
import { optionOf } from '../parameters';
import { itemError } from '../itemLoop';

const properties: INodeProperties[] = [
	{
		displayName: 'Promotion Name',
		name: 'promotionName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Spring sale',
		description: 'Name of the promotion to create, or of the existing promotion to update',
		hint: 'A promotion with exactly this name is updated; otherwise a new one is created',
	},
	...promotionContentFields(),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['promotion'], operation: ['save'] } },
	properties,
);

type ContentSource = 'html' | 'plainText' | 'htmlAndPlainText' | 'url';

function requireHttpUrl(ctx: IExecuteFunctions, itemIndex: number, value: unknown): string {
	const text = nonEmptyText(
		value,
		'URL',
		'Give the address of a web page, e.g. https://example.com/newsletter.html.',
	);
	if (!isHttpUrl(text)) {
		throw itemError(
			ctx,
			itemIndex,
			`The field "URL" is not an http or https address: "${printable(text)}"`,
			'Give the full address of a web page, starting with http:// or https://, e.g. https://example.com/newsletter.html.',
		);
	}
	return text;
}

/** The content fields to send, checked, for the chosen content source. */
function promotionContent(ctx: IExecuteFunctions, itemIndex: number): Record<string, string> {
	const source = optionOf<ContentSource>(ctx, itemIndex, properties, 'contentSource');
	switch (source) {
		case 'html':
		case 'plainText':
		case 'htmlAndPlainText':
			return contentFields(source, 'savedPromotion', {
				html: ctx.getNodeParameter('rawHtml', itemIndex, ''),
				plainText: ctx.getNodeParameter('rawPlainText', itemIndex, ''),
			});
		case 'url':
			return { url: requireHttpUrl(ctx, itemIndex, ctx.getNodeParameter('url', itemIndex, '')) };
		default:
			throw itemError(
				ctx,
				itemIndex,
				`The content source "${String(source)}" is not supported`,
				'Pick one in "Content Source".',
			);
	}
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const promotionName = nonEmptyText(
		this.getNodeParameter('promotionName', itemIndex),
		'Promotion Name',
		'Give the name of the promotion, e.g. Spring sale.',
	);
	const content = promotionContent(this, itemIndex);
	const saved = await savePromotion(itemClient(this, itemIndex), promotionName, content);
	if ('unconfirmed' in saved) {
		const said = saved.unconfirmed;
		throw new NodeOperationError(
			this.getNode(),
			'Mad Mimi did not confirm that the promotion was saved',
			{
				itemIndex,
				description: `${said ? `Mad Mimi responded: "${said}". ` : 'Mad Mimi responded with an empty text. '}Check in Mad Mimi whether the promotion "${printable(promotionName)}" was saved before running the node again.`,
			},
		);
	}
	return [{ success: true, promotionId: saved.promotionId, promotionName: saved.promotionName }];
}
