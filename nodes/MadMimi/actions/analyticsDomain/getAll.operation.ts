import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { client } from '../client';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [optionsCollection('perItem')];

export const description = updateDisplayOptions(
	{ show: { resource: ['analyticsDomain'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const records = await client(this, itemIndex).xmlRecords({
		method: 'GET',
		path: ['google_analytics'],
	});
	// no source shows this document's names: a record that is one text (an element holding the
	// domain, whatever it is called) is given as { domain }; a record with fields stays as it is
	return records.map((record) => {
		const values = Object.values(record);
		return values.length === 1 && typeof values[0] === 'string' ? { domain: values[0] } : record;
	});
}
