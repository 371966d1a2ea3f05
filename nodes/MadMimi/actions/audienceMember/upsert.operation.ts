import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { requireEmail } from '../../helpers/validation';
import { continueOrStop } from '../itemLoop';
import type { ImportOptions } from './import/common';
import { batchSizeOption, createListOption, readOptions } from './import/common';
import { listOutput } from './import/lists';
import { importPeople } from './import/people';
import type { ImportPerson } from '../memberImport';
import { memberFieldsCollection, readMemberFields } from '../memberFields';
import { listLocator } from '../../locators/list';
import { optionsCollection } from '../../descriptions/options';
import { optionalListName, perItem } from '../parameters';

const properties: INodeProperties[] = [
	emailField({
		description:
			"The person's email address: a new address creates a member, a known one updates it",
		placeholder: 'e.g. {{ $json.email }}',
	}),
	listLocator({
		required: false,
		default: { mode: 'list', value: '' },
		description:
			'The audience list the member joins. Leave empty to add or update the member without a list.',
	}),
	memberFieldsCollection('Additional Fields', 'additionalFields', 'describing'),
	optionsCollection('allItems', [
		batchSizeOption('How many input items (people) to send in one request'),
		createListOption('the item'),
		{
			displayName: 'Mark as Opted Out',
			name: 'optOut',
			type: 'boolean',
			default: false,
			description: 'Whether to add or update the member as opted out (unsubscribed)',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['upsert'] } },
	properties,
);

/** One person, read with its own item's parameters. */
interface Person extends ImportPerson {
	/** CSV column → value, and the same fields as the output names them. */
	columns: Record<string, string>;
	output: IDataObject;
	/** The list picked for the person (the output names it). */
	list?: string;
}

/** How each person is read: every parameter per item when it is an expression, else once (see perItem). */
function personReader(ctx: IExecuteFunctions): (itemIndex: number) => Person {
	const emailOf = perItem(ctx, 'email', (i) =>
		requireEmail(ctx.getNodeParameter('email', i, ''), 'Email'),
	);
	const fieldsOf = perItem(ctx, 'additionalFields', (i) =>
		readMemberFields(ctx, i, 'additionalFields'),
	);
	const optOutOf = perItem(ctx, 'options', (i) => readOptions(ctx, i).optOut === true);
	const listOf = perItem(ctx, 'list', (i) => optionalListName(ctx, i));
	return (itemIndex) => {
		const email = emailOf(itemIndex);
		const { columns, output } = fieldsOf(itemIndex);
		const list = listOf(itemIndex);
		return {
			itemIndex,
			email,
			list,
			lists: list === undefined ? [] : [list],
			columns,
			output,
			optOut: optOutOf(itemIndex),
		};
	};
}

/**
 * Create or Update: one input item is one person, all people of the run imported together
 * (import/people.ts). An item that cannot be read (no valid address) fails on its own: with
 * Continue On Fail it gives its error item and the others are sent; without it the run stops
 * before anything is sent.
 */
export async function executeAll(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const people: Person[] = [];
	const settled = new Map<number, IDataObject>();
	const readPerson = personReader(this);
	for (let i = 0; i < items.length; i++) {
		try {
			people.push(readPerson(i));
		} catch (error) {
			settled.set(i, { imported: false, ...continueOrStop(this, error, i) });
		}
	}
	const options: ImportOptions = people.length > 0 ? readOptions(this, people[0].itemIndex) : {};
	return await importPeople(this, {
		itemCount: items.length,
		people,
		settled,
		batchSize: options.batchSize,
		createList: options.createList === true,
		fieldColumns: [...new Set(people.flatMap((person) => Object.keys(person.columns)))],
		valueOf: (person, column) => person.columns[column] ?? '',
		describe: (person, lists) => ({
			...person.output,
			...listOutput(person.list, lists),
			...(person.optOut ? { optedOut: true } : {}),
		}),
		notice: {
			whatWasNot: 'items were not added or updated',
			details: () => 'see their "error" in the output.',
		},
	});
}
