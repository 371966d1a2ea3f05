import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { perItem } from '../../helpers/params';
import { requireEmail } from '../../helpers/validation';
import { errorJson } from '../itemLoop';
import { importInBatches } from './import/batches';
import {
	batchSizeOption,
	createListOption,
	DEFAULT_BATCH_SIZE,
	hintLeftOut,
} from './import/common';
import { listOutput, prepareLists, withoutMissingLists } from './import/lists';
import type { ImportPerson } from './import/rows';
import { importLayout } from './import/rows';
import { memberFieldsCollection, readMemberFields } from './member';
import { listLocator, optionalListName } from '../../locators/list';
import { optionsCollection } from '../../descriptions/options';

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
	{ show: { resource: ['audienceMember'], operation: ['createOrUpdate'] } },
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
		requireEmail(ctx, i, ctx.getNodeParameter('email', i, ''), 'Email'),
	);
	const fieldsOf = perItem(ctx, 'additionalFields', (i) =>
		readMemberFields(ctx, i, 'additionalFields'),
	);
	const optOutOf = perItem(
		ctx,
		'options',
		(i) => (ctx.getNodeParameter('options', i, {}) as { optOut?: boolean }).optOut === true,
	);
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
 * Create or Update: one input item is one person. All people of the run go out through the
 * service's import in ⌈N / batch size⌉ requests; the output is one item per input item, paired to
 * it, saying what was sent. An item that cannot be sent (no valid address, a list that does not
 * exist) fails on its own: with Continue On Fail it gives its error item and the others are sent;
 * without it the run stops before anything is sent.
 */
export async function executeAll(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const continueOnFail = this.continueOnFail();
	const out: Array<INodeExecutionData | undefined> = new Array(items.length);
	const fail = (itemIndex: number, error: unknown) => {
		if (!continueOnFail) throw error;
		out[itemIndex] = { json: errorJson(error), pairedItem: { item: itemIndex } };
	};
	const people: Person[] = [];
	const readPerson = personReader(this);
	for (let i = 0; i < items.length; i++) {
		try {
			people.push(readPerson(i));
		} catch (error) {
			fail(i, error);
		}
	}
	if (people.length > 0) {
		const first = people[0].itemIndex;
		const options = this.getNodeParameter('options', first, {}) as {
			batchSize?: number;
			createList?: boolean;
		};
		const check = await prepareLists(
			this,
			people.flatMap((person) => person.lists),
			options.createList === true,
			first,
		);
		const sendable = withoutMissingLists(this, people, check, (person, error) =>
			fail(person.itemIndex, error),
		);
		const fieldColumns = [...new Set(sendable.flatMap((person) => Object.keys(person.columns)))];
		await importInBatches(
			this,
			sendable,
			Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE)),
			{
				...importLayout(sendable, fieldColumns, (person, column) => person.columns[column] ?? ''),
				itemIndex: (person) => person.itemIndex,
				imported: (person, importId) => ({
					email: person.email,
					...person.output,
					...listOutput(person.list, check),
					...(person.optOut ? { optedOut: true } : {}),
					importId,
					success: true,
				}),
				failed: (person, _batch, error) => ({ email: person.email, ...error }),
				emit: (itemIndex, output) => (out[itemIndex] = output),
			},
		);
	}
	const failed = out.filter((item) => item !== undefined && item.json.error !== undefined).length;
	hintLeftOut(
		this,
		failed,
		items.length,
		'items were not added or updated',
		'see their "error" in the output.',
	);
	if (out.some((item) => item === undefined)) {
		// every item has an output: a gap would be a bug, not something to pass over
		throw new NodeOperationError(this.getNode(), 'Some input items got no result', {
			description: 'Please report this to the package maintainers.',
		});
	}
	return out as INodeExecutionData[];
}
