import type { INodeProperties } from 'n8n-workflow';

/*
 * What an AI model is told each operation does, when the node is an AI Agent's tool.
 *
 * n8n describes a node used as a tool by its operation's `action` text followed by "in <node>"
 * (n8n-workflow's makeDescription, "Set Automatically"): the editor's short action texts ("Get
 * many members") tell a model nothing of what the tool needs or returns. Each operation has its
 * own text for the model (`forModel` in its resource's list), which the tool variant of the node
 * gets instead, so the editor's panel keeps its short ones.
 */

/** Shown only in n8n's tool variant of the node (its type's name ends in "Tool": n8n's `@tool` display condition). */
const IN_TOOL = { '@tool': [true] };

/**
 * The tool variant's description fields, in place of the two n8n adds to a tool (its "Set
 * Automatically" gives the short action text, and n8n 2.8 and 2.41 build the tool they run from
 * the node's own fields: `usableAsTool.replacements` reach the editor only). n8n uses a tool's
 * `toolDescription` as the model's description unless `descriptionType` is "auto": "Detailed"
 * gives the words above, by a hidden field per operation; "Set Manually", the user's own text.
 */
export function toolDescriptionFields(
	operations: Array<{ resource: string; operation: string; forModel: string }>,
): INodeProperties[] {
	const detailed: INodeProperties[] = operations.map(({ resource, operation, forModel }) => ({
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'hidden',
		default: `${forModel} in Mad Mimi`,
		displayOptions: {
			show: {
				...IN_TOOL,
				descriptionType: ['detailed'],
				resource: [resource],
				operation: [operation],
			},
		},
	}));
	return [
		{
			displayName: 'Tool Description',
			name: 'descriptionType',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Detailed',
					value: 'detailed',
					description:
						'What the operation does, what it needs and what it returns, written for a model',
				},
				{ name: 'Set Manually', value: 'manual', description: 'A description of your own' },
			],
			default: 'detailed',
			displayOptions: { show: IN_TOOL },
		},
		{
			displayName: 'Description',
			name: 'toolDescription',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			required: true,
			description: 'Explain to the model what this tool does, what it needs and what it returns',
			displayOptions: { show: { ...IN_TOOL, descriptionType: ['manual'] } },
		},
		...detailed,
	];
}
