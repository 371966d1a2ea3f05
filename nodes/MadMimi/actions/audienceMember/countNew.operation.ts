import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { isoUtc, splitCountNewRange, toUnixSeconds } from '../../helpers/dates';
import { readDate } from '../../helpers/params';
import { inputError } from '../../helpers/validation';
import { requestInteger } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Start',
		name: 'start',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'Count the members created from this time on',
	},
	{
		displayName: 'End',
		name: 'end',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'Count the members created up to this time',
		hint: 'Mad Mimi counts at most one month per request; longer ranges are split and the counts added',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['countNew'] } },
	properties,
);

/** Counts the members created in [start, end] (unix seconds), splitting it into windows. */
export async function countNewMembers(
	this: IExecuteFunctions,
	start: number,
	end: number,
	itemIndex: number,
): Promise<number> {
	let count = 0;
	for (const [from, to] of splitCountNewRange(start, end)) {
		count += await requestInteger.call(this, {
			method: 'GET',
			path: ['audience_members', 'count_new'],
			qs: { start: from, end: to },
			itemIndex,
		});
	}
	return count;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const start = toUnixSeconds(readDate(this, itemIndex, 'start', 'Start'));
	const end = toUnixSeconds(readDate(this, itemIndex, 'end', 'End'));
	if (end < start) {
		throw inputError(this, itemIndex, 'The field "End" is before "Start"', `Start is ${isoUtc(start * 1000)} and End is ${isoUtc(end * 1000)}: swap them, or fix the one that is wrong.`);
	}
	const count = await countNewMembers.call(this, start, end, itemIndex);
	return [{ count, start: isoUtc(start * 1000), end: isoUtc(end * 1000) }];
}
