import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { printable, nonEmptyText } from '../../helpers/validation';
import { emailStatus } from '../../api/email';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';
import { itemError } from '../itemLoop';

const properties: INodeProperties[] = [
	{
		displayName: 'Transaction ID',
		name: 'transactionId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 10199230844895592240',
		description:
			'The ID Email → Send gave for the email (its transactionId). The status is one word: sent, received, clicked_through, bounced, opted_out, failed and the like.',
	},
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['email'], operation: ['getStatus'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const raw = this.getNodeParameter('transactionId', itemIndex);
	if (typeof raw === 'number' && !Number.isSafeInteger(raw)) {
		// a 20-digit ID turned into a number has lost its last digits: it would name another email
		throw itemError(
			this,
			itemIndex,
			'The field "Transaction ID" was given as a number and has lost its last digits',
			'Transaction IDs have 20 digits, more than a number holds. Map the transactionId of Email → Send as it is (it is text), e.g. {{ $json.transactionId }}, without converting it.',
		);
	}
	const transactionId = nonEmptyText(
		raw,
		'Transaction ID',
		'Map the transactionId of Email → Send.',
	);
	if (!/^\d{1,40}$/.test(transactionId)) {
		throw itemError(
			this,
			itemIndex,
			`The field "Transaction ID" is not a transaction ID: "${printable(transactionId)}"`,
			'A transaction ID is a whole number of up to 20 digits: the transactionId of Email → Send.',
		);
	}
	const status = await emailStatus(itemClient(this, itemIndex), transactionId);
	return [{ transactionId, status }];
}
