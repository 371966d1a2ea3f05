/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: reads the example workflows from disk */
/**
 * Parameter names and values are public API (docs/versioning.md): a saved workflow keeps them.
 * Every Mad Mimi node of every example workflow (examples/, e2e/fixtures/) is read here against
 * the node's description as the editor would: its type version is one the node has, each stored
 * parameter is one the node shows for the stored resource and operation, each stored option
 * value, collection field, fixed-collection group and resource-locator mode still exists, and
 * nothing required is missing. Renaming or removing any of them without a new node version fails
 * this test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyCollection,
	type INodePropertyOptions,
	type INodeTypeDescription,
	type IWorkflowBase,
	type NodeParameterValueType,
} from 'n8n-workflow';

import { MadMimi } from '../../nodes/MadMimi/MadMimi.node';
import { MadMimiTrigger } from '../../nodes/MadMimiTrigger/MadMimiTrigger.node';
// the Poll Times parameter n8n's loader adds to every polling node
import { commonPollingParameters } from '../harness/n8nInternals';

const ROOT = path.join(__dirname, '..', '..');

/** A description as n8n holds it once loaded (its loader's applySpecialNodeParameters). */
function asLoaded(description: INodeTypeDescription): INodeTypeDescription {
	return description.polling
		? { ...description, properties: [...commonPollingParameters, ...description.properties] }
		: description;
}

/** The tool n8n generates from the node (its node-types.js): the node's own fields, which bring the tool's description fields. */
function asTool(description: INodeTypeDescription): INodeTypeDescription {
	return { ...description, name: `${description.name}Tool` };
}

const DESCRIPTIONS: Record<string, INodeTypeDescription> = {
	'n8n-nodes-madmimi.madMimi': asLoaded(new MadMimi().description),
	'n8n-nodes-madmimi.madMimiTool': asTool(new MadMimi().description),
	'n8n-nodes-madmimi.madMimiTrigger': asLoaded(new MadMimiTrigger().description),
};

function workflowFiles(): string[] {
	return ['examples', path.join('e2e', 'fixtures')].flatMap((dir) =>
		readdirSync(path.join(ROOT, dir))
			.filter((file) => file.endsWith('.json'))
			.map((file) => path.join(dir, file)),
	);
}

function isExpression(value: unknown): boolean {
	return typeof value === 'string' && value.startsWith('=');
}

function optionValues(property: INodeProperties): unknown[] {
	return ((property.options ?? []) as INodePropertyOptions[]).map((option) => option.value);
}

/** What is wrong with one stored value of `property`, at `where` (empty when nothing is). */
function valueProblems(
	property: INodeProperties,
	value: NodeParameterValueType,
	where: string,
): string[] {
	if (isExpression(value)) return [];
	switch (property.type) {
		case 'options':
			if (property.typeOptions?.loadOptionsMethod) return [];
			return optionValues(property).includes(value)
				? []
				: [`${where}: the value ${JSON.stringify(value)} is not an option any more`];
		case 'multiOptions':
			if (property.typeOptions?.loadOptionsMethod || !Array.isArray(value)) return [];
			return value
				.filter((v) => !optionValues(property).includes(v))
				.map((v) => `${where}: the value ${JSON.stringify(v)} is not an option any more`);
		case 'resourceLocator': {
			const mode = (value as { mode?: string } | null)?.mode;
			const modes = (property.modes ?? []).map((m) => m.name);
			return mode === undefined || modes.includes(mode)
				? []
				: [`${where}: the mode "${mode}" is gone (modes: ${modes.join(', ')})`];
		}
		case 'collection':
			return fieldsProblems(
				(property.options ?? []) as INodeProperties[],
				(value ?? {}) as INodeParameters,
				where,
			);
		case 'fixedCollection':
			return Object.entries((value ?? {}) as INodeParameters).flatMap(([groupName, groupValue]) => {
				const group = ((property.options ?? []) as INodePropertyCollection[]).find(
					(g) => g.name === groupName,
				);
				if (!group) return [`${where}.${groupName}: no such group any more`];
				const entries = (
					Array.isArray(groupValue) ? groupValue : [groupValue]
				) as INodeParameters[];
				return entries.flatMap((entry, index) =>
					fieldsProblems(group.values, entry, `${where}.${groupName}[${index}]`),
				);
			});
		default:
			return [];
	}
}

