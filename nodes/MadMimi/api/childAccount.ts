import type { IDataObject } from 'n8n-workflow';

import type { MadMimiClient, OnceOnly, WriteOnceOutcome } from '../transport';

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

/** A child account's details besides its address: each is sent only when given. */
export interface ChildAccountDetails {
	password?: string;
	firstName?: string;
	lastName?: string;
	organizationName?: string;
	address?: string;
}

/** The form name of each detail, in the order the form carries them. */
const DETAIL_FORM_NAMES: Record<keyof ChildAccountDetails, string> = {
	password: 'pwd',
	firstName: 'first_name',
	lastName: 'last_name',
	organizationName: 'organization_name',
	address: 'address',
};

function accountForm(email: string, details: ChildAccountDetails): Record<string, string> {
	const form: Record<string, string> = { email };
	for (const [detail, formName] of Object.entries(DETAIL_FORM_NAMES)) {
		const value = details[detail as keyof ChildAccountDetails];
		if (value !== undefined) form[formName] = value;
	}
	return form;
}

/**
 * Creates a child account (POST /participants), which Mad Mimi emails an invitation unless
 * `invite` is false. Sent at most once: a repeat after it was created is refused ("Email has
 * already been taken"). `askFirst` looks for the account before it is sent (transport's
 * `OnceOnly`). The outcome: the new account's API key, which only this answer gives (undefined
 * when the answer is not one), or what `askFirst` found.
 */
export async function createChildAccount(
	api: MadMimiClient,
	email: string,
	details: ChildAccountDetails,
	options: { invite: boolean; askFirst?: () => Promise<IDataObject | undefined> },
): Promise<WriteOnceOutcome<string | undefined>> {
	const form = accountForm(email, details);
	if (!options.invite) form.no_invite = 'yes';
	const repeat: OnceOnly = {
		mayHave: `The child account ${email} may have been created`,
		check: 'Look for it with Child Account → Get Many before creating it again.',
		askFirst: options.askFirst,
	};
	const outcome = await api.writeOnce(
		repeat,
		async () => await api.request({ method: 'POST', path: ['participants'], form, repeat }),
	);
	if ('foundDone' in outcome) return outcome;
	const apiKey = outcome.sent.trim();
	return { sent: apiKey === '' || /\s/.test(apiKey) ? undefined : apiKey };
}

/** Changes the details given of a child account (PUT /participants/update, sent as `_method=put`). */
export async function updateChildAccount(
	api: MadMimiClient,
	email: string,
	details: ChildAccountDetails,
): Promise<void> {
	await api.request({
		method: 'PUT',
		viaPost: true,
		path: ['participants', 'update'],
		form: accountForm(email, details),
		repeat: 'safe',
	});
}

/** Deletes a child account (DELETE /participants, sent as `_method=delete`). */
export async function deleteChildAccount(api: MadMimiClient, email: string): Promise<void> {
	await api.request({
		method: 'DELETE',
		viaPost: true,
		path: ['participants'],
		form: { email },
		repeat: 'delete',
	});
}

/** The audience lists a child account can use (`full`), only see (`read`) and not see (`none`), by name. */
export interface ListPermissions {
	full: string[];
	read: string[];
	none: string[];
}

/**
 * Sets a child account's access to lists (POST /participants/update_permissions_for). Each
 * level's names are joined by plain commas, so none may hold a comma; a level given no list is
 * not sent, and stays as it is.
 */
export async function setListPermissions(
	api: MadMimiClient,
	email: string,
	permissions: ListPermissions,
): Promise<void> {
	const form: Record<string, string> = { email };
	for (const level of ['full', 'read', 'none'] as const)
		if (permissions[level].length > 0) form[level] = permissions[level].join(',');
	await api.request({
		method: 'POST',
		path: ['participants', 'update_permissions_for'],
		form,
		repeat: 'safe',
	});
}
