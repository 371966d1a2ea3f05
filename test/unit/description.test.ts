/**
 * The node as the editor shows it: for every resource and operation, the parameters a user sees.
 */
import type { INodeProperties } from 'n8n-workflow';

import { RESOURCES } from '../../nodes/MadMimi/actions/resources';
import { isBatchOperation } from '../../nodes/MadMimi/actions/types';
import { MadMimi } from '../../nodes/MadMimi/MadMimi.node';

const properties = new MadMimi().description.properties;

/** The top-level parameters shown for a resource and operation (ignoring conditions on other parameters). */
function shownFor(resource: string, operation: string): INodeProperties[] {
	return properties.filter((p) => {
		const show = p.displayOptions?.show;
		if (!show) return p.name === 'resource';
		if (show.resource && !(show.resource as string[]).includes(resource)) return false;
		if (show.operation && !(show.operation as string[]).includes(operation)) return false;
		return true;
	});
}

const OPERATIONS = RESOURCES.flatMap(({ value: resource, operations }) =>
	operations.map(({ value: operation, run: op }) => ({ resource, operation, op })),
);

describe('one Options collection per operation, holding only what applies to it', () => {
	test.each(
		OPERATIONS.map(({ resource, operation, op }) => [
			`${resource}.${operation}`,
			resource,
			operation,
			isBatchOperation(op),
		]),
	)('%s', (_name, resource, operation, batch) => {
		const shown = shownFor(resource as string, operation as string);
		const collections = shown.filter((p) => p.type === 'collection' && p.name === 'options');
		expect(collections).toHaveLength(1);
		const names = (collections[0].options as INodeProperties[]).map((o) => o.name);
		expect(names).toContain('timeout');
		expect(names.includes('itemsPerBatch')).toBe(!batch);
		expect(names.includes('batchInterval')).toBe(!batch);
		expect(new Set(names).size).toBe(names.length);
		// sorted as n8n shows them
		const labels = (collections[0].options as INodeProperties[]).map((o) => o.displayName);
		expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
		// no collection of this operation is empty, and no Options collection hides behind another parameter's value
		for (const p of shown.filter((q) => q.type === 'collection'))
			expect((p.options ?? []).length).toBeGreaterThan(0);
		expect(Object.keys(collections[0].displayOptions?.show ?? {}).sort()).toEqual([
			'operation',
			'resource',
		]);
	});

	test("every parameter but Resource, Operation and the tool's description is shown only for named resources and operations that exist", () => {
		// the tool's description fields are shown in n8n's tool variant of the node, whatever the operation
		const toolWide = (p: INodeProperties) =>
			p.displayOptions?.show?.['@tool'] !== undefined && !p.displayOptions.show.operation;
		const misplaced = properties
			.filter((p) => p.name !== 'resource' && p.name !== 'operation' && !toolWide(p))
			.flatMap((p) => {
				const shownResources = (p.displayOptions?.show?.resource ?? []) as string[];
				const shownOperations = (p.displayOptions?.show?.operation ?? []) as string[];
				const known = shownResources.flatMap((r) =>
					(RESOURCES.find((resource) => resource.value === r)?.operations ?? []).map(
						(o) => o.value,
					),
				);
				const unknown = shownOperations.filter((o) => !known.includes(o));
				if (shownResources.length === 0 || shownOperations.length === 0)
					return [`${p.name}: shown for every resource or operation`];
				return unknown.length > 0
					? [
							`${p.name}: shown for ${unknown.join(', ')}, no operation of ${shownResources.join(', ')}`,
						]
					: [];
			});
		expect(misplaced).toEqual([]);
	});
});

describe('documentation links', () => {
	test.each(['nodes/MadMimi/MadMimi.node.json', 'nodes/MadMimiTrigger/MadMimiTrigger.node.json'])(
		'%s: the primary documentation URL has no query or fragment (n8n appends "?utm_…" to it as text)',
		(file) => {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const codex = require(`../../${file}`) as {
				resources: { primaryDocumentation: Array<{ url: string }> };
			};
			for (const { url } of codex.resources.primaryDocumentation)
				expect(url).toMatch(/^https:\/\/[^?#]+$/);
		},
	);
});

describe('the order and words the editor shows', () => {
	test("the Resource dropdown, and so the nodes panel's action groups, start with the everyday work; every resource once", () => {
		const resource = properties.find((p) => p.name === 'resource')!;
		const names = (resource.options as Array<{ name: string }>).map((o) => o.name);
		expect(names.slice(0, 5)).toEqual([
			'Audience Member',
			'Email',
			'Audience List',
			'Promotion',
			'Mailing',
		]);
		expect([...names.slice(5)]).toEqual([...names.slice(5)].sort((a, b) => a.localeCompare(b)));
		expect(new Set(names).size).toBe(11);
	});

	test("the canvas subtitle names the resource and operation, for every operation, never the node's default name", () => {
		const subtitle = new MadMimi().description.subtitle!;
		const actions = JSON.parse(/^=\{\{ (\{.*\})\[/.exec(subtitle)![1]) as Record<string, string>;
		expect(Object.keys(actions).sort()).toEqual(
			OPERATIONS.map(({ resource, operation }) => `${resource}:${operation}`).sort(),
		);
		expect(actions['audienceMember:upsert']).toBe('Audience Member: Create or Update');
		expect(actions['email:send']).toBe('Email: Send');
		// n8n names a node added from the panel after its action: the subtitle never repeats it
		const node = new MadMimi().description.properties.filter((p) => p.name === 'operation');
		const actionWords = node.flatMap((p) =>
			(p.options ?? []).map((o) => (o as { action?: string }).action),
		);
		for (const subtitle of Object.values(actions)) expect(actionWords).not.toContain(subtitle);
	});
});

describe('secrets in the output', () => {
	test("Child Account → Create's API key is declared sensitive, as n8n reads the field: dot paths into item.json", () => {
		// n8n 2.41 (modules/redaction/executions/strategies/node-defined-field-redaction.strategy.js)
		// splits each entry on "." and walks item.json from its top: `apiKey`, not `json.apiKey`
		expect(new MadMimi().description.sensitiveOutputFields).toEqual(['apiKey']);
	});
});
