import type { INodeProperties } from 'n8n-workflow';

/** The audience list a record belongs to: picked from the account, or a name typed or mapped. */
export function listLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'List',
		name: 'list',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The audience list',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a list...',
				typeOptions: { searchListMethod: 'searchLists', searchable: true },
			},
			{
				displayName: 'By Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. Newsletter',
				hint: 'The list name exactly as it appears in Mad Mimi',
			},
		],
		...overrides,
	};
}

export function emailField(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: "The member's email address",
		...overrides,
	};
}

/** Return All / Limit, for every read that can return many records. */
export const returnAllOrLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];
