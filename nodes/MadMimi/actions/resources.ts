import type { INodeProperties } from 'n8n-workflow';

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
import type { Operation } from './types';

/** A resource of the node: its name in the editor, its stored value, its operations and their fields. */
interface Resource {
	name: string;
	value: string;
	operations: Record<string, Operation>;
	description: INodeProperties[];
}

/**
 * The node's resources, the one list the Resource dropdown, the node's fields and the router are
 * made of. Their order is the editor's: n8n's nodes panel lists the node's actions grouped by
 * resource in this order, so what a newcomer does first (add people, send an email) comes first,
 * then the rest of the everyday work, then the account's settings alphabetically.
 */
export const RESOURCES: readonly Resource[] = [
	{ name: 'Audience Member', value: 'audienceMember', ...audienceMember },
	{ name: 'Email', value: 'email', ...email },
	{ name: 'Audience List', value: 'audienceList', ...audienceList },
	{ name: 'Promotion', value: 'promotion', ...promotion },
	{ name: 'Mailing', value: 'mailing', ...mailing },
	{ name: 'Addon', value: 'addon', ...addon },
	{ name: 'Analytics Domain', value: 'analyticsDomain', ...analyticsDomain },
	{ name: 'Child Account', value: 'childAccount', ...childAccount },
	{ name: 'Drip Campaign', value: 'dripCampaign', ...dripCampaign },
	{ name: 'Signup Form', value: 'signupForm', ...signupForm },
	{ name: 'Social Link', value: 'socialLink', ...socialLink },
];

/** The Resource dropdown. */
export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: RESOURCES.map(({ name, value }) => ({ name, value })),
	default: 'audienceMember',
};

/** The operation of a resource, or undefined when the node has no such pair. */
export function operationOf(resource: string, operation: string): Operation | undefined {
	const found = RESOURCES.find((r) => r.value === resource);
	return found && Object.prototype.hasOwnProperty.call(found.operations, operation)
		? found.operations[operation]
		: undefined;
}

/**
 * The canvas's subtitle: the action's own words ("Create or update a member"), as the nodes panel
 * shows it, rather than the stored values joined up ("createOrUpdate: audienceMember").
 */
export function subtitleExpression(): string {
	const actions: Record<string, string> = {};
	for (const resource of RESOURCES) {
		const operationField = resource.description.find((p) => p.name === 'operation');
		for (const option of operationField?.options ?? []) {
			if ('value' in option && 'action' in option && typeof option.action === 'string')
				actions[`${resource.value}:${String(option.value)}`] = option.action;
		}
	}
	return `={{ ${JSON.stringify(actions)}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}`;
}
