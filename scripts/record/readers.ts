import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { accountAddons, availableAddons } from '../../nodes/MadMimi/api/addon';
import { analyticsDomains } from '../../nodes/MadMimi/api/analyticsDomain';
import { childAccounts } from '../../nodes/MadMimi/api/childAccount';
import { dripCampaigns } from '../../nodes/MadMimi/api/dripCampaign';
import {
	accountLists,
	addToList,
	clearList,
	createList,
	deleteList,
	removeFromList,
	renameList,
} from '../../nodes/MadMimi/api/audienceList';
import { emailStatus, sendEmail } from '../../nodes/MadMimi/api/email';
import { mailingLinks, mailingRecipients, mailingStats } from '../../nodes/MadMimi/api/mailing';
import {
	countNew,
	importMembers,
	memberByEmail,
	memberLists,
	membersUpTo,
	searchMembers,
} from '../../nodes/MadMimi/api/audienceMember';
import { optedOutSince } from '../../nodes/MadMimi/api/audienceMemberOptOut';
import { promotionAttempts } from '../../nodes/MadMimi/api/audienceMemberAttempts';
import {
	promotionsPage,
	savePromotion,
	searchPromotions,
	transactionalCount,
	trashPromotion,
} from '../../nodes/MadMimi/api/promotion';
import { signupForm } from '../../nodes/MadMimi/api/signupForm';
import { availableSocialLinks, socialLinks } from '../../nodes/MadMimi/api/socialLink';
import { DEFAULT_SETTINGS } from '../../nodes/MadMimi/settings';
import type { MadMimiContext } from '../../nodes/MadMimi/transport';
import { MadMimiClient } from '../../nodes/MadMimi/transport';
import type { Exchange } from './types';

/*
 * The node's own readers, run on a recorded answer: a client of the node (transport and all)
 * whose every request is answered by the recording, handed to the api function the node reads
 * that endpoint with. So "the node reads it" means what it means in a workflow: the same
 * parsing, the same error handling, the same refusals. The arguments given are placeholders: an
 * answer is read the same whatever was asked.
 */

