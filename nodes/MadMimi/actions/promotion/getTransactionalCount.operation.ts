import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { formatDate } from '../../helpers/dates';
import { nonEmptyText } from '../../helpers/validation';
import { transactionalCount } from '../../api/promotion';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';
import { dateParameter } from '../parameters';

const properties: INodeProperties[] = [
	{
		displayName: 'Promotion Name',
		name: 'promotionName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Order receipt',
		description:
			'Name of the promotion the transactional emails were sent with (through the Mad Mimi mailer API)',
	},
	{
		displayName: 'Date',
		name: 'date',
		type: 'dateTime',
		default: '',
		description:
			"The day to count the emails of, in the workflow's time zone (the time of day is ignored)",
		hint: 'Leave empty for today',
	},
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['promotion'], operation: ['getTransactionalCount'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const promotionName = nonEmptyText(
		this.getNodeParameter('promotionName', itemIndex),
		'Promotion Name',
		'Give the name of the promotion, e.g. Order receipt.',
	);
	const date = formatDate(
		dateParameter(this, itemIndex, 'date', 'Date') ?? Date.now(),
		this.getTimezone(),
	);
	const count = await transactionalCount(itemClient(this, itemIndex), promotionName, date);
	return [{ promotionName, date, count }];
}
