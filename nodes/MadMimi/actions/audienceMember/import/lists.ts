import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { accountListNames, ensureList, noSuchList } from '../../../api/audienceList';
import { itemClient } from '../../../api/client';

/** The names of the account's lists (the recorded lists document), read once per run. */
const accountLists = new WeakMap<object, Promise<Set<string>>>();

function accountListsOnce(ctx: IExecuteFunctions, itemIndex: number): Promise<Set<string>> {
	let pending = accountLists.get(ctx);
	if (!pending) {
		pending = accountListNames(itemClient(ctx, itemIndex)).then((names) => new Set(names));
		accountLists.set(ctx, pending);
		pending.catch(() => accountLists.delete(ctx));
	}
	return pending;
}

/** What became of the lists a run's items join. */
export interface ListCheck {
	/** Created now, because they did not exist and "Create List If Missing" is on. */
	created: Set<string>;
	/** Missing, and not to be created: the items that join them fail. */
	missing: Set<string>;
}

/**
 * Checks, before any import, that the lists the items join exist: one read of the account's
 * lists for the whole run. A missing list is created first when `createList` is on (the recorded
 * list creation, so the import never depends on the service creating lists on the fly), else it
 * is reported missing.
 */
export async function prepareLists(
	ctx: IExecuteFunctions,
	names: Iterable<string>,
	createList: boolean,
	itemIndex: number,
): Promise<ListCheck> {
	const check: ListCheck = { created: new Set(), missing: new Set() };
	const wanted = [...new Set(names)];
	if (wanted.length === 0) return check;
	const existing = await accountListsOnce(ctx, itemIndex);
	for (const name of wanted) {
		if (existing.has(name)) continue;
		if (!createList) {
			check.missing.add(name);
			continue;
		}
		await ensureList(itemClient(ctx, itemIndex), name);
		existing.add(name);
		check.created.add(name);
	}
	return check;
}

/** The refusal of an item whose list does not exist. */
export function listMissingError(
	ctx: IExecuteFunctions,
	list: string,
	itemIndex: number,
): NodeOperationError {
	const { message, description } = noSuchList(
		list,
		'To have the node create it, turn on the option "Create List If Missing". This item was not sent to Mad Mimi.',
	);
	return new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
}

/**
 * The people whose lists all exist (or were just created). Each other one is handed to `fail`
 * with the error naming its missing list: it fails on its own, the others go on.
 */
export function withoutMissingLists<T extends { itemIndex: number; lists: string[] }>(
	ctx: IExecuteFunctions,
	people: T[],
	check: ListCheck,
	fail: (person: T, error: NodeOperationError) => void,
): T[] {
	return people.filter((person) => {
		const missing =
			check.missing.size === 0 ? undefined : person.lists.find((list) => check.missing.has(list));
		if (missing === undefined) return true;
		fail(person, listMissingError(ctx, missing, person.itemIndex));
		return false;
	});
}

/** How the output names the list an item joined. */
export function listOutput(list: string | undefined, check: ListCheck): IDataObject {
	return list === undefined ? { list: null } : { list, listCreated: check.created.has(list) };
}
