import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { requireEmail } from '../../helpers/validation';
import { addToList, removeFromList } from '../../api/audienceList';
import { itemClient } from '../../api/client';
import { listLocator } from '../../locators/list';
import { optionsCollection } from '../../descriptions/options';
import { listName } from '../parameters';

/** Add Member and Remove Member: the same fields, and a list's `/add` or `/remove`. */
export function membershipOperation(operation: 'addMember' | 'removeMember') {
	const verb = operation === 'addMember' ? 'add' : 'remove';
	const properties: INodeProperties[] = [
		listLocator(),
		emailField({
			description: `Email address of an existing audience member to ${verb === 'add' ? 'add to' : 'remove from'} the list`,
			...(verb === 'add'
				? {
						hint: 'Only someone who is already a member can be added. To add new people, use Audience Member → Create or Update.',
					}
				: {}),
		}),
		optionsCollection('perItem'),
	];

	const description = updateDisplayOptions(
		{ show: { resource: ['audienceList'], operation: [operation] } },
		properties,
	);

	async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
		const list = listName(this, itemIndex);
		const email = requireEmail(this.getNodeParameter('email', itemIndex), 'Email');
		const api = itemClient(this, itemIndex);
		if (verb === 'add') await addToList(api, list, email);
		else await removeFromList(api, list, email);
		return [{ success: true, [verb === 'add' ? 'added' : 'removed']: true, list, email }];
	}

	return { description, execute };
}
