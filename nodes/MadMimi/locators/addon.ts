import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { InputError, printable } from '../helpers/validation';

/** An addon key as the service names addons (`ab_testing`), and an addon ID: the editor's check and the node's. */
const ADDON_KEY = '^[A-Za-z0-9][A-Za-z0-9_-]*$';
const ADDON_ID = '^[0-9]+$';
const isAddonKey = (text: string): boolean => new RegExp(ADDON_KEY).test(text);
const isAddonId = (text: string): boolean => new RegExp(ADDON_ID).test(text);

/** The addon an operation acts on: picked from the account, or a key or ID typed or mapped. */
export function addonLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
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
							regex: ADDON_KEY,
							errorMessage:
								'A key has only letters, digits, underscores and hyphens, e.g. ab_testing',
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
						properties: { regex: ADDON_ID, errorMessage: 'An addon ID is a number, e.g. 3' },
					},
				],
			},
		],
		...overrides,
	};
}

/** An addon as the user gave it: by key (the "From List" mode gives keys too) or by ID. */
export interface AddonRef {
	by: 'key' | 'id';
	value: string;
}

/** The `addon` resource locator's value (`raw`, as stored: `{ mode, value }` or a mapped text), checked before any request. */
export function addonRef(raw: unknown): AddonRef {
	let mode = '';
	let value: unknown = raw;
	if (raw !== null && typeof raw === 'object' && 'value' in raw) {
		mode = String((raw as IDataObject).mode ?? '');
		value = (raw as IDataObject).value;
	}
	const text = value === undefined || value === null ? '' : String(value).trim();
	if (text === '') {
		throw new InputError(
			'The field "Addon" is empty',
			'Pick an addon from the list, or give its key (e.g. ab_testing) or its ID.',
		);
	}
	if (mode === 'id') {
		if (!isAddonId(text)) {
			throw new InputError(
				`The field "Addon" is not an addon ID: "${printable(text)}"`,
				'An addon ID is a number, e.g. 3. To give a key such as ab_testing, pick "By Key".',
			);
		}
		return { by: 'id', value: String(Number(text)) };
	}
	// "From List" and "By Key" give a key; a mapped number is taken as an ID
	if (mode !== 'key' && isAddonId(text)) return { by: 'id', value: String(Number(text)) };
	if (!isAddonKey(text)) {
		throw new InputError(
			`The field "Addon" is not a valid addon key: "${printable(text)}"`,
			'An addon key has only letters, digits, underscores and hyphens, e.g. ab_testing. Pick the addon from the list to be sure.',
		);
	}
	return { by: 'key', value: text };
}

/** How the addon is named in messages. */
export function describeAddon(ref: AddonRef): string {
	return ref.by === 'id' ? `with the ID ${ref.value}` : `with the key "${ref.value}"`;
}
