import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { locatorValue } from '../helpers/params';
import { requirePositiveId, requireText } from '../helpers/validation';

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
 * The promotion a send uses, by its name (the Mailer takes a name, not an ID): picked from the
 * account, or typed or mapped. Stored under `promotionName`; a plain name or an expression stored
 * there (not a locator value) is read as the name too (`locatorValue`).
 *
 * Two fields of that name, shown by the Content Source: sending a saved promotion picks one; with
 * the send's own content, Mad Mimi still files the email under a promotion name, and per its
 * Mailer documentation creates that promotion or replaces its saved content ("create or update
 * the promotion"): the field says so where it is, not in a tooltip.
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
	// the editor shows a resource locator's mode hint, not the field's: the words go on each mode
	const replaces =
		"Your content below becomes this promotion's content: a new name creates the promotion, an existing one's saved content is replaced";
	const holdingOwnContent: INodeProperties = {
		...saved,
		displayName: 'Save As Promotion',
		default: { mode: 'name', value: '' },
		description:
			'The promotion Mad Mimi files this email under: its statistics are counted there. Mad Mimi needs one for every send.',
		displayOptions: { show: { contentSource: ['html', 'plainText', 'htmlAndPlainText'] } },
		modes: saved.modes!.map((mode) => ({ ...mode, hint: replaces })),
	};
	return [saved, holdingOwnContent];
}

/** The name of the promotion a send uses (`promotionNameFields`, or a plain name stored before them), checked. */
export function promotionNameOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return requireText(
		ctx,
		itemIndex,
		locatorValue(ctx, 'promotionName', itemIndex),
		'Promotion',
		'Pick the promotion from the list, or give its name, e.g. Welcome email.',
	);
}

/** The promotion ID of the `promotionId` resource locator (or of another parameter holding one), checked. */
export function promotionIdOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter = 'promotionId',
): number {
	return requirePositiveId(ctx, itemIndex, locatorValue(ctx, parameter, itemIndex), {
		field: 'Promotion',
		what: 'promotion',
		emptyHint: 'Pick a promotion from the list, or type or map its ID.',
		invalidHint:
			'A promotion ID is a positive whole number, e.g. 1234567. Pick the promotion from the list, or map the "id" of a promotion from an earlier node.',
	});
}
