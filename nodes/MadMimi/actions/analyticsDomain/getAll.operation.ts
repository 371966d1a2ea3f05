import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestXmlRecords } from '../../transport';

const properties: INodeProperties[] = [];

export const description = updateDisplayOptions(
	{ show: { resource: ['analyticsDomain'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const records = await requestXmlRecords.call(this, { method: 'GET', path: ['google_analytics'], itemIndex });
	// each <domain> element holds only its text: the parser gives it as `value`
	return records.map((record) => {
		const keys = Object.keys(record);
		return keys.length === 1 && keys[0] === 'value' ? { domain: record.value } : record;
	});
}
