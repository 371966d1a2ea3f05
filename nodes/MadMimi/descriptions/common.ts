import type { INodeProperties } from 'n8n-workflow';

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
		// n8n's lint (node-param-default-wrong-for-limit) wants every Limit to default to the literal 50
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/**
 * Simplify: only the fields people use, the empty ones left out (helpers/simplify.ts). Off in the
 * editor, so saved workflows keep their output; on by default in n8n's tool variant of the node
 * (`@tool`: its type's name ends in "Tool"), where every byte is the model's. Two fields of one
 * name, one shown in each.
 */
export const simplifyFields: INodeProperties[] = [
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		description: 'Whether to return only the fields people use, and leave out the empty ones',
		displayOptions: { show: { '@tool': [false] } },
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: 'Whether to return only the fields people use, and leave out the empty ones',
		displayOptions: { show: { '@tool': [true] } },
	},
];