const NODE: INode = {
	id: 'record',
	name: 'Mad Mimi',
	type: 'n8n-nodes-madmimi.madMimi',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** One try, never a retry: a recorded 5xx or 429 is read as the node reads it, without waiting. */
const SETTINGS = { ...DEFAULT_SETTINGS, backoff: { ...DEFAULT_SETTINGS.backoff, maxTries: 1 } };

/** A client of the node whose every request gets the recorded answer. */
export function recordingClient(
	x: Pick<Exchange, 'status' | 'contentType' | 'body' | 'error'>,
): MadMimiClient {
	const ctx = {
		getNode: () => NODE,
		getCredentials: async () => ({
			username: 'u',
			apiKey: 'k',
			baseUrl: 'https://recorded.invalid',
		}),
		logger: { debug() {}, info() {}, warn() {}, error() {} },
		helpers: {
			httpRequestWithAuthentication: async () => {
				if (x.status === 0)
					throw Object.assign(new Error(x.error ?? 'no answer'), { code: x.error });
				return { statusCode: x.status, headers: { 'content-type': x.contentType }, body: x.body };
			},
		},
	};
	return new MadMimiClient(ctx as unknown as MadMimiContext, SETTINGS);
}

type Read = (api: MadMimiClient) => Promise<unknown>;

/** Which api function the node reads a probe's endpoint with, by probe id (first match). */
const READERS: Array<[RegExp, string, Read]> = [
	[/^lists($|-after)/, 'accountLists', accountLists],
	[/^members/, 'membersUpTo', async (api) => await membersUpTo(api, {}, 2)],
	[
		/^list-members/,
		'membersUpTo (a list)',
		async (api) => await membersUpTo(api, { list: 'L' }, 2),
	],
	[/^member-search/, 'searchMembers', async (api) => await searchMembers(api, 'q', true)],
	[
		/^write-member-before$/,
		'memberByEmail',
		async (api) => await memberByEmail(api, 'a@example.invalid'),
	],
	[/^member-lists/, 'memberLists', async (api) => await memberLists(api, 'a@example.invalid')],
	[/^suppressed-since/, 'optedOutSince', async (api) => await optedOutSince(api, 0)],
	[
		/^(send-)?attempts/,
		'promotionAttempts',
		async (api) => await promotionAttempts(api, 'a@example.invalid'),
	],
	[/^count-new/, 'countNew', async (api) => await countNew(api, 0, 86_400)],
	[/^promotions(-past-end)?$/, 'promotionsPage', async (api) => await promotionsPage(api, 1)],
	[/^search-/, 'searchPromotions', async (api) => await searchPromotions(api, { query: 'q' })],
	[
		/^(send-count|transactional-count)/,
		'transactionalCount',
		async (api) => await transactionalCount(api, 'P', '2015-01-01'),
	],
	[/^mailing-stats$/, 'mailingStats', async (api) => await mailingStats(api, 1, 1)],
	[
		/^outcome-(?!unknown)/,
		'mailingRecipients',
		async (api) => await mailingRecipients(api, 1, 1, 'sent', 2),
	],
	[/^clicked$/, 'mailingLinks', async (api) => await mailingLinks(api, 1, 1)],
	[/^addons-available$/, 'availableAddons', availableAddons],
	[/^addons$/, 'accountAddons', accountAddons],
	[/^google-analytics$/, 'analyticsDomains', analyticsDomains],
	[/^social-links-available-json$/, 'availableSocialLinks', availableSocialLinks],
	[/^social-links-json$/, 'socialLinks', socialLinks],
	[/^participants$/, 'childAccounts', childAccounts],
	[/^drip-campaigns$/, 'dripCampaigns', dripCampaigns],
	[/^signup/, 'signupForm', async (api) => await signupForm(api, 1)],
	[/^send-status/, 'emailStatus', async (api) => await emailStatus(api, '1')],
	[/^list-create-again-json$/, 'createList', async (api) => await createList(api, 'L')],
	[/^list-add/, 'addToList', async (api) => await addToList(api, 'L', 'a@example.invalid')],
	[
		/^member-import$/,
		'importMembers',
		async (api) => await importMembers(api, 'email\na@example.invalid'),
	],
	[/^list-rename/, 'renameList', async (api) => await renameList(api, 'L', 'M')],
	[
		/^list-remove/,
		'removeFromList',
		async (api) => await removeFromList(api, 'L', 'a@example.invalid'),
	],
	[/^list-clear/, 'clearList', async (api) => await clearList(api, 'L')],
	[/^list-delete/, 'deleteList', async (api) => await deleteList(api, 'L')],
	[/^send-save$/, 'savePromotion', async (api) => await savePromotion(api, 'P', { raw_html: 'x' })],
	[
		/^send-mailer$/,
		'sendEmail',
		async (api) =>
			await sendEmail(api, { promotionName: 'P', recipient: 'a@example.invalid', content: {} }),
	],
	[/^send-trash$/, 'trashPromotion', async (api) => await trashPromotion(api, 1)],
];

/** The name of the node's reader of a probe, or undefined when the node never asks that endpoint. */
export function readerName(probe: string): string | undefined {
	return READERS.find(([re]) => re.test(probe))?.[1];
}

export interface NodeReading {
	/** yes: read as the node should (a 2xx read, a 4xx/5xx turned into a clear error); no: not; n/a: no reader. */
	reads: 'yes' | 'no' | 'n/a';
	reader?: string;
	/** What it read, or why not. */
	detail: string;
}

/** Runs a recorded answer through the node's reader of its probe. */
export async function nodeReading(x: Exchange): Promise<NodeReading> {
	const found = READERS.find(([re]) => re.test(x.probe));
	if (!found) return { reads: 'n/a', detail: 'the node never asks this' };
	const [, reader, read] = found;
	// a 200 with `"success": false` is a refusal too (recorded for POST /audience_lists.json)
	const failed = x.status === 0 || x.status >= 400 || /"success"\s*:\s*false/.test(x.body);
	try {
		const value = await read(recordingClient(x));
		if (failed) return { reads: 'no', reader, detail: `a failure (${x.status}) read as a success` };
		const count = Array.isArray(value) ? `${value.length} record(s)` : typeof value;
		return { reads: 'yes', reader, detail: count };
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		if (failed && error instanceof NodeApiError)
			return { reads: 'yes', reader, detail: `the error "${message.slice(0, 80)}"` };
		return { reads: 'no', reader, detail: message.slice(0, 160) };
	}
}
