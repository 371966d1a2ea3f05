import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { writeCsv } from '../helpers/csv';
import { printable } from '../helpers/validation';
import type { Refusal, WriteOnceOutcome } from '../transport';
import type { MadMimiClient } from './client';

/*
 * The account's audience lists, their writes (create, rename, clear, delete, a member's add and
 * remove), and the ways the node reads and writes list names: one home for them, used by the
 * operations, the trigger and the editor's pickers.
 */

/** The account's lists (the recorded lists document: `id`, `name`, `subscriberCount`, `displayName`). */
export async function accountLists(api: MadMimiClient): Promise<IDataObject[]> {
	return await api.xmlRecords({ method: 'GET', path: ['audience_lists', 'lists'] });
}

/** The account's list of exactly this name, or undefined. */
export async function listNamed(
	api: MadMimiClient,
	name: string,
): Promise<IDataObject | undefined> {
	return (await accountLists(api)).find(
		(list) => list.name !== undefined && list.name !== null && String(list.name) === name,
	);
}

/** The names of the account's lists (the recorded lists document), sorted, none empty. */
export async function accountListNames(api: MadMimiClient): Promise<string[]> {
	const lists = await accountLists(api);
	return lists
		.map((list) => (list.name === undefined || list.name === null ? '' : String(list.name)))
		.filter((name) => name !== '')
		.sort((a, b) => a.localeCompare(b));
}

/** List names from a multi-select (an array), or a comma-separated text mapped by expression: trimmed, empty ones dropped, each once. */
export function listNamesOf(value: unknown): string[] {
	const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
	const names = Array.isArray(value) ? value.map(text) : text(value).split(',');
	return [...new Set(names.map((n) => n.trim()).filter((n) => n !== ''))];
}

/** One CSV row of list names, as the Mailer reads `list_name(s)`: `list 1,"Friends, family"`. */
export function listNamesCsv(names: string[]): string {
	return writeCsv(names, []).replace(/\r?\n$/, '');
}

const NO_SUCH_LIST = 'Mad Mimi has no list named';

/** Whether an error's message is the one noSuchList words: a list the account lacks. */
export function isNoSuchList(message: string): boolean {
	return message.startsWith(`${NO_SUCH_LIST} "`);
}

/**
 * The one wording of a list the account does not have, wherever a list is named: the name as
 * given, and the way out. `more` adds what the operation did or did not do.
 */
export function noSuchList(list: string, more?: string): { message: string; description: string } {
	return {
		message: `${NO_SUCH_LIST} "${printable(list)}"`,
		description: `Pick the list from the dropdown, or check its name (upper and lower case count).${more ? ` ${more}` : ''}`,
	};
}

/**
 * Mad Mimi's answer that a list named in the request does not exist (a 404, or a refusal that says
 * so: "List X does not exist"), in that wording; undefined for any other refusal.
 */
export function listRefusal(list: string | string[]): Refusal {
	const lists = Array.isArray(list) ? list : [list];
	return ({ status, text }) => {
		const named =
			lists.find((l) => text.includes(l)) ?? (lists.length === 1 ? lists[0] : undefined);
		const saysMissing =
			/list/i.test(text) && /does not exist|not found|no such|unknown/i.test(text);
		if (named !== undefined && (saysMissing || (status === 404 && lists.length === 1)))
			return noSuchList(named);
		return undefined;
	};
}

/**
 * Creates a list (POST /audience_lists.json: the JSON form answers the new list, or why not), at
 * most once: a repeat after the list was created is refused ("Name has already been taken").
 * `askFirst` looks for the list before the request is sent (transport's `OnceOnly`). Sent, the
 * outcome is the new list: `{ id, name, size }`.
 */
