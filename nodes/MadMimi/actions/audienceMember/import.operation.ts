import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runPerItem } from '../itemLoop';
import { batchSizeOption, createListOption } from './import/common';
import { importCsv } from './import/csv';
import { importItems } from './import/items';
import { importText } from './import/text';
import { listLocator } from '../../locators/list';
import { optionsCollection } from '../../descriptions/options';
import { optionOf } from '../parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Input Items',
				value: 'items',
				description: 'Each input item becomes one member; its fields become columns',
			},
			{
				name: 'CSV',
				value: 'csv',
				description: 'A CSV file or CSV text with a header row and an email column',
			},
			{
				name: 'Text',
				value: 'text',
				description: 'Addresses, each optionally followed by a name in double quotes',
			},
		],
		default: 'items',
	},
	listLocator({
		required: false,
		default: { mode: 'list', value: '' },
		description:
			'The audience list every imported member joins. Leave empty to import without a list.',
		hint: 'A list that does not exist is refused before anything is imported, unless the option "Create List If Missing" is on',
	}),
	{
		displayName: 'Email Field',
		name: 'emailField',
		type: 'string',
		default: 'email',
		required: true,
		// dragging a field from the input gives its name (email), not an expression of its value
		requiresDataPath: 'single',
		displayOptions: { show: { source: ['items'] } },
		description: 'All input items are sent together, in as few requests as the batch size allows',
		hint: 'The name of the input field that holds each address, e.g. email: drag that field here from the input',
	},
	{
		displayName: 'Fields to Send',
		name: 'fields',
		type: 'string',
		default: '',
		placeholder: 'e.g. first name, last name, company',
		// each field dragged from the input adds its name to the list
		requiresDataPath: 'multiple',
		displayOptions: { show: { source: ['items'] } },
		description:
			'Comma-separated names of the item fields to send as columns. Leave empty to send every top-level field.',
	},
	{
		displayName: 'CSV From',
		name: 'csvSource',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { source: ['csv'] } },
		options: [
			{ name: 'File (Binary Property)', value: 'binary' },
			{ name: 'Text', value: 'text' },
		],
		default: 'binary',
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryProperty',
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: { show: { source: ['csv'], csvSource: ['binary'] } },
		description: 'Name of the binary property holding the CSV file',
		hint: 'The CSV needs a header row with an "email" column; "add_list" and "opt out" columns are understood',
	},
	{
		displayName: 'CSV Text',
		name: 'csvText',
		type: 'string',
		typeOptions: { rows: 6 },
		default: '',
		required: true,
		placeholder: 'email,first name,add_list\njane@example.com,Jane,Newsletter',
		displayOptions: { show: { source: ['csv'], csvSource: ['text'] } },
		description: 'CSV with a header row and an email column',
	},
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		placeholder: 'jane@example.com "Jane Doe", joe@example.com',
		displayOptions: { show: { source: ['text'] } },
		description:
			'Email addresses, each optionally followed by a name in double quotes, separated by commas or white space',
	},
	optionsCollection('allItems', [
		batchSizeOption('How many members to send in one request', { show: { '/source': ['items'] } }),
		createListOption('the import'),
		{
			displayName: 'Invalid Addresses',
			name: 'invalidRows',
			type: 'options',
			options: [
				{
					name: 'Report and Skip',
					value: 'report',
					description:
						'Import the rows with a valid address; report the others in the output, with the reason',
				},
				{
					name: 'Stop the Workflow',
					value: 'fail',
					description: 'Send nothing and fail when any row has no valid address',
				},
			],
			default: 'report',
		},
		{
			displayName: 'Mark as Opted Out',
			name: 'optOut',
			type: 'boolean',
			displayOptions: { show: { '/source': ['items', 'text'] } },
			default: false,
			description: 'Whether to import every member as opted out (unsubscribed)',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['import'] } },
	properties,
);

export async function executeAll(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const source = optionOf(this, 0, properties, 'source');
	// input items: all of them in as few requests as the batch size allows
	if (source === 'items') return await importItems(this, items);
	// a CSV or a text per input item: one import each
	return await runPerItem(
		this,
		items.length,
		async (itemIndex) => [
			source === 'csv' ? await importCsv(this, itemIndex) : await importText(this, itemIndex),
		],
		undefined,
		{ imported: false },
	);
}
