import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as addon from './actions/addon';
import * as analyticsDomain from './actions/analyticsDomain';
import * as audienceList from './actions/audienceList';
import * as audienceMember from './actions/audienceMember';
import * as childAccount from './actions/childAccount';
import * as dripCampaign from './actions/dripCampaign';
import * as email from './actions/email';
import * as mailing from './actions/mailing';
import * as promotion from './actions/promotion';
import * as signupForm from './actions/signupForm';
import * as socialLink from './actions/socialLink';
import { router } from './actions/router';
import { listSearch, loadOptions } from './methods';

export class MadMimi implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Mad Mimi',
		name: 'madMimi',
		icon: { light: 'file:madMimi.svg', dark: 'file:madMimi.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Manage audience lists, members, promotions and mailing statistics in Mad Mimi',
		defaults: { name: 'Mad Mimi' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'madMimiApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Addon', value: 'addon' },
					{ name: 'Analytics Domain', value: 'analyticsDomain' },
					{ name: 'Audience List', value: 'audienceList' },
					{ name: 'Audience Member', value: 'audienceMember' },
					{ name: 'Child Account', value: 'childAccount' },
					{ name: 'Drip Campaign', value: 'dripCampaign' },
					{ name: 'Email', value: 'email' },
					{ name: 'Mailing', value: 'mailing' },
					{ name: 'Promotion', value: 'promotion' },
					{ name: 'Signup Form', value: 'signupForm' },
					{ name: 'Social Link', value: 'socialLink' },
				],
				default: 'audienceMember',
			},
			...audienceList.description,
			...audienceMember.description,
			...promotion.description,
			...mailing.description,
			...addon.description,
			...analyticsDomain.description,
			...socialLink.description,
			...childAccount.description,
			...dripCampaign.description,
			...email.description,
			...signupForm.description,
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
