import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { printable, requirePathName } from '../../helpers/validation';
import { listNamed } from '../../api/lists';
import type { MadMimiClient } from '../../transport';
import { client } from '../client';
import { retriedSince } from '../retry';
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
	const api = client(this, itemIndex);
	const repeat = {
		mayHave: `The list "${printable(name)}" may have been created`,
		check: 'Look for it with Audience List → Get Many before creating it again.',
		askFirst:
			retriedSince(this) === undefined ? undefined : async () => await createdAlready(api, name),
	};
	// the JSON form of the endpoint (recorded) answers the new list, or why not; a repeat after the
	// list was created is refused ("Name has already been taken")
	const outcome = await api.writeOnce(
		repeat,
		async () =>
			await api.json({
				method: 'POST',
				path: ['audience_lists'],
				form: { name },
				repeat,
				refusal: ({ text }) =>
					/taken/i.test(text)
						? {
								message: `A list named "${printable(name)}" already exists`,
								description:
									'List names are unique in Mad Mimi: pick another name, or use the existing list.',
							}
						: undefined,
			}),
	);
	if ('foundDone' in outcome) return [{ success: true, ...outcome.foundDone }];
	const result = ((outcome.sent as IDataObject | null)?.result ?? {}) as IDataObject;
	return [
		{ success: true, id: result.id ?? null, name: result.name ?? name, size: result.size ?? 0 },
	];
}

/**
 * In a retried execution: the list, if it exists now. The run being retried created it, or it was
 * there before and that run's create was refused: either way there is nothing left to create.
 */
async function createdAlready(api: MadMimiClient, name: string): Promise<IDataObject | undefined> {
	const list = await listNamed(api, name);
	if (!list) return undefined;
	return {
		id: list.id ?? null,
		name,
		size: list.subscriberCount ?? null,
		skipped: true,
		reason: `The list "${name}" exists already (the execution being retried created it, or it was there before): not created again`,
	};
}
