/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports, no-console -- a benchmark: a command-line program run by `npm run bench:tool`, never loaded by n8n; it loads the harness once ts-node prefers .ts files (preferTsExtensions.ts) */
/**
 * `npm run bench:tool [-- --members 50000] [--json]`: what a model sees of each operation used as an
 * AI Agent's tool, in bytes. For every operation: its description as n8n makes it ("Set
 * Automatically": the tool variant's action text and " in Mad Mimi"), its input schema as the
 * model gets it (n8n-core's getSchema over the operation's required fields filled by `$fromAI`,
 * turned into the JSON schema the chat model API receives), and for the reads, the result with
 * the tool's defaults on an account of `--members` members (the demo account's lists, promotions
 * and mailings beside them), as the tool hands it to the model. Figures, not pass/fail.
 */
import './preferTsExtensions';

import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { printTable } from './table';

const harness = require('../test/harness') as typeof import('../test/harness');
const emulatorModule = require('../emulator') as typeof import('../emulator');
const { getSchema } =
	require('../test/harness/n8nInternals') as typeof import('../test/harness/n8nInternals');
const { zodToJsonSchema } = require('zod-to-json-schema') as {
	zodToJsonSchema: (schema: unknown) => object;
};
const { RESOURCES, TOOL_ACTIONS } =
	require('../nodes/MadMimi/actions/resources') as typeof import('../nodes/MadMimi/actions/resources');

const args = process.argv.slice(2);
const MEMBERS = Number(args[args.indexOf('--members') + 1]) || 50_000;
const { DEMO_IDS } = emulatorModule;

/** The operations that only read: their default result is measured. */
const READS = new Set([
	'get',
	'getAll',
	'search',
	'getLists',
	'getOptedOut',
	'getPromotionAttempts',
	'countNew',
	'isSuppressed',
	'getAvailable',
	'getStats',
	'getRecipients',
	'getLinks',
	'getStatus',
	'getTransactionalCount',
]);

/** What `$fromAI` a field would get: its type as n8n's $fromAI takes it. */
function fromAiType(property: INodeProperties): string {
	if (property.type === 'number') return 'number';
	if (property.type === 'boolean') return 'boolean';
	return 'string';
}

/** A value the model would give each required field, for the reads that are run. */
const ANSWERS: Record<string, string | number> = {
	email: 'member7@example.com',
	query: 'member1',
	promotionId: DEMO_IDS.promotions.weeklyDigest,
	mailingId: DEMO_IDS.mailings.weeklyDigest,
	webformId: DEMO_IDS.signupId,
	promotionName: 'Weekly digest',
	list: 'Newsletter',
};

/** The operation's required top-level fields, each filled by `$fromAI` (as the model's tool input), for the schema; and with the answers, to run it. */
function parametersOf(
	resource: string,
	operation: string,
	properties: INodeProperties[],
): { forSchema: INodeParameters; toRun: INodeParameters } {
	const shown = properties.filter(
		(p) =>
			p.displayOptions?.show?.resource?.includes(resource) &&
			p.displayOptions?.show?.operation?.includes(operation) &&
			p.required === true,
	);
	const forSchema: INodeParameters = { resource, operation };
	const toRun: INodeParameters = { resource, operation };
	for (const property of shown) {
		const expression = `={{ $fromAI('${property.name}', '${String(property.description ?? '').replace(/'/g, '’')}', '${fromAiType(property)}') }}`;
		const answer = String(ANSWERS[property.name] ?? '');
		const locator = property.type === 'resourceLocator';
		forSchema[property.name] = locator
			? {
					__rl: true,
					mode: property.name === 'list' || property.name === 'promotionName' ? 'name' : 'id',
					value: expression,
				}
			: expression;
		toRun[property.name] = locator
			? {
					__rl: true,
					mode: property.name === 'list' || property.name === 'promotionName' ? 'name' : 'id',
					value: answer,
				}
			: answer;
	}
	return { forSchema, toRun };
}

async function main(): Promise<void> {
	console.log(
		`What a model sees of each Mad Mimi operation used as a tool, in bytes; results with the tool's defaults on ${MEMBERS.toLocaleString('en-US')} members. Node ${process.version}, ${new Date().toISOString()}\n`,
	);
	const emu = await emulatorModule.startEmulator({ seed: 'demo' });
	await harness.setCredentials({ ...emulatorModule.DEMO_CREDENTIALS, baseUrl: emu.baseUrl });
	const start = Date.now() - 60 * 86_400_000;
	for (let k = 0; k < MEMBERS; k++)
		emu.store.addMember(`member${k}@example.com`, {
			createdAt: start + k * 60_000,
			firstName: `First${k}`,
			lastName: `Last${k}`,
			lists: ['Newsletter'],
		});
	// an email sent, so that Get Status has one to read
	const sent = await harness.runNode({
		parameters: {
			resource: 'email',
			operation: 'send',
			promotionName: 'Weekly digest',
			recipient: 'member7@example.com',
		},
	});
	ANSWERS.transactionId = String(sent.items[0]?.json.transactionId);
	const tool = harness.nodeTypes.getByNameAndVersion(harness.TOOL_TYPE) as {
		description: { properties: INodeProperties[] };
	};
	const rows: string[][] = [];
	const raw: Array<Record<string, unknown>> = [];
	try {
		for (const resource of RESOURCES) {
			for (const { value: operation } of resource.operations) {
				const description = `${TOOL_ACTIONS[`${resource.value}:${operation}`]} in Mad Mimi`;
				const { forSchema, toRun } = parametersOf(
					resource.value,
					operation,
					tool.description.properties,
				);
				const node = harness.madMimiNode({ type: harness.TOOL_TYPE, parameters: forSchema });
				const schema = JSON.stringify(zodToJsonSchema(getSchema(node)));
				let result = '(a write: not run)';
				let resultBytes: number | undefined;
				if (
					READS.has(operation) ||
					(resource.value !== 'audienceMember' && operation === 'getAll')
				) {
					const run = await harness.runNode({ type: harness.TOOL_TYPE, parameters: toRun });
					resultBytes = JSON.stringify(run.items.map((i) => i.json)).length;
					result = run.error
						? `error: ${run.error.message}`
						: `${run.items.length} items, ${resultBytes.toLocaleString('en-US')}`;
				}
				rows.push([
					`${resource.displayName} → ${operation}`,
					String(description.length),
					String(schema.length),
					result,
				]);
				raw.push({
					resource: resource.value,
					operation,
					descriptionBytes: description.length,
					schemaBytes: schema.length,
					resultBytes,
				});
			}
		}
	} finally {
		await emu.close();
		harness.shutdownHarness();
	}
	printTable(
		['Operation', 'Description', 'Schema (required fields by $fromAI)', 'Default result'],
		rows,
	);
	if (args.includes('--json')) console.log(JSON.stringify(raw));
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
