import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { countNew } from '../../api/audienceMember';
import { isoUtc, toUnixSeconds } from '../../helpers/dates';
import { DAY_MS, DEFAULT_RANGE_DAYS } from '../../settings';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';
import { dateParameter } from '../parameters';
import { itemError } from '../itemLoop';

const properties: INodeProperties[] = [
	{
		displayName: 'Start',
		name: 'start',
		type: 'dateTime',
		default: '',
		description: 'Count the members created from this time on',
		hint: `Leave empty for ${DEFAULT_RANGE_DAYS} days before End`,
	},
	{
		displayName: 'End',
		name: 'end',
		type: 'dateTime',
		default: '',
		description:
			'Count the members created up to this time. Mad Mimi counts at most one month per request: longer ranges are split and the counts added.',
		hint: 'Leave empty for now',
	},
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['countNew'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const endMs = dateParameter(this, itemIndex, 'end', 'End') ?? Date.now();
	const start = toUnixSeconds(
		dateParameter(this, itemIndex, 'start', 'Start') ?? endMs - DEFAULT_RANGE_DAYS * DAY_MS,
	);
	const end = toUnixSeconds(endMs);
	if (end < start) {
		throw itemError(
			this,
			itemIndex,
			'The field "End" is before "Start"',
			`Start is ${isoUtc(start * 1000)} and End is ${isoUtc(end * 1000)}: swap them, or fix the one that is wrong.`,
		);
	}
	const count = await countNew(itemClient(this, itemIndex), start, end);
	return [{ count, start: isoUtc(start * 1000), end: isoUtc(end * 1000) }];
}
