import type { IDataObject } from 'n8n-workflow';

/*
 * "Simplify": the fields a person uses, without the empty ones. Mad Mimi's member records carry
 * every custom field the account ever had and a dozen standard ones, most of them empty (a
 * member is about 350 bytes, 8 of its fields null): a list of members read by a person, a
 * spreadsheet or an AI model is easier to use without them.
 */

function isEmpty(value: unknown): boolean {
	if (value === null || value === undefined || value === '') return true;
	if (Array.isArray(value)) return value.length === 0;
	return typeof value === 'object' && Object.keys(value).length === 0;
}

/** The record without its empty fields (null, '', [], {}), at every depth; order kept. */
export function withoutEmpty(record: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		const kept = Array.isArray(value)
			? value
					.map((entry) =>
						entry !== null && typeof entry === 'object'
							? withoutEmpty(entry as IDataObject)
							: entry,
					)
					.filter((entry) => !isEmpty(entry))
			: value !== null && typeof value === 'object'
				? withoutEmpty(value as IDataObject)
				: value;
		if (!isEmpty(kept)) out[key] = kept as IDataObject[keyof IDataObject];
	}
	return out;
}

/** A member: its filled fields, and its lists as names. */
export function simpleMember(member: IDataObject): IDataObject {
	const lists = Array.isArray(member.lists)
		? (member.lists as IDataObject[]).map((list) => list.name).filter((name) => !isEmpty(name))
		: [];
	return withoutEmpty({ ...member, lists: lists as IDataObject[keyof IDataObject] });
}

/** A promotion: its ID, name, dates and mailings, without the web app's thumbnail and public code. */
export function simplePromotion(promotion: IDataObject): IDataObject {
	const rest = { ...promotion };
	delete rest.thumbnail;
	delete rest.mimio;
	return withoutEmpty(rest);
}
