import type { IDataObject } from 'n8n-workflow';

/** What a parameter's stored value (as the workflow holds it, before n8n evaluates it) says of its expressions. */

/** Whether a stored parameter value holds an expression anywhere in it. */
export function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value !== null && typeof value === 'object')
		return Object.values(value as IDataObject).some(holdsExpression);
	return false;
}

/** An expression that is one field of the item's JSON and nothing else: `{{ $json.email }}`, `{{ $json["first name"] }}`. */
const ITEM_FIELD =
	/^=\{\{\s*\$json\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*(?:'([^'\\]*)'|"([^"\\]*)")\s*\])\s*\}\}\s*$/;

function itemFieldOf(value: string): string | undefined {
	const match = ITEM_FIELD.exec(value);
	return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Whether every expression in a stored value names one field of the item, and there is at least one. */
export function onlyItemFields(value: unknown): boolean {
	let found = false;
	const visit = (v: unknown): boolean => {
		if (typeof v === 'string') {
			if (!v.startsWith('=')) return true;
			found = true;
			return itemFieldOf(v) !== undefined;
		}
		if (Array.isArray(v)) return v.every(visit);
		if (v !== null && typeof v === 'object') return Object.values(v as IDataObject).every(visit);
		return true;
	};
	return visit(value) && found;
}

/** The stored value with each of its expressions replaced by the item's field it names. */
export function withItemFields(value: unknown, json: IDataObject): unknown {
	if (typeof value === 'string') {
		const field = value.startsWith('=') ? itemFieldOf(value) : undefined;
		return field === undefined ? value : Object.hasOwn(json, field) ? json[field] : undefined;
	}
	if (Array.isArray(value)) return value.map((v) => withItemFields(v, json));
	if (value !== null && typeof value === 'object') {
		const out: IDataObject = {};
		for (const [key, v] of Object.entries(value as IDataObject))
			out[key] = withItemFields(v, json) as IDataObject[string];
		return out;
	}
	return value;
}
