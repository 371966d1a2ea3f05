import type { IDataObject } from 'n8n-workflow';

import type { MadMimiClient } from '../transport';

/*
 * The account's child accounts (participants). No source shows the field names of a child
 * account's record: a child is found by its values, never by a field name we guessed.
 */

/** The account's child accounts (GET /participants.xml), one record each. */
export async function childAccounts(api: MadMimiClient): Promise<IDataObject[]> {
	return await api.xmlRecords({ method: 'GET', path: ['participants'] });
}

/** The child account whose record holds this sign-in address (upper and lower case alike), or undefined. */
export async function childAccountByEmail(
	api: MadMimiClient,
	email: string,
): Promise<IDataObject | undefined> {
	const wanted = email.trim().toLowerCase();
	return (await childAccounts(api)).find((child) =>
		Object.values(child).some(
			(value) => typeof value === 'string' && value.trim().toLowerCase() === wanted,
		),
	);
}
