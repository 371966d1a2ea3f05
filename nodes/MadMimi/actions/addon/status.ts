import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	accountAddons,
	ADDON_STATUS_WORDS,
	isActivated,
	mayHaveToggled,
	noSuchAddon,
	toggleAddon,
} from '../../api/addon';
import type { MadMimiClient } from '../../api/client';
import { fieldWithValue, findByValue, recordChoice } from '../../helpers/records';
import { printable } from '../../helpers/validation';
import type { AddonRef } from '../../locators/addon';
import { describeAddon } from '../../locators/addon';
import { itemClient } from '../../api/client';
import { itemError, withItemIndex } from '../itemLoop';
import { readAddonRef } from '../parameters';

type WantedStatus = 'activated' | 'deactivated';

/** The addon of the account the user gave, found by its ID or key among the record's values, with the field holding its status. */
async function findAddon(
	ctx: IExecuteFunctions,
	api: MadMimiClient,
	ref: AddonRef,
	itemIndex: number,
): Promise<{ addon: IDataObject; statusField: string }> {
	const addons = await accountAddons(api);
	const addon = findByValue(addons, ref.value);
	if (!addon) {
		const known = addons
			.map((a) => recordChoice(a, ADDON_STATUS_WORDS))
			.filter((choice) => choice !== undefined)
			.map((choice) =>
				choice.name === choice.value ? choice.value : `${choice.value} (${choice.name})`,
			);
		throw itemError(
			ctx,
			itemIndex,
			noSuchAddon(describeAddon(ref)),
			known.length > 0
				? `The addons of this account are: ${known.join(', ')}. Pick the addon from the list, or check the key or ID.`
				: 'This account lists no addons.',
		);
	}
	const statusField = fieldWithValue(addon, ADDON_STATUS_WORDS);
	if (statusField === undefined) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Mad Mimi's list of addons does not say whether the addon ${describeAddon(ref)} is activated`,
			{
				itemIndex,
				description: `Its record reads: ${printable(JSON.stringify(addon))}. Nothing was changed. Use Toggle to switch it regardless of its status.`,
			},
		);
	}
	return { addon, statusField };
}

/**
 * Toggles the addon. When the toggle may or may not have been carried out (the connection was
 * cut), its status says which: switched, it is done; not switched, the toggle never took effect
 * and is sent once more. So Activate and Deactivate are safe to repeat, as a toggle is not.
 */
async function toggleOnce(
	ctx: IExecuteFunctions,
	api: MadMimiClient,
	ref: AddonRef,
	itemIndex: number,
	wanted: WantedStatus,
	statusField: string,
): Promise<void> {
	const target = { idOrKey: ref.value, named: describeAddon(ref) };
	try {
		await toggleAddon(api, target, true);
	} catch (error) {
		if (!mayHaveToggled(error)) throw withItemIndex(ctx, error, itemIndex);
		const { addon } = await findAddon(ctx, api, ref, itemIndex);
		if (isActivated(addon, statusField) === (wanted === 'activated')) return;
		await toggleAddon(api, target, true);
	}
}

/**
 * Brings the addon to the wanted status: reads its status first and toggles only when it
 * differs, then reads it again: a toggle Mad Mimi did not carry out (a paid addon cannot be
 * activated through the API) fails instead of passing as done.
 */
export async function setAddonStatus(
	ctx: IExecuteFunctions,
	itemIndex: number,
	wanted: WantedStatus,
): Promise<IDataObject[]> {
	const ref = readAddonRef(ctx, itemIndex);
	const api = itemClient(ctx, itemIndex);
	const { addon, statusField } = await findAddon(ctx, api, ref, itemIndex);
	if (isActivated(addon, statusField) === (wanted === 'activated'))
		return [{ addon: ref.value, ...addon, changed: false }];

	try {
		await toggleOnce(ctx, api, ref, itemIndex, wanted, statusField);
	} catch (error) {
		if (wanted === 'activated' && error instanceof NodeApiError) {
			error.description = `${error.description ? `${error.description} ` : ''}Paid addons can only be activated in the Mad Mimi web app (Account, Add-ons).`;
		}
		throw withItemIndex(ctx, error, itemIndex);
	}
	const after = await findAddon(ctx, api, ref, itemIndex);
	if (isActivated(after.addon, statusField) !== (wanted === 'activated')) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Mad Mimi did not ${wanted === 'activated' ? 'activate' : 'deactivate'} the addon ${describeAddon(ref)}`,
			{
				itemIndex,
				description:
					wanted === 'activated'
						? 'Mad Mimi accepted the request but the addon is still deactivated. Paid addons can only be activated in the Mad Mimi web app (Account, Add-ons).'
						: 'Mad Mimi accepted the request but the addon is still activated. Deactivate it in the Mad Mimi web app (Account, Add-ons).',
			},
		);
	}
	return [{ addon: ref.value, ...after.addon, changed: true }];
}
