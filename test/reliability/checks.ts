import type { INodeExecutionData, IRun } from 'n8n-workflow';

import type { RunResult } from '../harness';
import { logs } from './capture';
import { leaksIn, serialize } from './support';

/**
 * Checks that the key is in none of: the error (message, description, stack, context, cause),
 * the output items, the stored run, and what was logged since `logMark`. Returns the places it
 * was found, for the assertion message.
 */
export function hunt(
	label: string,
	result: Partial<RunResult> & { run?: IRun },
	logMark: number,
): string[] {
	const places: Record<string, string> = {
		error: serialize(result.error ?? null),
		message: String(result.error?.message ?? ''),
		description: String(result.error?.description ?? ''),
		items: serialize(result.items ?? []),
		run: serialize(result.run ?? null),
		logs: logs.since(logMark),
	};
	const found: string[] = [];
	for (const [place, text] of Object.entries(places)) {
		const hits = leaksIn(text);
		if (hits.length > 0) found.push(`${label}: ${place} holds ${hits.join(', ')}`);
	}
	return found;
}

/** The output items paired to each input item, by index. */
export function byItem(items: INodeExecutionData[], count: number): INodeExecutionData[][] {
	const out: INodeExecutionData[][] = Array.from({ length: count }, () => []);
	for (const item of items) {
		const paired = item.pairedItem;
		const index =
			typeof paired === 'number' ? paired : Array.isArray(paired) ? paired[0]?.item : paired?.item;
		if (typeof index === 'number' && out[index]) out[index].push(item);
	}
	return out;
}

/** Whether the output items come in input order (all of item 0's, then item 1's, …). */
export function inInputOrder(items: INodeExecutionData[]): boolean {
	let last = -1;
	for (const item of items) {
		const paired = item.pairedItem as { item?: number } | undefined;
		const index = paired?.item ?? -1;
		if (index < last) return false;
		last = index;
	}
	return true;
}

export const isErrorItem = (item: INodeExecutionData) => typeof item.json.error === 'string';
