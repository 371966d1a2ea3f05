import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { optedOutSince } from '../../api/audienceMemberOptOut';
import { DAY_MS, DEFAULT_RANGE_DAYS } from '../../settings';
import { isoUtc, toUnixSeconds } from '../../helpers/dates';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';
import { dateParameter } from '../parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Since',
		name: 'since',
		type: 'dateTime',
		default: '',
		description:
			'Get the members who opted out at or after this time, e.g. {{ $now.minus(1, "day") }} (in the workflow\'s time zone unless the value carries an offset)',
		hint: `Leave empty for the last ${DEFAULT_RANGE_DAYS} days`,
	},
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['getOptedOut'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const since =
		dateParameter(this, itemIndex, 'since', 'Since') ?? Date.now() - DEFAULT_RANGE_DAYS * DAY_MS;
	const seconds = toUnixSeconds(since);
	const emails = await optedOutSince(itemClient(this, itemIndex), seconds);
	const sinceIso = isoUtc(seconds * 1000);
	return emails.map((email) => ({ email, optedOutSince: sinceIso }));
}
