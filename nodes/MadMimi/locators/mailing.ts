import type { INodeProperties } from 'n8n-workflow';

import type { IdField } from '../helpers/recordId';

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
						properties: {
							regex: '^[1-9][0-9]*$',
							errorMessage: 'A mailing ID is a whole number, e.g. 7654321',
						},
					},
				],
			},
		],
		...overrides,
	};
}

/** How the `mailingId` resource locator's ID is checked and named in its errors. */
export const mailingIdField: IdField = {
	field: 'Mailing',
	what: 'mailing',
	emptyHint: 'Pick a mailing from the list, or type or map its ID.',
	invalidHint:
		'A mailing ID is a positive whole number, e.g. 1234567. Pick the mailing from the list, or map the "id" of a mailing from an earlier node.',
};
