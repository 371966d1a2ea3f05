import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { hasControlChars, inputError, printable } from '../../helpers/validation';
import { childEmail, childEmailField } from './common';
import { client } from '../client';

const LEVELS = [
	{
		name: 'full',
		label: 'Full Access List Names or IDs',
		what: 'can use and change',
		hint: 'A field you fill replaces that whole access level; an empty field leaves its level as it is',
	},
	{ name: 'read', label: 'Read-Only List Names or IDs', what: 'can see but not change', hint: undefined },
	{
		name: 'none',
		label: 'No Access List Names or IDs',
		what: 'cannot see',
		hint: 'An expression gives list names: a list, or a text with the names separated by commas',
	},
] as const;

function levelField(level: (typeof LEVELS)[number]): INodeProperties {
	return {
		displayName: level.label,
		name: level.name,
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getListNames' },
		default: [],
		description: `Audience lists the child account ${level.what}. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		...(level.hint ? { hint: level.hint } : {}),
	};
}

const properties: INodeProperties[] = [
	childEmailField('Email address of the child account whose list permissions to set'),
	...LEVELS.map(levelField),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['childAccount'], operation: ['setPermissions'] } },
	properties,
);

/**
 * The list names of one field: picked in the dropdown (an array), or mapped by an expression
 * (an array, or a text with names separated by commas). Trimmed, empty ones dropped, each once.
 */
function listNames(ctx: IExecuteFunctions, itemIndex: number, level: (typeof LEVELS)[number]): string[] {
	const raw = ctx.getNodeParameter(level.name, itemIndex, []) as unknown;
	let names: string[];
	if (Array.isArray(raw)) {
		names = raw.map((v) => (v === undefined || v === null ? '' : String(v)).trim());
		const withComma = names.find((n) => n.includes(','));
		if (withComma !== undefined) {
			throw inputError(
				ctx,
				itemIndex,
				`The field "${level.label}" holds a list name with a comma: "${printable(withComma)}"`,
				'Mad Mimi receives the list names separated by commas, so a name with a comma cannot be sent. Rename the list in Mad Mimi.',
			);
		}
	} else if (raw === undefined || raw === null) {
		names = [];
	} else {
		names = String(raw)
			.split(',')
			.map((n) => n.trim());
	}
	const out: string[] = [];
	for (const name of names) {
		if (name === '') continue;
		if (hasControlChars(name)) {
			throw inputError(ctx, itemIndex, `The field "${level.label}" holds a list name with control characters: "${printable(name)}"`, 'Remove line breaks and tabs from the list names.');
		}
		if (!out.includes(name)) out.push(name);
	}
	return out;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = childEmail(this, itemIndex);
	const chosen: Record<string, string[]> = {};
	const seenIn = new Map<string, string>();
	for (const level of LEVELS) {
		const names = listNames(this, itemIndex, level);
		for (const name of names) {
			const other = seenIn.get(name);
			if (other !== undefined) {
				throw inputError(
					this,
					itemIndex,
					`The list "${printable(name)}" is in both "${other}" and "${level.label}"`,
					'A child account has one kind of access to a list: keep the list in one field only.',
				);
			}
			seenIn.set(name, level.label);
		}
		chosen[level.name] = names;
	}
	if (seenIn.size === 0) {
		throw inputError(
			this,
			itemIndex,
			`No list given: ${LEVELS.map((l) => `"${l.label}"`).join(', ')} are all empty`,
			'Choose at least one audience list in one of the three fields.',
		);
	}
	const form: Record<string, string> = { email };
	for (const level of LEVELS) if (chosen[level.name].length > 0) form[level.name] = chosen[level.name].join(',');
	await client(this, itemIndex).request({ method: 'POST', path: ['participants', 'update_permissions_for'], form, repeat: 'safe' });
	return [{ success: true, email, full: chosen.full, read: chosen.read, none: chosen.none }];
}
