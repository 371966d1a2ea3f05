import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { printable, requirePathName } from '../../helpers/validation';
import { client } from '../client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Newsletter',
		description: 'Name of the new audience list',
	},
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceList'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	// the list is later addressed by its name in URL paths: the same rules apply
	const name = requirePathName(this, itemIndex, this.getNodeParameter('name', itemIndex), 'Name');
	// the JSON form of the endpoint (recorded) answers the new list, or why not
	const answer = await client(this, itemIndex).json({
		method: 'POST',
		path: ['audience_lists'],
		form: { name },
		// a repeat after the list was created is refused ("Name has already been taken")
		repeat: {
			mayHave: `The list "${printable(name)}" may have been created`,
			check: 'Look for it with Audience List → Get Many before creating it again.',
		},
		refusal: ({ text }) =>
			/taken/i.test(text)
				? { message: `A list named "${printable(name)}" already exists`, description: 'List names are unique in Mad Mimi: pick another name, or use the existing list.' }
				: undefined,
	});
	const result = ((answer as IDataObject | null)?.result ?? {}) as IDataObject;
	return [{ success: true, id: result.id ?? null, name: result.name ?? name, size: result.size ?? 0 }];
}
