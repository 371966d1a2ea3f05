import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { locatorValue } from '../helpers/params';
import { inputError, printable, readPositiveId, requireText } from '../helpers/validation';

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
						properties: { regex: '[1-9][0-9]*', errorMessage: 'A promotion ID is a whole number, e.g. 1234567' },
					},
				],
			},
		],
		...overrides,
	};
}

/**
 * The promotion a send uses, by its name (the Mailer takes a name, not an ID): picked from the
 * account, or typed or mapped. Stored under `promotionName`, as the plain text field it replaced
 * was: a workflow holding a plain name or an expression there reads the same.
 */
export function promotionNameLocator(description: string): INodeProperties {
	return {
		displayName: 'Promotion',
		name: 'promotionName',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a promotion...',
				typeOptions: { searchListMethod: 'searchPromotionNames', searchable: true },
			},
			{
				displayName: 'By Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. Welcome email',
				hint: 'The promotion name exactly as it appears in Mad Mimi (upper and lower case count)',
			},
		],
	};
}

/** The name of the promotion a send uses (`promotionNameLocator`, or a plain name stored before it), checked. */
export function promotionNameOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return requireText(ctx, itemIndex, locatorValue(ctx, 'promotionName', itemIndex), 'Promotion', 'Pick the promotion from the list, or give its name, e.g. Welcome email.');
}

/** A mailing (one send) of the promotion chosen in `promotionId`. */
export function mailingLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Mailing',
		name: 'mailingId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The mailing: one send of the promotion',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a mailing...',
				typeOptions: { searchListMethod: 'searchMailings', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 7654321',
				hint: 'The ID of the mailing, as in the "mailings" of a promotion from Promotion → Get Many',
				validation: [
					{
						type: 'regex',
						properties: { regex: '[1-9][0-9]*', errorMessage: 'A mailing ID is a whole number, e.g. 7654321' },
					},
				],
			},
		],
		...overrides,
	};
}

/**
 * A record ID as the service takes it: a positive whole number, given as a number or as digits
 * (white space around them is dropped). Anything else is refused, naming the field, before any
 * request is sent.
 */
export function positiveId(ctx: IExecuteFunctions, itemIndex: number, value: unknown, field: string, what: string): number {
	const { text, id } = readPositiveId(value);
	if (text === '') {
		throw inputError(ctx, itemIndex, `The field "${field}" is empty`, `Pick a ${what} from the list, or type or map its ID.`);
	}
	if (id === undefined) {
		throw inputError(
			ctx,
			itemIndex,
			`The field "${field}" is not a valid ${what} ID: "${printable(text)}"`,
			`A ${what} ID is a positive whole number, e.g. 1234567. Pick the ${what} from the list, or map the "id" of a ${what} from an earlier node.`,
		);
	}
	return id;
}

/** The promotion ID of the `promotionId` resource locator, checked. */
export function promotionIdOf(ctx: IExecuteFunctions, itemIndex: number): number {
	return positiveId(ctx, itemIndex, locatorValue(ctx, 'promotionId', itemIndex), 'Promotion', 'promotion');
}

/** The mailing ID of the `mailingId` resource locator, checked. */
export function mailingIdOf(ctx: IExecuteFunctions, itemIndex: number): number {
	return positiveId(ctx, itemIndex, locatorValue(ctx, 'mailingId', itemIndex), 'Mailing', 'mailing');
}

/** The message of a 404 (a blank answer) for a mailing statistics request. */
export function mailingNotFound(promotionId: number, mailingId: number): string {
	return `Mad Mimi has no promotion ${promotionId} with a mailing ${mailingId}: check the promotion ID and mailing ID`;
}
