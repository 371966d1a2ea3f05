/**
 * What n8n's editor makes of the two nodes' descriptions, by n8n's own rules (n8n 2.41): the one
 * "Mad Mimi" entry of the nodes panel.
 */
import type { INodeTypeDescription } from 'n8n-workflow';

import { MadMimi } from '../../nodes/MadMimi/MadMimi.node';
import { MadMimiTrigger } from '../../nodes/MadMimiTrigger/MadMimiTrigger.node';

const action = new MadMimi().description;
const trigger = new MadMimiTrigger().description;

interface PanelEntry {
	name: string;
	displayName: string;
	description: string;
}

/**
 * The entries of n8n's nodes panel, as its editor makes them (editor-ui's
 * useActionsGeneration.ts, generateMergedNodesAndActions): every node that is not a trigger is an
 * entry; a trigger named after such a node plus "Trigger", when that node has actions, joins its
 * entry, and the entry takes the trigger's description ("default to trigger description").
 */
function panelEntries(descriptions: INodeTypeDescription[]): PanelEntry[] {
	const entry = (d: INodeTypeDescription) => ({
		name: d.name,
		displayName: d.displayName,
		description: d.description,
	});
	const hasActions = (d: INodeTypeDescription) =>
		d.properties.some((p) => p.name === 'resource' && (p.options ?? []).length > 0);
	const apps = descriptions.filter((d) => !d.group.includes('trigger'));
	const entries = apps.map(entry);
	for (const t of descriptions.filter((d) => d.group.includes('trigger'))) {
		const app = apps.find((a) => a.name === t.name.replace('Trigger', ''));
		const merged = app && hasActions(app) && entries.find((e) => e.name === app.name);
		if (merged) merged.description = t.description;
		else entries.push(entry(t));
	}
	return entries;
}

describe('the nodes panel: one "Mad Mimi" entry', () => {
	test('the trigger joins the action node\'s entry, so the panel shows one "Mad Mimi"', () => {
		const entries = panelEntries([action, trigger]);
		expect(entries.map((e) => e.displayName)).toEqual(['Mad Mimi']);
	});

	test("the entry's description, the trigger's, says what the action node does, then what starts a workflow", () => {
		const [shown] = panelEntries([action, trigger]);
		expect(shown.description).toBe(trigger.description);
		// the action node's own words first: the entry opens on its actions
		expect(shown.description.startsWith(action.description)).toBe(true);
		expect(shown.description).toMatch(/\bstart a workflow when\b/);
		for (const event of ['joins', 'opts out', 'mailing is sent'])
			expect(shown.description).toContain(event);
	});
});
