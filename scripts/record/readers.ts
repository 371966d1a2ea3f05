import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { accountAddons, availableAddons } from '../../nodes/MadMimi/api/addon';
import { analyticsDomains } from '../../nodes/MadMimi/api/analyticsDomain';
import { childAccounts } from '../../nodes/MadMimi/api/childAccount';
import { dripCampaigns } from '../../nodes/MadMimi/api/dripCampaign';
import * as list from '../../nodes/MadMimi/api/audienceList';
import { emailStatus, sendEmail } from '../../nodes/MadMimi/api/email';
import { mailingLinks, mailingRecipients, mailingStats } from '../../nodes/MadMimi/api/mailing';
import * as member from '../../nodes/MadMimi/api/audienceMember';
import { optedOutSince } from '../../nodes/MadMimi/api/audienceMemberOptOut';
import { promotionAttempts } from '../../nodes/MadMimi/api/audienceMemberAttempts';
import * as promotion from '../../nodes/MadMimi/api/promotion';
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
export function recordingClient(x: Exchange): MadMimiClient {
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

/** The probes `re` names are read with the api function `fn` (its name is the table's). */
function reader<A extends unknown[]>(
	re: RegExp,
	fn: (api: MadMimiClient, ...args: A) => Promise<unknown>,
	...args: A
) {
	return { re, name: fn.name, read: async (api: MadMimiClient) => await fn(api, ...args) };
}

const A = 'a@example.invalid';

/** Which api function the node reads a probe's endpoint with, by probe id (first match). */
const READERS = [
	reader(/^lists($|-after)/, list.accountLists),
	reader(/^members/, member.membersUpTo, {}, 2),
	reader(/^list-members/, member.membersUpTo, { list: 'L' }, 2),
	reader(/^member-search/, member.searchMembers, 'q', true),
	reader(/^write-member-before$/, member.memberByEmail, A),
	reader(/^member-lists/, member.memberLists, A),
	reader(/^suppressed-since/, optedOutSince, 0),
	reader(/^(send-)?attempts/, promotionAttempts, A),
	reader(/^count-new/, member.countNew, 0, 86_400),
	reader(/^promotions(-past-end)?$/, promotion.promotionsPage, 1),
	reader(/^search-/, promotion.searchPromotions, { query: 'q' }),
	reader(/^(send-count|transactional-count)/, promotion.transactionalCount, 'P', '2015-01-01'),
	reader(/^mailing-stats$/, mailingStats, 1, 1),
	reader(/^outcome-(?!unknown)/, mailingRecipients, 1, 1, 'sent', 2),
	reader(/^clicked$/, mailingLinks, 1, 1),
	reader(/^addons-available$/, availableAddons),
	reader(/^addons$/, accountAddons),
	reader(/^google-analytics$/, analyticsDomains),
	reader(/^social-links-available-json$/, availableSocialLinks),
	reader(/^social-links-json$/, socialLinks),
	reader(/^participants$/, childAccounts),
	reader(/^drip-campaigns$/, dripCampaigns),
	reader(/^signup/, signupForm, 1),
	reader(/^send-status/, emailStatus, '1'),
	reader(/^list-create-again-json$/, list.createList, 'L'),
	reader(/^list-add/, list.addToList, 'L', A),
	reader(/^member-import$/, member.importMembers, `email\n${A}`),
	reader(/^list-rename/, list.renameList, 'L', 'M'),
	reader(/^list-remove/, list.removeFromList, 'L', A),
	reader(/^list-clear/, list.clearList, 'L'),
	reader(/^list-delete/, list.deleteList, 'L'),
	reader(/^send-save$/, promotion.savePromotion, 'P', { raw_html: 'x' }),
	reader(/^send-mailer$/, sendEmail, { promotionName: 'P', recipient: A, content: {} }),
	reader(/^send-trash$/, promotion.trashPromotion, 1),
];

/** The name of the node's reader of a probe, or undefined when the node never asks that endpoint. */
export function readerName(probe: string): string | undefined {
	return READERS.find(({ re }) => re.test(probe))?.name;
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
	const found = READERS.find(({ re }) => re.test(x.probe));
	if (!found) return { reads: 'n/a', detail: 'the node never asks this' };
	const { name: reader, read } = found;
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
