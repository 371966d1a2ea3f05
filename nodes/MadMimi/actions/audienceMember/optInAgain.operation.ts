import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { emailField } from '../../descriptions/common';
import { printable, requireEmail } from '../../helpers/validation';
import { isOptedOut, optMemberInAgain, optedOutSince } from '../../api/audienceMemberOptOut';
import type { MadMimiClient } from '../../api/client';
import { itemClient } from '../../api/client';
import { retriedSince } from '../executionRetry';
import { optionsCollection } from '../../descriptions/options';

const properties: INodeProperties[] = [
	emailField({ description: 'Email address of the opted-out member to opt back in' }),
	optionsCollection('perItem'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['audienceMember'], operation: ['unsuppress'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const email = requireEmail(this.getNodeParameter('email', itemIndex), 'Email');
	const api = itemClient(this, itemIndex);
	const since = retriedSince(this);
	const once = {
		mayHave: `${printable(email)} may have been opted back in`,
		check:
			'See whether the address is still opted out with Audience Member → Is Opted Out before running it again.',
		askFirst: since === undefined ? undefined : async () => await optedInAlready(api, email, since),
	};
	const outcome = await optMemberInAgain(api, email, once);
	return [
		{
			success: true,
			email,
			suppressed: false,
			...('foundDone' in outcome ? outcome.foundDone : {}),
		},
	];
}

/**
 * In a retried execution: done when the member is not opted out now, and also when they opted out
 * again since the run being retried began (Mad Mimi lists them as suppressed since then): that run
 * opted them back in, and they chose to leave again, which a retry must not undo.
 */
async function optedInAlready(
	api: MadMimiClient,
	email: string,
	since: number,
): Promise<IDataObject | undefined> {
	if (!(await isOptedOut(api, email))) {
		return {
			skipped: true,
			reason: `${email} is not opted out: the execution being retried opted them back in (or they were not opted out), so it was not sent again`,
		};
	}
	const wanted = email.toLowerCase();
	const againSince = await optedOutSince(api, Math.floor(since / 1000));
	if (!againSince.some((address) => address.toLowerCase() === wanted)) return undefined;
	return {
		suppressed: true,
		skipped: true,
		reason: `${email} opted out again after the execution being retried opted them back in: they are not opted back in a second time`,
	};
}
