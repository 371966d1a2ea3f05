import type { IDataObject } from 'n8n-workflow';

import type { MadMimiClient } from '../transport';

/**
 * The signup form (webform) of this ID, with its fields, colors and addresses (GET
 * /signups/{id}.json); undefined when the answer is not one record.
 */
export async function signupForm(api: MadMimiClient, id: number): Promise<IDataObject | undefined> {
	const form = await api.json({
		method: 'GET',
		path: ['signups', id],
		notFound: `Mad Mimi has no signup form with the ID ${id}`,
	});
	return form === null || typeof form !== 'object' || Array.isArray(form)
		? undefined
		: (form as IDataObject);
}
