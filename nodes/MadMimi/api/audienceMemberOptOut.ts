import { writeCsv } from '../helpers/csv';
import { printable } from '../helpers/validation';
import { answerMatching } from '../parsing';
import type { MadMimiClient, OnceOnly, WriteOnceOutcome } from './client';
import { importMembers, memberMissing, membersPage } from './audienceMember';

/*
 * Audience Member → Opt Out, Opt In Again, Is Opted Out and Get Opted Out: the service calls an
 * opted-out member "suppressed" (`is_suppressed`, `suppressed_since`, `suppressed_audience_members`).
 */

/** Whether the member of this address opted out (`is_suppressed`: `true` or `false`); an unknown address is refused (memberMissing). */
export async function isOptedOut(api: MadMimiClient, email: string): Promise<boolean> {
	const answer = await api.read(
		{
			method: 'GET',
			path: ['audience_members', email, 'is_suppressed'],
			refusal: memberMissing(email),
		},
		answerMatching(/^(true|false)$/, 'The response is neither true nor false'),
	);
	return answer === 'true';
}

/** is_suppressed's refusal of an unknown address, as hasOptedOut reads it: never shown to anyone. */
const NOT_A_MEMBER = { message: 'not a member', description: '' };

/** Whether this address opted out; false for an address the account has no member of (nobody to have opted out). */
export async function hasOptedOut(api: MadMimiClient, email: string): Promise<boolean> {
	const answer = await api
		.read(
			{
				method: 'GET',
				path: ['audience_members', email, 'is_suppressed'],
				// the recorded "<email> does not exist" (400): no member, so not opted out
				refusal: ({ status, text }) =>
					status === 400 && /does not exist/i.test(text) ? NOT_A_MEMBER : undefined,
			},
			answerMatching(/^(true|false)$/, 'The response is neither true nor false'),
		)
		.catch((error: unknown) => {
			if (error instanceof Error && error.message === NOT_A_MEMBER.message) return 'false';
			throw error;
		});
	return answer === 'true';
}

/** The addresses suppressed (opted out) since a time (unix seconds): the service says no more, not even when. */
export async function optedOutSince(api: MadMimiClient, since: number): Promise<string[]> {
	return await api.lines({
		method: 'GET',
		path: ['audience_members', 'suppressed_since', String(Math.max(0, since))],
		format: 'txt',
	});
}

/** How many members opted out, of the account or of a list (one page of one: its `count`). */
export async function optedOutCount(
	api: MadMimiClient,
	list?: string,
): Promise<number | undefined> {
	return (await membersPage(api, { list, page: 1, perPage: 1, suppressedOnly: true })).count;
}

/**
 * Opts a member back in (`DELETE /suppressed_audience_members/{email}`, a JSON answer on a path
 * without extension; `"success": false` for an unknown member is a failure): once only, since a
 * repeat after it took effect finds nobody suppressed and the service refuses it.
 */
export async function optMemberInAgain(
	api: MadMimiClient,
	email: string,
	once: OnceOnly,
): Promise<WriteOnceOutcome<unknown>> {
	return await api.writeOnce(
		once,
		async () =>
			await api.json({
				method: 'DELETE',
				path: ['suppressed_audience_members', email],
				extension: false,
				repeat: once,
				// refused with "success": false (no status), or a 4xx naming the unknown address
				refusal: ({ status, text }) =>
					status === undefined || /does not exist|undefined method/i.test(text)
						? {
								message: `Mad Mimi could not opt ${printable(email)} back in`,
								description:
									'Mad Mimi responds so when the address is not a member of the account: check it with Audience Member → Get.',
							}
						: undefined,
			}),
	);
}

/**
 * Opts an address out (the spec's own way: an import whose `opt out` column is 1); an address the
 * account does not have is added opted out. Gives the import id.
 */
export async function optMemberOut(api: MadMimiClient, email: string): Promise<number> {
	return await importMembers(api, writeCsv(['email', 'opt out'], [[email, '1']]));
}
