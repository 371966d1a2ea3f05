import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { inputError, printable } from '../../helpers/validation';
import { madMimiRequest, requestXmlRecords } from '../../transport';

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

export function matchesRef(record: IDataObject, ref: AddonRef): boolean {
	if (ref.by === 'id') return record.id !== undefined && record.id !== null && String(record.id) === ref.value;
	return record.key !== undefined && record.key !== null && String(record.key) === ref.value;
}

/** The account's addons with their status (GET /addons.xml). */
export async function accountAddons(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await requestXmlRecords.call(this, { method: 'GET', path: ['addons'], itemIndex });
}

/** Every addon Mad Mimi offers, with its description and whether it is paid (GET /addons/available.xml). */
export async function availableAddons(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await requestXmlRecords.call(this, { method: 'GET', path: ['addons', 'available'], itemIndex });
}

/** POST /addon/{id_or_key}/toggle */
export async function toggleAddon(this: IExecuteFunctions, ref: AddonRef, itemIndex: number): Promise<void> {
	await madMimiRequest.call(this, {
		method: 'POST',
		path: ['addon', ref.value, 'toggle'],
		notFound: `Mad Mimi has no addon ${describeRef(ref)}`,
		itemIndex,
	});
}

function label(record: IDataObject): string {
	const key = record.key === undefined || record.key === null ? '' : String(record.key);
	const name = record.name === undefined || record.name === null ? '' : String(record.name);
	if (name && key) return `"${name}" (${key})`;
	return name ? `"${name}"` : key ? `"${key}"` : `with the ID ${String(record.id)}`;
}

/**
 * Brings the addon to the wanted status: reads its status first and toggles only when it
 * differs. A paid addon is never toggled on: that fails, before any toggle, with what to do.
 */
export async function setAddonStatus(
	this: IExecuteFunctions,
	itemIndex: number,
	wanted: 'activated' | 'deactivated',
): Promise<IDataObject[]> {
	const ref = readAddonRef(this, itemIndex);
	const addons = await accountAddons.call(this, itemIndex);
	const addon = addons.find((a) => matchesRef(a, ref));
	if (!addon) {
		const known = addons
			.filter((a) => a.key !== undefined && a.key !== null)
			.map((a) => (a.name ? `${String(a.key)} (${String(a.name)})` : String(a.key)));
		throw inputError(
			this,
			itemIndex,
			`Mad Mimi has no addon ${describeRef(ref)}`,
			known.length > 0
				? `The addons of this account are: ${known.join(', ')}. Pick the addon from the list, or check the key or ID.`
				: 'This account lists no addons.',
		);
	}
	const current = addon.status === 'activated' ? 'activated' : 'deactivated';
	const out: IDataObject = { addon: addon.key ?? ref.value, id: addon.id ?? null, name: addon.name ?? null };
	if (current === wanted) return [{ ...out, status: current, changed: false }];

	if (wanted === 'activated') {
		const catalogue = await availableAddons.call(this, itemIndex);
		const offered = catalogue.find((a) => matchesRef(a, ref)) ?? catalogue.find((a) => a.id === addon.id);
		if (offered && (offered.paid === true || String(offered.paid) === 'true')) {
			throw inputError(
				this,
				itemIndex,
				`The addon ${label(addon)} is a paid addon: Mad Mimi does not let the API activate it`,
				'Activate it in the Mad Mimi web app (Account, Add-ons). Nothing was changed.',
			);
		}
	}
	await toggleAddon.call(this, ref, itemIndex);
	return [{ ...out, status: wanted, changed: true }];
}
