import type { INodeProperties } from 'n8n-workflow';

import { toolDescriptionFields } from './toolActions';

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
import type { Operation, Resource } from './types';

/**
 * The node's resources, the one list the Resource dropdown, the node's fields and the router are
 * made of. Their order is the editor's: n8n's nodes panel lists the node's actions grouped by
 * resource in this order, so what a newcomer does first (add people, send an email) comes first,
 * then the rest of the everyday work, then the account's settings alphabetically.
 */
export const RESOURCES: readonly Resource[] = [
	audienceMember.resource,
	email.resource,
	audienceList.resource,
	promotion.resource,
	mailing.resource,
	addon.resource,
	analyticsDomain.resource,
	childAccount.resource,
	dripCampaign.resource,
	signupForm.resource,
	socialLink.resource,
];

/** The Resource dropdown. */
const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: RESOURCES.map(({ displayName, value }) => ({ name: displayName, value })),
	default: 'audienceMember',
};

/** A resource's Operation dropdown: its operations alphabetically, as n8n's nodes list them. */
function operationProperty(resource: Resource): INodeProperties {
	const { defaultOperation } = resource;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource.value] } },
		options: [...resource.operations]
			.sort((a, b) => a.name.localeCompare(b.name))
			.map(({ name, value, description, action }) => ({ name, value, description, action })),
		default: defaultOperation,
	};
}

/**
 * The node's fields: the Resource dropdown, each resource's Operation dropdown and its
 * operations' fields, then the tool variant's description fields (toolActions.ts).
 */
export function nodeProperties(): INodeProperties[] {
	return [
		resourceProperty,
		...RESOURCES.flatMap((resource) => [
			operationProperty(resource),
			...resource.operations.flatMap((operation) => operation.run.description),
		]),
		...toolDescriptionFields(
			RESOURCES.flatMap((resource) =>
				resource.operations.map((operation) => ({
					resource: resource.value,
					operation: operation.value,
					forModel: operation.forModel,
				})),
			),
		),
	];
}

/** The operation of a resource, or undefined when the node has no such pair. */
export function operationOf(resource: string, operation: string): Operation | undefined {
	return RESOURCES.find((r) => r.value === resource)?.operations.find((o) => o.value === operation)
		?.run;
}

/** What an AI model is told each operation does, by `resource:operation` (each entry's `forModel`). */
export const TOOL_ACTIONS: Readonly<Record<string, string>> = Object.fromEntries(
	RESOURCES.flatMap((resource) =>
		resource.operations.map((operation) => [
			`${resource.value}:${operation.value}`,
			operation.forModel,
		]),
	),
);

/**
 * The canvas's subtitle: the resource and operation as the panel names them ("Email: Send"),
 * rather than the stored values joined up ("send: email"). Not the action's words: n8n names a
 * node added from the nodes panel after its action ("Send an email"), so they would repeat the
 * title right above them.
 */
export function subtitleExpression(): string {
	const shown: Record<string, string> = {};
	for (const resource of RESOURCES)
		for (const operation of resource.operations)
			shown[`${resource.value}:${operation.value}`] = `${resource.displayName}: ${operation.name}`;
	return `={{ ${JSON.stringify(shown)}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}`;
}
