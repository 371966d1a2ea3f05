/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code: reads the example workflows from disk */
/**
 * The trigger examples, node by node through n8n-core: the trigger's own parameters polled, its
 * items fed to the next Mad Mimi node with that node's own parameters. (The e2e suite runs them
 * in a real n8n.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { INode, INodeExecutionData, IWorkflowBase } from 'n8n-workflow';

import { PollingWorkflow, runNode } from '../harness';
import { useEmulator } from './setup';

const env = useEmulator();
const MINUTE = 60_000;

function example(file: string): IWorkflowBase {
	return JSON.parse(
		readFileSync(path.join(__dirname, '..', '..', 'examples', file), 'utf8'),
	) as IWorkflowBase;
}

function node(workflow: IWorkflowBase, type: string): INode {
	const found = workflow.nodes.find((n) => n.type === `n8n-nodes-madmimi.${type}`);
	if (!found) throw new Error(`${workflow.name} has no ${type} node`);
	return found;
}

/** The trigger of an example, activated, then checked once `happen` made its events happen. */
async function triggerItems(
	workflow: IWorkflowBase,
	happen: () => void,
): Promise<INodeExecutionData[]> {
	const trigger = new PollingWorkflow(node(workflow, 'madMimiTrigger').parameters);
	expect((await trigger.poll('trigger', 'activate')).error).toBeUndefined();
	const now = Date.now();
	jest.spyOn(Date, 'now').mockImplementation(() => now + 10 * MINUTE);
	happen();
	const { items, error } = await trigger.poll();
	expect(error).toBeUndefined();
	return items ?? [];
}

afterEach(() => jest.restoreAllMocks());

test('"welcome each new subscriber": each new member gets the welcome email with their first name; one who opted out is skipped', async () => {
	const workflow = example('new-member-welcome.json');
	const items = await triggerItems(workflow, () => {
		env.emulator.store.addMember('nina@example.com', {
			firstName: 'Nina',
			createdAt: Date.now() - MINUTE,
		});
		env.emulator.store.addMember('omar@example.com', { createdAt: Date.now() - MINUTE });
		env.emulator.store.optOut('omar@example.com', Date.now());
	});
	expect(items.map((i) => i.json.email)).toEqual(['nina@example.com', 'omar@example.com']);
	const sent = await runNode({ parameters: node(workflow, 'madMimi').parameters }, items);
	expect(sent.error).toBeUndefined();
	const transactions = env.emulator.store.transactions;
	// the one who opted out is not emailed at all, and the item says why
	expect(
		transactions.map((t) => [t.recipient.email, t.recipient.name, t.placeholders, t.status]),
	).toEqual([['nina@example.com', 'Nina', { first_name: 'Nina' }, 'sent']]);
	expect(sent.items[1].json).toMatchObject({ transactionId: null, skipped: true });
	expect(sent.items[1].json.reason).toContain('omar@example.com has opted out');
	// its design is saved under a promotion name of its own, never the account's "Welcome email"
	expect(env.emulator.store.findPromotionByName('Welcome email (n8n example)')).toBeDefined();
	// the same people again (a trigger emitting again after a republish, a run made twice): nobody gets it twice
	const again = await runNode({ parameters: node(workflow, 'madMimi').parameters }, items);
	expect(again.error).toBeUndefined();
	expect(again.items.map((i) => i.json.skipped)).toEqual([true, true]);
	expect(env.emulator.store.transactions.filter((t) => t.status === 'sent')).toHaveLength(1);
});

test('"statistics of each finished mailing": each finished mailing\'s figures, one report line each', async () => {
	const workflow = example('mailing-sent-stats.json');
	let mailingId = 0;
	const items = await triggerItems(workflow, () => {
		const promotion = env.emulator.store.addPromotion('November news');
		mailingId = env.emulator.store.addMailing(promotion.id, {
			startedSend: Date.now() - 5 * MINUTE,
			finishedSend: Date.now() - MINUTE,
			stats: { sent: 120, views: 30 },
		}).id;
	});
	expect(items.map((i) => i.json.id)).toEqual([mailingId]);
	const stats = await runNode({ parameters: node(workflow, 'madMimi').parameters }, items);
	expect(stats.error).toBeUndefined();
	expect(stats.items.map((i) => [i.json.mailingId, i.json.sent, i.json.views])).toEqual([
		[mailingId, 120, 30],
	]);
});
