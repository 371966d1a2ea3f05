import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { MadMimiClient } from '../../api/client';
import { accountListNames, renameList } from '../../api/audienceList';
import { requirePathName } from '../../helpers/validation';
import { itemClient } from '../../api/client';
import { retriedSince } from '../executionRetry';
import { listLocator } from '../../locators/list';
import { optionsCollection } from '../../descriptions/options';
import { listName } from '../parameters';

const properties: INodeProperties[] = [
	listLocator({ description: 'The audience list to rename' }),
	{
		displayName: 'New Name',
		name: 'newName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Newsletter (weekly)',
		description: 'The name the list has from now on; its members stay on it',
	},
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceList'], operation: ['rename'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const list = listName(this, itemIndex);
	const newName = requirePathName(this.getNodeParameter('newName', itemIndex), 'New Name');
	const api = itemClient(this, itemIndex);
	const outcome = await renameList(
		api,
		list,
		newName,
		retriedSince(this) === undefined
			? undefined
			: async () => await renamedAlready(api, list, newName),
	);
	return [
		{
			success: true,
			list: newName,
			previousName: list,
			...('foundDone' in outcome ? outcome.foundDone : {}),
		},
	];
}

/** In a retried execution: done when the account has a list of the new name and none of the old one. */
async function renamedAlready(
	api: MadMimiClient,
	list: string,
	newName: string,
): Promise<IDataObject | undefined> {
	const names = new Set(await accountListNames(api));
	if (!names.has(newName) || names.has(list)) return undefined;
	return {
		skipped: true,
		reason: `The list is named "${newName}" and none is named "${list}": the execution being retried renamed it, so it was not renamed again`,
	};
}
