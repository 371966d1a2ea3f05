import type { IDataObject } from 'n8n-workflow';

/** One item per element of a JSON array answer; an object answer is one item. */
export function jsonRecords(answer: unknown): IDataObject[] {
	const list = Array.isArray(answer) ? answer : answer === null || answer === undefined ? [] : [answer];
	return list.map((entry) =>
		entry !== null && typeof entry === 'object' && !Array.isArray(entry)
			? (entry as IDataObject)
			: { value: entry as IDataObject[keyof IDataObject] },
	);
}
