/* eslint-disable @n8n/community-nodes/node-usable-as-tool -- a benchmark's baseline node type: registered in the harness by `npm run bench`, never loaded by n8n */
/**
 * What a user builds without the Mad Mimi node's import: n8n's HTTP Request node, one import of
 * one member per item, 50 items a batch in flight together, the next batch once they have all
 * answered (bench/README.md, "The HTTP Request baseline", says why this model). n8n-nodes-base is
 * not installed here, so this is a node type of the benchmark's own, run through n8n-core.
 */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

export const HTTP_BASELINE_TYPE = 'bench.httpRequestBaseline';

/** The HTTP Request node's default "Items per Batch". */
export const HTTP_BATCH_SIZE = 50;

/**
 * The body field a user would write: a one-row CSV of the item, header first. The company
 * (`Company 12, Ltd.`) holds a comma, so it is quoted.
 */
export const CSV_EXPRESSION =
	"={{ 'email,first name,last name,company,add_list\\n' + [$json.email, $json['first name'], $json['last name'], '\"' + $json.company + '\"', $json.add_list].join(',') }}";

export class HttpRequestBaseline implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'HTTP Request (benchmark baseline)',
		name: 'httpRequestBaseline',
		group: ['transform'],
		version: 1,
		description:
			'One import request per item, 50 in flight, as the HTTP Request node with Batching',
		defaults: { name: 'HTTP Request' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'madMimiApi', required: true }],
		properties: [
			{ displayName: 'Method', name: 'method', type: 'string', default: 'POST' },
			{ displayName: 'URL', name: 'url', type: 'string', default: '' },
			{ displayName: 'CSV File', name: 'csvFile', type: 'string', default: '' },
			{
				displayName: 'Items per Batch',
				name: 'batchSize',
				type: 'number',
				default: HTTP_BATCH_SIZE,
			},
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const batchSize = this.getNodeParameter('batchSize', 0) as number;
		// GET: the bare request through n8n-core (the overhead scenario's floor); POST: an import
		const get = this.getNodeParameter('method', 0) === 'GET';
		const out: INodeExecutionData[] = new Array(items.length);
		const send = async (itemIndex: number): Promise<void> => {
			const answer = (await this.helpers.httpRequestWithAuthentication.call(this, 'madMimiApi', {
				method: get ? 'GET' : 'POST',
				url: this.getNodeParameter('url', itemIndex) as string,
				encoding: 'text',
				json: false,
				...(get
					? {}
					: {
							body: new URLSearchParams({
								csv_file: this.getNodeParameter('csvFile', itemIndex) as string,
							}),
							headers: { 'content-type': 'application/x-www-form-urlencoded' },
						}),
			})) as unknown;
			out[itemIndex] = { json: { data: String(answer) }, pairedItem: { item: itemIndex } };
		};
		for (let start = 0; start < items.length; start += batchSize) {
			const batch: Array<Promise<void>> = [];
			for (let i = start; i < Math.min(items.length, start + batchSize); i++) batch.push(send(i));
			await Promise.all(batch);
		}
		return [out];
	}
}
