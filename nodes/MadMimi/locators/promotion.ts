import type { INodeProperties } from 'n8n-workflow';

import type { IdField } from '../helpers/recordId';
import { nonEmptyText } from '../helpers/validation';

/*
 * A promotion, as the editor offers it and as an operation reads it: by ID (`promotionId`: stats,
 * trash, search) or by name (`promotionName`: the Mailer sends by name).
 */

/** The promotion a request is about: picked from the account, or its ID typed or mapped. */
export function promotionLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Promotion',
		name: 'promotionId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The promotion (an email design in Mad Mimi)',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a promotion...',
				typeOptions: { searchListMethod: 'searchPromotions', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1234567',
				hint: 'The ID of the promotion, as in the output of Promotion → Get Many or Search',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^[1-9][0-9]*$',
							errorMessage: 'A promotion ID is a whole number, e.g. 1234567',
						},
					},
				],
			},
		],
		...overrides,
	};
}

/**
 * The promotion a send uses, by its name (the Mailer takes a name, not an ID), shown by the Content
 * Source: a saved promotion picked from the account or named (`promotionName`), or, with the send's
 * own content, the name Mad Mimi files it under (`saveAsPromotion`). Per its Mailer documentation,
 * Mad Mimi creates the promotion of that name or replaces its saved content: two fields, so that a
 * promotion picked to be sent is never carried over into the name that own content overwrites.
 */
export function promotionNameFields(savedDescription: string): INodeProperties[] {
	const saved: INodeProperties = {
		displayName: 'Promotion',
		name: 'promotionName',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: savedDescription,
		displayOptions: { show: { contentSource: ['promotion'] } },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a promotion...',
				typeOptions: { searchListMethod: 'searchPromotionNames', searchable: true },
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. Welcome email',
				hint: 'The promotion name exactly as it appears in Mad Mimi (upper and lower case count)',
			},
		],
	};
	const ownContent: INodeProperties = {
		displayName: 'Save As Promotion',
		name: 'saveAsPromotion',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Order confirmation (n8n)',
		hint: 'A name of its own: a promotion that already exists is not replaced unless the option "Replace Existing Promotion" is on',
		description:
			'The promotion Mad Mimi files this email under, with your content below as its design: its statistics are counted there. Mad Mimi needs one for every send.',
		displayOptions: { show: { contentSource: ['html', 'plainText', 'htmlAndPlainText'] } },
	};
	return [saved, ownContent];
}

/** The option of a send with its own content: replace the saved design of a promotion of that name. */
export const replaceExistingPromotionOption: INodeProperties = {
	displayName: 'Replace Existing Promotion',
	name: 'replaceExistingPromotion',
	type: 'boolean',
	default: false,
	displayOptions: { show: { '/contentSource': ['html', 'plainText', 'htmlAndPlainText'] } },
	description:
		'Whether to send when a promotion named as in "Save As Promotion" already exists: its saved design is then replaced by your content. Off, such a send is refused before anything goes out.',
};

/** How the `promotionId` resource locator's ID (or another parameter holding one) is checked and named in its errors. */
export const promotionIdField: IdField = {
	field: 'Promotion',
	what: 'promotion',
	emptyHint: 'Pick a promotion from the list, or type or map its ID.',
	invalidHint:
		'A promotion ID is a positive whole number, e.g. 1234567. Pick the promotion from the list, or map the "id" of a promotion from an earlier node.',
};

/**
 * The promotion a send goes out under, by its Content Source (`source`): the saved promotion picked
 * (`saved`: the value of `promotionName`, a plain name stored there too), or the name its own
 * content is saved as (`saveAs`: `saveAsPromotion`; `ownContent`: that promotion's design is
 * written by the send). Checked: an InputError naming the field.
 */
export function sendPromotionFrom(
	source: string,
	fields: { saved?: unknown; saveAs?: unknown },
): { promotionName: string; ownContent: boolean } {
	return source === 'promotion'
		? {
				promotionName: nonEmptyText(
					fields.saved,
					'Promotion',
					'Pick the promotion from the list, or give its name, e.g. Welcome email.',
				),
				ownContent: false,
			}
		: {
				promotionName: nonEmptyText(
					fields.saveAs,
					'Save As Promotion',
					'Give the promotion a name of its own, e.g. Order confirmation (n8n).',
				),
				ownContent: true,
			};
}