/** The fields of a collection or a fixed-collection entry: each stored one still exists. */
function fieldsProblems(
	fields: INodeProperties[],
	stored: INodeParameters,
	where: string,
): string[] {
	return Object.entries(stored).flatMap(([name, value]) => {
		const field = fields.find((f) => f.name === name);
		return field
			? valueProblems(field, value, `${where}.${name}`)
			: [`${where}.${name}: no such field any more`];
	});
}

/** Everything a saved node has that its node type no longer knows, in words. */
export function storedNodeProblems(
	node: Pick<INode, 'name' | 'type' | 'typeVersion' | 'parameters'>,
): string[] {
	const description = DESCRIPTIONS[node.type];
	if (!description) return [];
	const versions = ([] as number[]).concat(description.version);
	if (!versions.includes(node.typeVersion))
		return [`${node.name}: type version ${node.typeVersion} is not one of ${versions.join(', ')}`];
	// what the editor holds for the node: the stored values and the defaults of what is shown
	const values =
		NodeHelpers.getNodeParameters(
			description.properties,
			node.parameters,
			true,
			false,
			node,
			description,
		) ?? {};
	const problems = Object.entries(node.parameters).flatMap(([name, value]) => {
		const shown = description.properties.filter(
			(p) => p.name === name && NodeHelpers.displayParameter(values, p, node, description),
		);
		if (shown.length === 0)
			return [
				`${node.name}: the parameter "${name}" is not a parameter of this resource and operation any more`,
			];
		// a name can have several properties (one per operation); the value has to fit one of them
		const each = shown.map((property) => valueProblems(property, value, `${node.name}: ${name}`));
		return each.some((p) => p.length === 0) ? [] : each[0];
	});
	const issues = NodeHelpers.getNodeParametersIssues(
		description.properties,
		{ ...node, parameters: values } as INode,
		description,
	);
	const missing = Object.keys(issues?.parameters ?? {}).map(
		(name) => `${node.name}: the required parameter "${name}" has no value`,
	);
	return [...problems, ...missing];
}

describe.each(workflowFiles())('%s: every stored Mad Mimi parameter still exists', (file) => {
	const workflow = JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as IWorkflowBase;
	const madMimiNodes = workflow.nodes.filter((n) => n.type in DESCRIPTIONS);

	test('it has Mad Mimi nodes', () => expect(madMimiNodes.length).toBeGreaterThan(0));

	test.each(madMimiNodes.map((n) => [n.name, n]))('%s', (_name, node) => {
		expect(storedNodeProblems(node as INode)).toEqual([]);
	});
});

describe('the check fails on what a rename would leave behind', () => {
	const member = {
		name: 'Get member',
		type: 'n8n-nodes-madmimi.madMimi',
		typeVersion: 1,
		parameters: {
			resource: 'audienceMember',
			operation: 'get',
			email: 'ann@example.com',
		} as INodeParameters,
	};

	test('the sample itself is fine', () => expect(storedNodeProblems(member)).toEqual([]));

	// each a change of the sample's parameters (undefined: the parameter is gone) or of its version
	test.each<[string, INodeParameters | number, RegExp]>([
		[
			'a parameter renamed',
			{ email: undefined, emailAddress: 'ann@example.com' },
			/"emailAddress" is not a parameter/,
		],
		['an operation value renamed', { operation: 'fetch' }, /"fetch" is not an option/],
		['a resource value renamed', { resource: 'member' }, /"member" is not an option/],
		[
			'an option field renamed',
			{ options: { maxAnswerBytes: 5 } },
			/options\.maxAnswerBytes: no such field/,
		],
		[
			'a locator mode renamed',
			{
				resource: 'promotion',
				operation: 'send',
				email: undefined,
				promotionName: { __rl: true, mode: 'byName', value: 'News' },
			},
			/mode "byName" is gone/,
		],
		['a type version gone', 2, /type version 2 is not one of 1/],
		[
			'a required parameter left empty',
			{ email: undefined },
			/Get member: the required parameter "email" has no value/,
		],
	])('%s', (_what, change, expected) => {
		const changed =
			typeof change === 'number'
				? { ...member, typeVersion: change }
				: {
						...member,
						parameters: JSON.parse(
							JSON.stringify({ ...member.parameters, ...change }),
						) as INodeParameters,
					};
		expect(storedNodeProblems(changed).join('\n')).toMatch(expected);
	});
});
