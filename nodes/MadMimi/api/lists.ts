import type { IDataObject } from 'n8n-workflow';

import { writeCsv } from '../helpers/csv';
import { printable } from '../helpers/validation';
import type { MadMimiClient } from '../transport';
import type { Refusal } from '../transport/errors';

/*
 * The account's audience lists, and the ways the node reads and writes list names: one home for
 * them, used by the operations, the trigger and the editor's pickers.
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

/**
 * The one wording of a list the account does not have, wherever a list is named: the name as
 * given, and the way out. `more` adds what the operation did or did not do.
 */
export function noSuchList(list: string, more?: string): { message: string; description: string } {
	return {
		message: `Mad Mimi has no list named "${printable(list)}"`,
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
