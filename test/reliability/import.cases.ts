/**
 * Import from items when a batch fails part way (a connection cut on every try, or a 500, on the
 * 2nd of 4 batches): the rows not imported are named, nothing is silently dropped, no row is sent
 * twice. A batch met by a passing fault is sent again in place (the service merges the members it
 * has). The emulator's stored import rows are compared with the input, row by row.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Emulator, FaultResponse } from '../../emulator';
import { ordinal } from '../../nodes/MadMimi/helpers/validation';
import { runNode } from '../harness';
import { logs } from './capture';
import { nodeParams } from '../node/setup';
import { byItem, hunt } from './checks';

/** 40 items, batch size 10: 4 batches. Items 5 and 17 have no valid address (reported, not sent). */
function people(): INodeExecutionData[] {
	return Array.from({ length: 40 }, (_, i) => ({
		json: {
			email: i === 5 ? 'not an address' : i === 17 ? '' : `row${i}@example.com`,
			'first name': `Row ${i}`,
			note: i % 7 === 0 ? 'comma, "quotes" and\nline break' : `n${i}`,
		} as IDataObject,
	}));
}

const parameters = nodeParams('audienceMember', 'import', {
	source: 'items',
	emailField: 'email',
	list: { __rl: true, mode: 'list', value: 'Newsletter' },
	options: { batchSize: 10 },
});

/** A fault that fails a batch for good, met on each of the 5 tries (a 500: test/node/audienceMemberImport.test.ts). */
const FAULTS: Array<[string, FaultResponse, number, string]> = [
	[
		'reset mid-answer on every try',
		'resetMidAnswer',
		5,
		'Import stopped: The connection to Mad Mimi was cut before the response was complete',
	],
];

/** The valid rows of the input, in order, by batch of 10. */
function validBatches(input: INodeExecutionData[]): Array<Array<{ item: number; email: string }>> {
	const valid = input
		.map((it, item) => ({ item, email: String(it.json.email) }))
		.filter((r) => r.email.includes('@'));
	return [0, 1, 2, 3].map((b) => valid.slice(b * 10, b * 10 + 10));
}

