import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { fieldWithValue, findByValue, recordChoice } from '../../helpers/records';
import { inputError, printable } from '../../helpers/validation';
import { client } from '../client';
import { mayHaveTakenEffect } from '../../transport';
import { withItemIndex } from '../itemLoop';

/** The addon an operation acts on: picked from the account, or a key or ID typed or mapped. */
export const addonLocator: INodeProperties = {
	displayName: 'Addon',
	name: 'addon',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The addon to act on',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select an addon...',
			typeOptions: { searchListMethod: 'searchAddons', searchable: true },
		},
		{
			displayName: 'By Key',
			name: 'key',
			type: 'string',
			placeholder: 'e.g. ab_testing',
			hint: 'The addon key, in lower case with underscores',
			validation: [
				{
					type: 'regex',
					properties: {
						regex: '^[A-Za-z0-9][A-Za-z0-9_-]*$',
						errorMessage: 'A key has only letters, digits, underscores and hyphens, e.g. ab_testing',
					},
				},
			],
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 3',
			hint: 'The numeric ID of the addon',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^[0-9]+$', errorMessage: 'An addon ID is a number, e.g. 3' },
				},
			],
		},
	],
};

/** An addon as the user gave it: by key (the "From List" mode gives keys too) or by ID. */
export interface AddonRef {
	by: 'key' | 'id';
	value: string;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const ID = /^\d+$/;

/** Reads and checks the `addon` resource locator, before any request. */
export function readAddonRef(ctx: IExecuteFunctions, itemIndex: number): AddonRef {
	const raw = ctx.getNodeParameter('addon', itemIndex, '') as unknown;
	let mode = '';
	let value: unknown = raw;
	if (raw !== null && typeof raw === 'object' && 'value' in raw) {
		mode = String((raw as IDataObject).mode ?? '');
		value = (raw as IDataObject).value;
	}
	const text = value === undefined || value === null ? '' : String(value).trim();
	if (text === '') {
		throw inputError(ctx, itemIndex, 'The field "Addon" is empty', 'Pick an addon from the list, or give its key (e.g. ab_testing) or its ID.');
	}
	if (mode === 'id') {
		if (!ID.test(text)) {
			throw inputError(ctx, itemIndex, `The field "Addon" is not an addon ID: "${printable(text)}"`, 'An addon ID is a number, e.g. 3. To give a key such as ab_testing, pick "By Key".');
		}
		return { by: 'id', value: String(Number(text)) };
	}
	// "From List" and "By Key" give a key; a mapped number is taken as an ID
	if (mode !== 'key' && ID.test(text)) return { by: 'id', value: String(Number(text)) };
	if (!KEY.test(text)) {
		throw inputError(ctx, itemIndex, `The field "Addon" is not a valid addon key: "${printable(text)}"`, 'An addon key has only letters, digits, underscores and hyphens, e.g. ab_testing. Pick the addon from the list to be sure.');
	}
	return { by: 'key', value: text };
}

/** How the addon is named in messages. */
export function describeRef(ref: AddonRef): string {
	return ref.by === 'id' ? `with the ID ${ref.value}` : `with the key "${ref.value}"`;
}

/** The account's addons with their status (GET /addons.xml). */
export async function accountAddons(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await client(this, itemIndex).xmlRecords({ method: 'GET', path: ['addons']});
}

/** Every addon Mad Mimi offers, with its description (GET /addons/available.xml). */
export async function availableAddons(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await client(this, itemIndex).xmlRecords({ method: 'GET', path: ['addons', 'available']});
}

/**
 * POST /addon/{id_or_key}/toggle: never repeated blindly, since a second toggle switches it back.
 * `readsStatus`: the caller reads the status before toggling (Activate, Deactivate), so a later
 * try of the node reads it again instead of recalling this toggle.
 */
export async function toggleAddon(this: IExecuteFunctions, ref: AddonRef, itemIndex: number, readsStatus = false): Promise<void> {
	await client(this, itemIndex).request({
		method: 'POST',
		path: ['addon', ref.value, 'toggle'],
		notFound: `Mad Mimi has no addon ${describeRef(ref)}`,
		repeat: {
			mayHave: `The addon ${describeRef(ref)} may have been switched`,
			check: 'See its status with Addon → Get Many before switching it again.',
			...(readsStatus ? { remembered: false as const } : {}),
		},
	});
}

/** The words the spec gives an addon's status, and their usual variants. */
const ACTIVE = new Set(['activated', 'active', 'enabled']);
/** An addon record's status words: never its key or its name. */
export const STATUS_WORDS: ReadonlySet<string> = new Set([...ACTIVE, 'deactivated', 'inactive', 'disabled']);

/** The addon of the account the user gave, found by its ID or key among the record's values. */
async function findAddon(
	this: IExecuteFunctions,
	ref: AddonRef,
	itemIndex: number,
): Promise<{ addon: IDataObject; statusField: string }> {
	const addons = await accountAddons.call(this, itemIndex);
	const addon = findByValue(addons, ref.value);
	if (!addon) {
		const known = addons
			.map((a) => recordChoice(a, STATUS_WORDS))
			.filter((c) => c !== undefined)
			.map((c) => (c.name === c.value ? c.value : `${c.value} (${c.name})`));
		throw inputError(
			this,
			itemIndex,
			`Mad Mimi has no addon ${describeRef(ref)}`,
			known.length > 0
				? `The addons of this account are: ${known.join(', ')}. Pick the addon from the list, or check the key or ID.`
				: 'This account lists no addons.',
		);
	}
	const statusField = fieldWithValue(addon, STATUS_WORDS);
	if (statusField === undefined) {
		throw new NodeOperationError(this.getNode(), `Mad Mimi's list of addons does not say whether the addon ${describeRef(ref)} is activated`, {
			itemIndex,
			description: `Its record reads: ${printable(JSON.stringify(addon))}. Nothing was changed. Use Toggle to switch it regardless of its status.`,
		});
	}
	return { addon, statusField };
}

/**
 * Toggles the addon. When the toggle may or may not have been carried out (the connection was cut),
 * its status says which: switched, it is done; not switched, the toggle never took effect and is
 * sent once more. So Activate and Deactivate are safe to repeat, as a toggle is not.
 */
async function toggleAddonOnce(this: IExecuteFunctions, ref: AddonRef, itemIndex: number, wanted: 'activated' | 'deactivated', statusField: string): Promise<void> {
	try {
		await toggleAddon.call(this, ref, itemIndex, true);
	} catch (error) {
		if (!mayHaveTakenEffect(error)) throw withItemIndex(this, error, itemIndex);
		const { addon } = await findAddon.call(this, ref, itemIndex);
		if (ACTIVE.has(String(addon[statusField]).toLowerCase()) === (wanted === 'activated')) return;
		await toggleAddon.call(this, ref, itemIndex, true);
	}
}

/**
 * Brings the addon to the wanted status: reads its status first and toggles only when it
 * differs, then reads it again: a toggle Mad Mimi did not carry out (a paid addon cannot be
 * activated through the API) fails instead of passing as done.
 */
export async function setAddonStatus(
	this: IExecuteFunctions,
	itemIndex: number,
	wanted: 'activated' | 'deactivated',
): Promise<IDataObject[]> {
	const ref = readAddonRef(this, itemIndex);
	const { addon, statusField } = await findAddon.call(this, ref, itemIndex);
	const isActive = (record: IDataObject) => ACTIVE.has(String(record[statusField]).toLowerCase());
	if (isActive(addon) === (wanted === 'activated')) return [{ addon: ref.value, ...addon, changed: false }];

	try {
		await toggleAddonOnce.call(this, ref, itemIndex, wanted, statusField);
	} catch (error) {
		if (wanted === 'activated' && error instanceof NodeApiError) {
			error.description = `${error.description ? `${error.description} ` : ''}Paid addons can only be activated in the Mad Mimi web app (Account, Add-ons).`;
		}
		// the transport's errors are NodeApiErrors already; anything else is wrapped with the item
		throw error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(this.getNode(), error as Error, { itemIndex });
	}
	const after = await findAddon.call(this, ref, itemIndex);
	if (isActive(after.addon) !== (wanted === 'activated')) {
		throw new NodeOperationError(this.getNode(), `Mad Mimi did not ${wanted === 'activated' ? 'activate' : 'deactivate'} the addon ${describeRef(ref)}`, {
			itemIndex,
			description:
				wanted === 'activated'
					? 'Mad Mimi accepted the request but the addon is still deactivated. Paid addons can only be activated in the Mad Mimi web app (Account, Add-ons).'
					: 'Mad Mimi accepted the request but the addon is still activated. Deactivate it in the Mad Mimi web app (Account, Add-ons).',
		});
	}
	return [{ addon: ref.value, ...after.addon, changed: true }];
}
