/** The parameters of Audience Member → Import, as the import tests write them. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { nodeParams } from './setup';

export const listPicked = (value: string) => ({
	__rl: true,
	mode: 'list',
	value,
	cachedResultName: value,
});

/** An import from items; `list` (the top-level list picker) is given with the options for brevity. */
export const importItems = (
	extra: IDataObject = {},
	{ list, ...options }: IDataObject = {},
): INodeParameters =>
	nodeParams('audienceMember', 'import', {
		source: 'items',
		emailField: 'email',
		...(list === undefined ? {} : { list: listPicked(String(list)) }),
		options,
		...extra,
	});
