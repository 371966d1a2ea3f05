import type { INodeProperties } from 'n8n-workflow';

/**
 * The audience list a record belongs to: picked from the account, or a name typed or mapped. Its
 * description (the tooltip, and what a model filling it for an AI Agent reads) says that a list
 * goes by its exact name.
 */
export function listLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	const { description = 'The audience list', ...rest } = overrides;
	return {
		displayName: 'List',
		name: 'list',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: `${description.replace(/\.$/, '')}. Mad Mimi knows a list by its exact name: upper and lower case count.`,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a list...',
				typeOptions: { searchListMethod: 'searchLists', searchable: true },
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. Newsletter',
				hint: 'The list name exactly as it appears in Mad Mimi',
			},
		],
		...rest,
	};
}

/** Several audience lists, picked from the account (a multi-select), or names mapped by an expression. Read with `listNamesOf`. */
export function listNamesField(field: {
	displayName: string;
	name: string;
	description: string;
	hint?: string;
}): INodeProperties {
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getListNames' },
		default: [],
		// the sentence n8n's lint asks of a multi-select filled from the account; the hint says that Mad Mimi takes names
		description: `${field.description}. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		hint:
			field.hint ??
			'Mad Mimi addresses lists by name: an expression gives names, as a list or as a text with the names separated by commas',
	};
}
