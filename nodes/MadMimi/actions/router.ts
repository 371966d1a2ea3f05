import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as addon from './addon';
import * as analyticsDomain from './analyticsDomain';
import * as audienceList from './audienceList';
import * as audienceMember from './audienceMember';
import * as childAccount from './childAccount';
import * as dripCampaign from './dripCampaign';
import * as email from './email';
import * as mailing from './mailing';
import * as promotion from './promotion';
import * as signupForm from './signupForm';
import * as socialLink from './socialLink';
import { identityFirst, readBatching, runPerItem } from './itemLoop';
import type { Operation } from './types';
import { isBatchOperation } from './types';

export const resources: Record<string, Record<string, Operation>> = {
	audienceList: audienceList.operations,
	audienceMember: audienceMember.operations,
	promotion: promotion.operations,
	mailing: mailing.operations,
	addon: addon.operations,
	analyticsDomain: analyticsDomain.operations,
	socialLink: socialLink.operations,
	childAccount: childAccount.operations,
	dripCampaign: dripCampaign.operations,
	email: email.operations,
	signupForm: signupForm.operations,
};

/** Reads resource and operation once and runs the operation over the input items. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const op = resources[resource]?.[operation];
	if (!op) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}
	if (isBatchOperation(op)) return [(await op.executeAll.call(this, items)).map((item) => ({ ...item, json: identityFirst(item.json) }))];
	const run = async (itemIndex: number) => await op.execute.call(this, itemIndex);
	return [await runPerItem(this, items.length, run, readBatching(this))];
}