export function importFaults(env: { readonly emulator: Emulator }): void {
	const storedEmails = () => env.emulator.store.imports.flatMap((i) => i.rows.map((r) => r.email));

	test.each(FAULTS)(
		'%s on the 2nd of 4 batches, stopping: batch 1 stored once, the rest named as not imported',
		async (_name, respond, times, message) => {
			const input = people();
			const batches = validBatches(input);
			env.emulator.faults.add({
				method: 'POST',
				path: '/audience_members',
				after: 1,
				times,
				respond,
			});
			const mark = logs.mark();
			const result = await runNode({ parameters }, input);
			expect(hunt(`import stop ${_name}`, result, mark)).toEqual([]);
			expect(result.error?.message).toBe(message);
			const first = env.emulator.store.imports[0];
			expect(result.error?.description).toContain(
				`Batch 2 of 4 (the ${ordinal(batches[1][0].item + 1)} to ${ordinal(batches[1][9].item + 1)} items) was not imported.`,
			);
			expect(result.error?.description).toContain(`Batch 1 was imported (import id ${first.id}).`);
			expect(result.error?.description).toContain('Batches 3–4 were not sent.');
			expect(result.error?.context?.itemIndex).toBe(batches[1][0].item);
			if (times > 1) expect(result.error?.description).toContain('Tried 5 times over');
			// only batch 1 was stored, once, with every cell as given
			const stored = storedEmails();
			expect(stored).toEqual(batches[0].map((r) => r.email));
			expect(first.rows.map((r) => [r['first name'], r.note, r.add_list])).toEqual(
				batches[0].map((r) => [
					input[r.item].json['first name'],
					input[r.item].json.note,
					'Newsletter',
				]),
			);
			expect(env.emulator.requests.filter((r) => r.path === '/audience_members')).toHaveLength(
				1 + times,
			);
		},
	);

	test.each(FAULTS)(
		'%s on the 2nd of 4 batches, Continue On Fail: every item reported once, stored rows = imported items',
		async (_name, respond, times) => {
			const input = people();
			const batches = validBatches(input);
			env.emulator.faults.add({
				method: 'POST',
				path: '/audience_members',
				after: 1,
				times,
				respond,
			});
			const mark = logs.mark();
			const result = await runNode({ parameters, continueOnFail: true }, input);
			expect(hunt(`import continue ${_name}`, result, mark)).toEqual([]);
			expect(result.error).toBeUndefined();
			const groups = byItem(result.items, input.length);
			const lost = groups.filter((g) => g.length === 0).length;
			const twice = groups.filter((g) => g.length > 1).length;
			expect([lost, twice]).toEqual([0, 0]);
			const outs = groups.map((g) => g[0].json);
			const failedItems = new Set(batches[1].map((r) => r.item));
			outs.forEach((json, item) => {
				if (item === 5 || item === 17)
					expect(json).toMatchObject({
						imported: false,
						error: expect.stringMatching(/not a valid email address|has no "email" field/),
					});
				else if (failedItems.has(item))
					expect(json).toMatchObject({
						email: input[item].json.email,
						imported: false,
						batch: 2,
						error: expect.stringMatching(/^The connection to Mad Mimi was cut/),
					});
				else
					expect(json).toMatchObject({
						email: input[item].json.email,
						imported: true,
						importId: expect.any(Number),
					});
			});
			// the stored rows are exactly the items reported imported, each once
			const imported = outs.filter((j) => j.imported === true).map((j) => j.email);
			const stored = storedEmails();
			expect(stored).toEqual(imported);
			expect(new Set(stored).size).toBe(stored.length);
			expect(env.emulator.requests.filter((r) => r.path === '/audience_members')).toHaveLength(
				3 + times,
			);
		},
	);

	test('a 503 on batch 2 is tried again in place: one run of the node, batch 1 not sent again, every member stored once', async () => {
		const input = people();
		env.emulator.faults.add({
			method: 'POST',
			path: '/audience_members',
			after: 1,
			times: 1,
			respond: { status: 503, body: 'Service Unavailable' },
		});
		const result = await runNode(
			{ parameters, retryOnFail: true, maxTries: 2, waitBetweenTries: 1 },
			input,
		);
		expect(result.error).toBeUndefined();
		expect(result.items.filter((i) => i.json.imported === true)).toHaveLength(38);
		expect(env.emulator.store.imports.map((i) => i.rows.length)).toEqual([10, 10, 10, 8]);
		expect(
			env.emulator.requests
				.filter((r) => r.path === '/audience_members')
				.map((r) => r.fault ?? r.status),
		).toEqual([200, '503', 200, 200, 200]);
	});

	test('batch 2 cut after Mad Mimi stored it is sent again: the service merges, so every member is stored once and every item reported imported', async () => {
		const input = people();
		env.emulator.faults.add({
			method: 'POST',
			path: '/audience_members',
			after: 1,
			times: 1,
			respond: 'resetAfterWork',
		});
		const result = await runNode({ parameters }, input);
		expect(result.error).toBeUndefined();
		const outs = byItem(result.items, input.length).map((g) => g[0].json);
		expect(outs.filter((json) => json.imported === true)).toHaveLength(38);
		// batch 2's rows went twice (once lost on the way back): the service holds each member once
		expect(env.emulator.store.imports.map((i) => i.rows.length)).toEqual([10, 10, 10, 10, 8]);
		const members = [...env.emulator.store.members.keys()].filter((k) => k.startsWith('row'));
		expect(members.sort()).toEqual(
			validBatches(input)
				.flat()
				.map((r) => r.email)
				.sort(),
		);
		// the output names the import that answered, not the one whose answer was lost
		const answeredIds = env.emulator.store.imports.map((i) => i.id).filter((_, k) => k !== 1);
		expect(
			new Set(outs.filter((json) => json.imported === true).map((json) => json.importId)),
		).toEqual(new Set(answeredIds));
	});
}
