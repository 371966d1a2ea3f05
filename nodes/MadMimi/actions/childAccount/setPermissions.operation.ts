import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ListPermissions } from '../../api/childAccount';
import { setListPermissions } from '../../api/childAccount';
import { listNamesOf } from '../../api/audienceList';
import { hasControlChars, printable } from '../../helpers/validation';
import { listNamesField } from '../../locators/list';
import { childEmail, childEmailField } from './common';
import { itemClient } from '../../api/client';
import { optionsCollection } from '../../descriptions/options';
import { itemError } from '../itemLoop';

const LEVELS = [
	{
		name: 'full',
		label: 'Full Access List Names',
		what: 'can use and change',
	},
	{
		name: 'read',
		label: 'Read-Only List Names',
		what: 'can see but not change',
	},
	{
		name: 'none',
		label: 'No Access List Names',
		what: 'cannot see',
	},
] as const;

function levelField(level: (typeof LEVELS)[number]): INodeProperties {
	return listNamesField({
		displayName: level.label,
		name: level.name,
		description: `Audience lists the child account ${level.what}`,
		hint: 'Lists are named, not numbered. A field you fill replaces that whole level; one left empty keeps it. An expression gives names: a list, or a text with commas between them.',
	});
}

const properties: INodeProperties[] = [
	childEmailField('Email address of the child account whose list permissions to set'),
	...LEVELS.map(levelField),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['childAccount'], operation: ['setPermissions'] } },
	properties,
);

/**
 * The list names of one access level (`listNamesOf`), checked for what this request cannot carry:
 * the spec's `full`, `read` and `none` fields are names joined by plain commas, so a name
 * holding a comma (possible only when picked in the dropdown) cannot be sent, nor one with line
 * breaks. The Mailer differs: it reads one CSV row, where such a name is quoted (`listNamesCsv`).
 */
function levelListNames(
	ctx: IExecuteFunctions,
	itemIndex: number,
	level: (typeof LEVELS)[number],
): string[] {
	const names = listNamesOf(ctx.getNodeParameter(level.name, itemIndex, []));
	const withComma = names.find((name) => name.includes(','));
	if (withComma !== undefined) {
		throw itemError(
			ctx,
			itemIndex,
			`The field "${level.label}" holds a list name with a comma: "${printable(withComma)}"`,
			'Mad Mimi receives the list names separated by commas, so a name with a comma cannot be sent. Rename the list in Mad Mimi.',
		);
	}
	const withControlChars = names.find(hasControlChars);
	if (withControlChars !== undefined) {
		throw itemError(
			ctx,
			itemIndex,
			`The field "${level.label}" holds a list name with control characters: "${printable(withControlChars)}"`,
			'Remove line breaks and tabs from the list names.',
		);
	}
	return names;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = childEmail(this, itemIndex);
	const namesByLevel: ListPermissions = { full: [], read: [], none: [] };
	const seenIn = new Map<string, string>();
	for (const level of LEVELS) {
		const names = levelListNames(this, itemIndex, level);
		for (const name of names) {
			const other = seenIn.get(name);
			if (other !== undefined) {
				throw itemError(
					this,
					itemIndex,
					`The list "${printable(name)}" is in both "${other}" and "${level.label}"`,
					'A child account has one kind of access to a list: keep the list in one field only.',
				);
			}
			seenIn.set(name, level.label);
		}
		namesByLevel[level.name] = names;
	}
	if (seenIn.size === 0) {
		throw itemError(
			this,
			itemIndex,
			`No list given: ${LEVELS.map((l) => `"${l.label}"`).join(', ')} are all empty`,
			'Choose at least one audience list in one of the three fields.',
		);
	}
	await setListPermissions(itemClient(this, itemIndex), email, namesByLevel);
	return [
		{
			success: true,
			email,
			full: namesByLevel.full,
			read: namesByLevel.read,
			none: namesByLevel.none,
		},
	];
}
