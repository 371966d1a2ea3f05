import { writeCsv } from '../helpers/csv';
import type { MadMimiClient } from '../transport';

/*
 * The account's audience lists, and the ways the node reads and writes list names: one home for
 * them, used by the operations, the trigger and the editor's pickers.
 */

/** The names of the account's lists (the recorded lists document), sorted, none empty. */
export async function accountListNames(api: MadMimiClient): Promise<string[]> {
	const lists = await api.xmlRecords({ method: 'GET', path: ['audience_lists', 'lists'] });
	return lists
		.map((list) => (list.name === undefined || list.name === null ? '' : String(list.name)))
		.filter((name) => name !== '')
		.sort((a, b) => a.localeCompare(b));
}

/** List names from a multi-select (an array), or a comma-separated text mapped by expression: trimmed, empty ones dropped, each once. */
export function listNamesOf(value: unknown): string[] {
	const names = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
	return [...new Set(names.map((n) => n.trim()).filter((n) => n !== ''))];
}

/** One CSV row of list names, as the Mailer reads `list_name(s)`: `list 1,"Friends, family"`. */
export function listNamesCsv(names: string[]): string {
	return writeCsv(names, []).replace(/\r?\n$/, '');
}
