/** The promotion operations' parameters, as the promotion tests write them. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

export const byId = (value: string | number) => ({ __rl: true, mode: 'id', value });
export const fromList = (value: string, name?: string) => ({
	__rl: true,
	mode: 'list',
	value,
	cachedResultName: name ?? value,
});
export const promotion = (operation: string, extra: IDataObject = {}): INodeParameters =>
	({ resource: 'promotion', operation, ...extra }) as INodeParameters;
