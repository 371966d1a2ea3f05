import type { IDataObject } from 'n8n-workflow';

import type { MadMimiClient } from '../transport';
import { mayHaveTakenEffect } from '../transport';

/*
 * The account's addons, as the operations and the editor's picker read them. No source shows the
 * field names of an addon record: records are read by their values (the status words below tell
 * a status from a key or a name).
 */

/** The words the spec gives an activated addon's status, and their usual variants. */
const ACTIVATED_WORDS = new Set(['activated', 'active', 'enabled']);

/** An addon record's status words: never its key or its name. */
export const ADDON_STATUS_WORDS: ReadonlySet<string> = new Set([
	...ACTIVATED_WORDS,
	'deactivated',
	'inactive',
	'disabled',
]);

/** Whether the status an addon record holds in `statusField` says it is activated. */
export function isActivated(addon: IDataObject, statusField: string): boolean {
	return ACTIVATED_WORDS.has(String(addon[statusField]).toLowerCase());
}

/** The account's addons with their status (GET /addons.xml). */
export async function accountAddons(api: MadMimiClient): Promise<IDataObject[]> {
	return await api.xmlRecords({ method: 'GET', path: ['addons'] });
}

/** Every addon Mad Mimi offers, with its description (GET /addons/available.xml). */
export async function availableAddons(api: MadMimiClient): Promise<IDataObject[]> {
	return await api.xmlRecords({ method: 'GET', path: ['addons', 'available'] });
}

/** An addon as a request names it: its ID or key, and its words in messages (`with the key "ab_testing"`). */
export interface AddonTarget {
	idOrKey: string;
	named: string;
}

/** The one wording of an addon the account does not have, from the list of addons or from a 404. */
export function noSuchAddon(named: string): string {
	return `Mad Mimi has no addon ${named}`;
}

/**
 * POST /addon/{id_or_key}/toggle: never repeated blindly, since a second toggle switches it back.
 * `readsStatus`: the caller reads the status before toggling (Activate, Deactivate), so a later
 * try of the node reads it again instead of recalling this toggle.
 */
export async function toggleAddon(
	api: MadMimiClient,
	addon: AddonTarget,
	readsStatus = false,
): Promise<void> {
	await api.request({
		method: 'POST',
		path: ['addon', addon.idOrKey, 'toggle'],
		notFound: noSuchAddon(addon.named),
		repeat: {
			mayHave: `The addon ${addon.named} may have been switched`,
			check: 'See its status with Addon → Get Many before switching it again.',
			// Toggle refuses a retried execution (a retry is no way out); Activate and Deactivate read the status first
			...(readsStatus ? { remembered: false as const } : { checkedOnRetry: false as const }),
		},
	});
}

/**
 * Whether an error of `toggleAddon` says the toggle may have been carried out (the connection
 * failed after it was sent): the addon's status then tells whether it was.
 */
export function mayHaveToggled(error: unknown): boolean {
	return mayHaveTakenEffect(error);
}
