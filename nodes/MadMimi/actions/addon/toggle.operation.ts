import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { accountAddons, ADDON_STATUS_WORDS, isActivated, toggleAddon } from '../../api/addon';
import type { MadMimiClient } from '../../api/client';
import { fieldWithValue, findByValue } from '../../helpers/records';
import type { AddonRef } from '../../locators/addon';
import { addonLocator, describeAddon } from '../../locators/addon';
import { itemClient } from '../../api/client';
import { retriedSince } from '../executionRetry';
import { optionsCollection } from '../../descriptions/options';
import { readAddonRef } from '../parameters';

const properties: INodeProperties[] = [
	addonLocator({
		description:
			'The addon to switch: an activated addon is deactivated, a deactivated one activated',
		hint: 'To be sure of the result, use Activate or Deactivate: they switch only when needed',
	}),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['addon'], operation: ['toggle'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const ref = readAddonRef(this, itemIndex);
	const api = itemClient(this, itemIndex);
	if (retriedSince(this) !== undefined) await refuseRetriedToggle(this, itemIndex, api, ref);
	await toggleAddon(api, { idOrKey: ref.value, named: describeAddon(ref) });
	return [{ success: true, toggled: true, addon: ref.value }];
}

/**
 * A toggle in a retried execution is never sent. Its effect depends on the state before it, so
 * nothing Mad Mimi shows tells whether the run being retried toggled this addon: an activated addon
 * may be so because that run activated it, or because it was never switched. Toggling again would
 * undo the first toggle half the time. The item fails saying where the addon stands, and that
 * Activate and Deactivate, which set a state and are safe to run again, are the way to retry.
 */
async function refuseRetriedToggle(
	ctx: IExecuteFunctions,
	itemIndex: number,
	api: MadMimiClient,
	ref: AddonRef,
): Promise<never> {
	let now = '';
	try {
		const addon = findByValue(await accountAddons(api), ref.value);
		const statusField = addon && fieldWithValue(addon, ADDON_STATUS_WORDS);
		if (addon && statusField)
			now = ` It is ${isActivated(addon, statusField) ? 'activated' : 'deactivated'} now.`;
	} catch {
		// where it stands is a courtesy: the refusal stands without it
	}
	throw new NodeOperationError(
		ctx.getNode(),
		`The addon ${describeAddon(ref)} was not toggled: this execution retries a failed one`,
		{
			itemIndex,
			description: `Mad Mimi cannot tell whether the failed execution already toggled it, and a second toggle would switch it back.${now} If that is the status you want, nothing is left to do; otherwise switch it in Mad Mimi, or use Addon → Activate or Deactivate, which set the status and are safe to run again.`,
		},
	);
}