export async function createList(
	api: MadMimiClient,
	name: string,
	askFirst?: () => Promise<IDataObject | undefined>,
): Promise<WriteOnceOutcome<IDataObject>> {
	const repeat = {
		mayHave: `The list "${printable(name)}" may have been created`,
		check: 'Look for it with Audience List → Get Many before creating it again.',
		askFirst,
	};
	const outcome = await api.writeOnce(
		repeat,
		async () =>
			await api.json({
				method: 'POST',
				path: ['audience_lists'],
				form: { name },
				repeat,
				refusal: ({ text }) =>
					/taken/i.test(text)
						? {
								message: `A list named "${printable(name)}" already exists`,
								description:
									'List names are unique in Mad Mimi: pick another name, or use the existing list.',
							}
						: undefined,
			}),
	);
	if ('foundDone' in outcome) return outcome;
	const result = ((outcome.sent as IDataObject | null)?.result ?? {}) as IDataObject;
	return { sent: { id: result.id ?? null, name: result.name ?? name, size: result.size ?? 0 } };
}

/**
 * Renames a list (POST /audience_lists/{list}/rename), at most once: a repeat after the rename
 * finds no list of the old name. `askFirst` looks for the rename before the request is sent.
 */
export async function renameList(
	api: MadMimiClient,
	list: string,
	newName: string,
	askFirst?: () => Promise<IDataObject | undefined>,
): Promise<WriteOnceOutcome<void>> {
	const repeat = {
		mayHave: `The list "${printable(list)}" may have been renamed "${printable(newName)}"`,
		check: 'Look for both names with Audience List → Get Many before renaming it again.',
		askFirst,
	};
	return await api.writeOnce(repeat, async () => {
		await api.request({
			method: 'POST',
			path: ['audience_lists', list, 'rename'],
			form: { name: newName },
			refusal: listRefusal(list),
			repeat,
		});
	});
}

/** Takes every member off a list, keeping the list (PUT /audience_lists/{list}/clear): clearing it again changes nothing. */
export async function clearList(api: MadMimiClient, list: string): Promise<void> {
	await api.request({
		method: 'PUT',
		path: ['audience_lists', list, 'clear'],
		refusal: listRefusal(list),
		repeat: 'safe',
	});
}

/** Deletes a list (DELETE /audience_lists/{list}, sent as `_method=delete`). */
export async function deleteList(api: MadMimiClient, list: string): Promise<void> {
	await api.request({
		method: 'DELETE',
		viaPost: true,
		path: ['audience_lists', list],
		repeat: 'delete',
	});
}

/**
 * Adds a member of the account to a list (POST /audience_lists/{list}/add): adding them again
 * changes nothing. A refusal is given in the service's words, unless `unknownMember` words that
 * of an address the account has no member of (api/audienceMember.ts's `memberMissing`): a missing list
 * is then worded too (`listRefusal`).
 */
export async function addToList(
	api: MadMimiClient,
	list: string,
	email: string,
	unknownMember?: Refusal,
): Promise<void> {
	await api.request({
		method: 'POST',
		path: ['audience_lists', list, 'add'],
		form: { email },
		refusal: unknownMember && ((refused) => unknownMember(refused) ?? listRefusal(list)(refused)),
		repeat: 'safe',
	});
}

/** Takes a member off a list (POST /audience_lists/{list}/remove): removing them again changes nothing. */
export async function removeFromList(
	api: MadMimiClient,
	list: string,
	email: string,
): Promise<void> {
	await api.request({
		method: 'POST',
		path: ['audience_lists', list, 'remove'],
		form: { email },
		repeat: 'safe',
	});
}

/**
 * Makes sure a list of this name exists, for an import about to fill it (POST
 * /audience_lists.json). Unlike `createList`, safe to repeat: a repeat that finds the list made by
 * its first try is refused as taken (the recorded `"Name has already been taken"`), and a list of
 * that name is all the import needs.
 */
export async function ensureList(api: MadMimiClient, name: string): Promise<void> {
	const refused = await api
		.json({ method: 'POST', path: ['audience_lists'], form: { name }, repeat: 'safe' })
		.then(
			() => undefined,
			(error: unknown) => error,
		);
	if (refused !== undefined && !isNameTaken(refused)) throw refused;
}

/** The recorded refusal of a list name that exists already: `{"success":false,"error":"Name has already been taken"}`. */
function isNameTaken(error: unknown): boolean {
	return (
		error instanceof NodeApiError &&
		/already been taken/i.test(`${error.message} ${error.description ?? ''}`)
	);
}
