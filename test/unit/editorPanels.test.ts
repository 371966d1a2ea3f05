/**
 * What n8n's editor makes of the two nodes' descriptions, by n8n's own rules (n8n 2.41): the one
 * "Mad Mimi" entry of the nodes panel, and the trigger's Poll Times with the notice under it.
 */
import type {
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';

import { MadMimi } from '../../nodes/MadMimi/MadMimi.node';
import { MadMimiTrigger } from '../../nodes/MadMimiTrigger/MadMimiTrigger.node';
// the Poll Times parameter n8n's loader adds to every polling node
import { commonPollingParameters } from '../harness/n8nInternals';

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

describe("the trigger's Poll Times: n8n's, every minute, with the notice under it", () => {
	/** The trigger's parameters as n8n holds them once loaded (its loader's applySpecialNodeParameters). */
	const loaded: INodeProperties[] = [...commonPollingParameters, ...trigger.properties];
	const pollTimes = commonPollingParameters.find((p) => p.name === 'pollTimes')!;
	const item = (pollTimes.options as INodePropertyCollection[]).find((o) => o.name === 'item')!;
	const field = (name: string) => item.values.find((v) => v.name === name)!;
	const optionNames = (p: INodeProperties) =>
		(p.options as INodePropertyOptions[]).map((o) => o.name);
	const notice = trigger.properties.find((p) => p.name === 'notice')!.displayName;

	test("n8n's loader gives Poll Times a default of every minute, and the node declares no Poll Times of its own", () => {
		// the notice exists because of this default: when a pinned n8n-core changes it, read the notice again
		expect(pollTimes.default).toEqual({ item: [{ mode: 'everyMinute' }] });
		// a second pollTimes would be a second "Poll Times" field in the panel
		expect(loaded.filter((p) => p.name === 'pollTimes')).toEqual([pollTimes]);
		expect(loaded.findIndex((p) => p.name === 'pollTimes')).toBeLessThan(
			loaded.findIndex((p) => p.name === 'notice'),
		);
	});

	test("the notice names Poll Times' own fields and choices, and a value n8n accepts", () => {
		expect(field('mode').displayName).toBe('Mode');
		expect(optionNames(field('mode'))).toContain('Every X');
		expect(field('value').displayName).toBe('Value');
		expect(field('unit').displayName).toBe('Unit');
		expect(optionNames(field('unit'))).toContain('Minutes');
		expect(notice).toContain('Set Poll Times to every 15 minutes');
		expect(notice).toContain('(Mode "Every X", Value 15, Unit "Minutes")');
		const { minValue, maxValue } = field('value').typeOptions ?? {};
		expect(15).toBeGreaterThanOrEqual(minValue as number);
		expect(15).toBeLessThanOrEqual(maxValue as number);
		// every minute, a day long
		expect(notice).toContain(`${(24 * 60).toLocaleString('en-US')} times a day`);
	});
});
