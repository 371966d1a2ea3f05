import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { cell } from '../helpers/csv';
import { hasControlChars, printable } from '../helpers/validation';
import { isReservedColumn } from './memberImport';
import { itemError } from './itemLoop';

/*
 * A member's names, standard and custom fields, as Create or Update and Audience List → Sync
 * ("Additional Fields") and Update ("Update Fields") take them: one collection, one reader.
 */

/**
 * The member's standard fields, by the name the service gives them in its members documents
 * (recorded) and the name the output shows: offered by name in Update and Create or Update.
 */
const STANDARD_FIELDS: Array<{ field: string; name: string; displayName: string }> = [
	{ field: 'first_name', name: 'firstName', displayName: 'First Name' },
	{ field: 'last_name', name: 'lastName', displayName: 'Last Name' },
	{ field: 'name', name: 'name', displayName: 'Name' },
	{ field: 'title', name: 'title', displayName: 'Title' },
	{ field: 'company', name: 'company', displayName: 'Company' },
	{ field: 'phone', name: 'phone', displayName: 'Phone' },
	{ field: 'address', name: 'address', displayName: 'Address' },
	{ field: 'city', name: 'city', displayName: 'City' },
	{ field: 'state', name: 'state', displayName: 'State' },
	{ field: 'zip', name: 'zip', displayName: 'Zip' },
	{ field: 'country', name: 'country', displayName: 'Country' },
];

/**
 * The member's fields as a collection: for Update they replace what the member has (`replacing`:
 * "The member's new title"), for Create or Update they are the person's (`describing`).
 */
export function memberFieldsCollection(
	displayName: string,
	name: string,
	values: 'replacing' | 'describing',
): INodeProperties {
	const whose = values === 'replacing' ? "The member's new" : "The member's";
	const standard: INodeProperties[] = STANDARD_FIELDS.map((f) => ({
		displayName: f.displayName,
		name: f.name,
		type: 'string',
		default: '',
		description: `${whose} ${f.displayName === 'Name' ? 'full name' : f.displayName.toLowerCase()}`,
	}));
	const custom: INodeProperties = {
		displayName: 'Custom Fields',
		name: 'customFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add custom field',
		default: {},
		description:
			"Fields of your own, such as a membership level; a field the account doesn't have yet is created",
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Name',
						name: 'key',
						type: 'string',
						default: '',
						placeholder: 'e.g. plan',
						description: "The field's name",
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description: "The field's value",
					},
				],
			},
		],
	};
	// one field for all custom fields, as a JSON object: what an expression or an AI model fills in
	// one go, where the key/value pairs need one entry each
	const customJson: INodeProperties = {
		displayName: 'Custom Fields (JSON)',
		name: 'customFieldsJson',
		type: 'json',
		default: '{}',
		placeholder: '{ "plan": "gold", "city_of_birth": "Lyon" }',
		description:
			'Custom fields as one JSON object of names and values, e.g. {"plan": "gold"}; with Custom Fields beside it, both are sent',
	};
	return {
		displayName,
		name,
		type: 'collection',
		placeholder: 'Add field',
		default: {},
		// sorted by name, as n8n's lint wants a collection's options
		options: [...standard, custom, customJson].sort((a, b) =>
			a.displayName.localeCompare(b.displayName),
		),
	};
}

type MemberFields = Partial<Record<string, string>> & {
	customFields?: { field?: Array<{ key?: string; value?: unknown }> };
	customFieldsJson?: unknown;
};

/** The custom fields of Custom Fields (JSON): an object of names and values, given as JSON text or as an object. */
function customFieldsFromJson(
	ctx: IExecuteFunctions,
	itemIndex: number,
	given: unknown,
): Array<{ key?: string; value?: unknown }> {
	if (given === undefined || given === null || (typeof given === 'string' && given.trim() === ''))
		return [];
	let value: unknown = given;
	if (typeof given === 'string') {
		try {
			value = JSON.parse(given);
		} catch {
			value = undefined;
		}
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		throw itemError(
			ctx,
			itemIndex,
			'The field "Custom Fields (JSON)" is not a JSON object',
			'Give an object of field names and values, e.g. {"plan": "gold", "city": "Lyon"}.',
		);
	}
	return Object.entries(value as IDataObject).map(([key, entry]) => ({
		key,
		value: entry !== null && typeof entry === 'object' ? JSON.stringify(entry) : entry,
	}));
}

/** A member's fields as given: by the service's names, as the output names them, and the one from the other. */
export interface MemberFieldValues {
	/** The service's field name (`first_name`, a custom name as given) → the value. */
	columns: Record<string, string>;
	/** The output's name (`firstName`, a custom name as given) → the value. */
	output: IDataObject;
	/** The service's field name → the output's name. */
	labels: Record<string, string>;
}

/**
 * The fields given to a member: by the service's field names (`first_name`, custom names as
 * given) and as the output shows them (`firstName`, custom names as given). Custom names are
 * checked before any request: not empty, no brackets or control characters, and none of the
 * names the import and the update keep for themselves.
 */
export function readMemberFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	resolved?: unknown,
): MemberFieldValues {
	// the parameter's value when the caller read it already (actions/parameters.ts, itemFieldReader)
	const given = (resolved ?? ctx.getNodeParameter(parameter, itemIndex, {})) as MemberFields;
	const columns: Record<string, string> = {};
	const output: IDataObject = {};
	const labels: Record<string, string> = {};
	const put = (field: string, label: string, value: unknown) => {
		columns[field] = cell(value);
		output[label] = cell(value);
		labels[field] = label;
	};
	for (const f of STANDARD_FIELDS)
		if (given[f.name] !== undefined) put(f.field, f.name, given[f.name]);
	const custom = [
		...(given.customFields?.field ?? []),
		...customFieldsFromJson(ctx, itemIndex, given.customFieldsJson),
	];
	for (const [position, entry] of custom.entries()) {
		const key = cell(entry.key).trim();
		if (key === '') {
			throw itemError(
				ctx,
				itemIndex,
				`Custom field ${position + 1}: the field "Name" is empty`,
				'Give the name of the field, e.g. company.',
			);
		}
		if (/[[\]]/.test(key) || hasControlChars(key) || isReservedColumn(key)) {
			throw itemError(
				ctx,
				itemIndex,
				`Custom field ${position + 1}: "${printable(key)}" cannot be a field name`,
				'Give a name of your own, e.g. company, without brackets: email, add_list and opt out are not fields (Update Email changes the address).',
			);
		}
		put(key, key, entry.value);
	}
	return { columns, output, labels };
}
