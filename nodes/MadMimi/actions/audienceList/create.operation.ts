import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requirePathName } from '../../helpers/validation';
import type { MadMimiClient } from '../../api/client';
import { createList, listNamed } from '../../api/audienceList';
import { itemClient } from '../../api/client';
import { retriedSince } from '../executionRetry';
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
	const name = requirePathName(this.getNodeParameter('name', itemIndex), 'Name');
	const api = itemClient(this, itemIndex);
	const outcome = await createList(
		api,
		name,
		retriedSince(this) === undefined ? undefined : async () => await createdAlready(api, name),
	);
	return [{ success: true, ...('foundDone' in outcome ? outcome.foundDone : outcome.sent) }];
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
