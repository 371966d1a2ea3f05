import type { IDataObject } from 'n8n-workflow';

import type { XmlReadOptions } from '../../parsing';
import { printable } from '../../helpers/validation';
import type { Refusal } from '../../transport/errors';

/**
 * The members documents as recorded (`<audience>` of `<member suppressed="…">`): a member's
 * `lists` is a container, even empty or with one list; names, codes and list names are text,
 * whatever they look like (a list named 2024, a zip code 10115).
 */
export const MEMBERS_DOCUMENT: XmlReadOptions = {
	arrays: ['lists'],
	text: ['first_name', 'last_name', 'name', 'phone', 'zip', 'company', 'title', 'address', 'city', 'state', 'country', 'list'],
};

/** A member's list: its name, and when the member joined it where the service says so. */
function memberList(entry: unknown): IDataObject {
	if (entry !== null && typeof entry === 'object' && !Array.isArray(entry)) {
		const { value, name, membershipCreatedAt, ...rest } = entry as IDataObject;
		return {
			name: (value ?? name ?? null) as IDataObject[keyof IDataObject],
			...(membershipCreatedAt !== undefined ? { membershipCreatedAt } : {}),
			...rest,
		};
	}
	return { name: entry === undefined ? null : (entry as IDataObject[keyof IDataObject]) };
}

/** One member as the node outputs it: the address and names first, `lists` always an array of `{ name, membershipCreatedAt? }`. */
export function memberRecord(raw: IDataObject): IDataObject {
	const { email, firstName, lastName, lists, ...rest } = raw;
	const entries = lists === undefined || lists === null ? [] : Array.isArray(lists) ? lists : [lists];
	return { email, firstName, lastName, ...rest, lists: entries.map(memberList) };
}

/** The service's "<email> does not exist" (400), in the user's words. */
export function memberMissing(email: string): Refusal {
	return (status, text) =>
		status === 400 && /does not exist/i.test(text)
			? {
					message: `Mad Mimi has no member with the address ${printable(email)}`,
					description: 'Check the address (Audience Member → Get finds a member by address). New people are added with Audience Member → Create or Update, or Import.',
				}
			: undefined;
}
