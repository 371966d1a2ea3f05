import { memberByEmail } from '../../nodes/MadMimi/api/audienceMember';
import { pathOf, readAs } from './prober';
import type { Prober } from './prober';
import { NOBODY, NO_SUCH } from './reads';
import type { Exchange } from './types';

/*
 * The writes of `--writes`, only on what this session creates: a list of its own name, the one
 * member given put on it and taken off, a rename, the write error probes that act on that list
 * (or on a list no account has), then the list deleted. Whatever happens half way, the finally
 * deletes the list under the name it has by then, and says what it could not clean up. It never
 * writes to a list it did not create: a rename to an existing list's name is not tried, as the
 * delete by name could then reach the owner's list.
 */

export const RECORD_NAME_PREFIX = 'n8n-nodes-madmimi record';

const ok = (x: Exchange) =>
	x.status >= 200 && x.status < 300 && !/"success"\s*:\s*false/.test(x.body);

function lists(list: string, ...rest: string[]): string {
	return pathOf('audience_lists', list, ...rest);
}

export async function writeAll(p: Prober, member: string, stamp: number): Promise<void> {
	const name = `${RECORD_NAME_PREFIX} ${stamp}`;
	const renamed = `${name} renamed`;
	let current: string | undefined;
	// whether the member was in the audience before: an import of a new one cannot be undone
	const before = await p.ask(
		'write-member-before',
		p.get('/audience_members/search.xml', { email: member, raw: 'true' }),
	);
	if (!ok(before)) {
		p.notes.push(
			`--writes: nothing written: the check of whether ${member} is a member failed (${before.status || before.error})`,
		);
		return;
	}
	const existed =
		(await readAs(before, async (api) => await memberByEmail(api, member))) !== undefined;
	try {
		const created = await p.ask('list-create', p.post('/audience_lists', { name }));
		current = name; // even an unclear answer may have created it: the cleanup tries
		if (!ok(created))
			throw new Error(`the list could not be created (${created.status || created.error})`);
		await p.ask('list-create-again', p.post('/audience_lists', { name }));
		await p.ask('list-create-again-json', p.post('/audience_lists.json', { name }));
		await p.ask('lists-after-create', p.get('/audience_lists/lists.xml'));
		await p.ask('list-add-no-email', p.post(lists(name, 'add')));
		await p.ask('list-add-unknown-member', p.post(lists(name, 'add'), { email: NOBODY }));
		const csv = `email,add_list\n${member},${csvField(name)}\n`;
		const added = existed
			? await p.ask('list-add-member', p.post(lists(name, 'add'), { email: member }))
			: await p.ask('member-import', p.post('/audience_members', { csv_file: csv }));
		if (!existed && ok(added))
			p.notes.push(
				`--writes: ${member} was imported as a new audience member; Mad Mimi's API cannot delete an audience member, so it is left (delete it in Mad Mimi if you wish)`,
			);
		await p.ask(
			'list-members-after-add',
			p.get(`${lists(name, 'members')}.xml`, { per_page: '2' }),
		);
		const rename = await p.ask('list-rename', p.post(lists(name, 'rename'), { name: renamed }));
		if (ok(rename)) current = renamed;
		await p.ask('list-rename-same', p.post(lists(current, 'rename'), { name: current }));
		await p.ask('list-rename-blank', p.post(lists(current, 'rename'), { name: '' }));
		const other = { name: `${NO_SUCH} 2` };
		await p.ask('list-rename-unknown', p.post(lists(NO_SUCH, 'rename'), other));
		await p.ask('list-remove-member', p.post(lists(current, 'remove'), { email: member }));
		await p.ask('list-remove-again', p.post(lists(current, 'remove'), { email: member }));
		await p.ask('list-remove-no-email', p.post(lists(current, 'remove')));
		await p.ask('list-remove-unknown-list', p.post(lists(NO_SUCH, 'remove'), { email: member }));
		await p.ask('list-members-empty', p.get(`${lists(current, 'members')}.xml`, { per_page: '2' }));
		await p.ask('list-clear', { method: 'PUT', path: lists(current, 'clear') });
		await p.ask('list-clear-unknown', { method: 'PUT', path: lists(NO_SUCH, 'clear') });
		const deleted = await p.ask('list-delete', p.post(lists(current), { _method: 'delete' }));
		if (ok(deleted)) {
			p.notes.push(`cleanup: the list "${current}" created by this run was deleted`);
			current = undefined;
		}
		await p.ask('list-delete-again', p.post(lists(renamed), { _method: 'delete' }));
		await p.ask('lists-after-delete', p.get('/audience_lists/lists.xml'));
	} catch (error) {
		p.notes.push(
			`--writes stopped half way: ${error instanceof Error ? error.message : String(error)}`,
		);
	} finally {
		if (current !== undefined) await cleanUp(p, current, name, renamed);
	}
}

/** Deletes the list under whichever of its names it may have; says what is left. */
async function cleanUp(p: Prober, current: string, name: string, renamed: string): Promise<void> {
	const left: string[] = [];
	for (const [id, list] of [
		['cleanup-delete', current],
		['cleanup-delete-other-name', current === name ? renamed : name],
	] as const) {
		const x = await p.ask(id, p.post(lists(list), { _method: 'delete' })).catch(() => undefined);
		if (id === 'cleanup-delete' && (!x || !ok(x))) left.push(list);
	}
	p.notes.push(
		left.length
			? `NOT CLEANED UP: the list "${left.join('", "')}" could not be deleted: delete it in Mad Mimi`
			: `cleanup: the list "${current}" created by this run was deleted`,
	);
}

function csvField(value: string): string {
	return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
