/**
 * One representative operation of each resource, as the fault matrix (faults.cases.ts) runs it:
 * its request, the format of its answer (XML, JSON, text or blank; read or write), its input
 * items, and the messages it gives when its record is missing or its answer unreadable.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { byId, byKey } from './support';
import { nodeParams } from '../node/setup';

const DAY = 86_400_000;
export const UNREADABLE = 'Mad Mimi sent a response the node cannot read';

const three = (json: (i: number) => IDataObject = () => ({})): INodeExecutionData[] =>
	[0, 1, 2].map((i) => ({ json: json(i) }));

export type Answer = 'xml' | 'json' | 'txt' | 'blank';

export interface OpCase {
	name: string;
	/** The format of a successful answer: parsed XML, JSON, text, or a blank answer the node does not read. */
	answer: Answer;
	/** The method (after _method) and decoded path of the operation's one request. */
	method: string;
	path: string | RegExp;
	/** How the request is named in descriptions. */
	endpoint: string;
	parameters: INodeParameters;
	input: () => INodeExecutionData[];
	/** The message of a 404 / 410 for this operation. */
	notFound?: string;
	/** The message when a 200 answer cannot be read (not for blank answers, which are not read). */
	unreadable?: string;
	/** Whether that message comes from the transport (it names the endpoint and the base URL). */
	unreadableFromTransport?: boolean;
	/** An empty 200 answer is valid for this operation (it means "no records"). */
	emptyIsValid?: boolean;
	/** A write not safe to repeat: the message of its items when it may have been done (the 2nd item's). */
	onceOnly?: string;
}

export const OPS: OpCase[] = [
	{
		name: 'audienceList.getAll',
		answer: 'xml',
		method: 'GET',
		path: '/audience_lists/lists.xml',
		endpoint: 'GET /audience_lists/lists.xml',
		parameters: { resource: 'audienceList', operation: 'getAll', returnAll: true },
		input: () => three(),
		unreadable: UNREADABLE,
		unreadableFromTransport: true,
	},
	{
		name: 'audienceMember.getOptedOut',
		answer: 'txt',
		method: 'GET',
		path: /^\/audience_members\/suppressed_since\/\d+\.txt$/,
		endpoint: 'GET /audience_members/suppressed_since/',
		parameters: nodeParams('audienceMember', 'getOptedOut', { since: '={{ $json.since }}' }),
		input: () => three((i) => ({ since: new Date(Date.now() - (10 + i) * DAY).toISOString() })),
		unreadable: UNREADABLE,
		unreadableFromTransport: true,
		emptyIsValid: true,
	},
	{
		name: 'promotion.save',
		answer: 'txt',
		method: 'POST',
		path: '/promotions/save',
		endpoint: 'POST /promotions/save',
		parameters: nodeParams('promotion', 'save', {
			promotionName: '={{ $json.name }}',
			contentSource: 'html',
			rawHtml: '<p>Hello [[unsubscribe]]</p>',
		}),
		input: () => three((i) => ({ name: `Reliability (${i})` })),
		unreadable: 'Mad Mimi did not confirm that the promotion was saved',
	},
	{
		name: 'mailing.getStats',
		answer: 'xml',
		method: 'GET',
		path: '/promotions/3/mailings/34.xml',
		endpoint: 'GET /promotions/3/mailings/34.xml',
		parameters: nodeParams('mailing', 'getStats', {
			promotionId: byId('3'),
			mailingId: byId('34'),
		}),
		input: () => three(),
		notFound:
			'Mad Mimi has no promotion 3 with a mailing 34: check the promotion ID and mailing ID',
		unreadable: UNREADABLE,
		unreadableFromTransport: true,
	},
	{
		name: 'addon.toggle',
		answer: 'blank',
		method: 'POST',
		path: '/addon/ab_testing/toggle',
		endpoint: 'POST /addon/ab_testing/toggle',
		parameters: { resource: 'addon', operation: 'toggle', addon: byKey('ab_testing') },
		input: () => three(),
		notFound: 'Mad Mimi has no addon with the key "ab_testing"',
		onceOnly: 'The addon with the key "ab_testing" may have been switched',
	},
	{
		name: 'analyticsDomain.getAll',
		answer: 'xml',
		method: 'GET',
		path: '/google_analytics.xml',
		endpoint: 'GET /google_analytics.xml',
		parameters: { resource: 'analyticsDomain', operation: 'getAll' },
		input: () => three(),
		unreadable: UNREADABLE,
		unreadableFromTransport: true,
	},
	{
		name: 'socialLink.getAll',
		answer: 'json',
		method: 'GET',
		path: '/social_links.json',
		endpoint: 'GET /social_links.json',
		parameters: { resource: 'socialLink', operation: 'getAll' },
		input: () => three(),
		unreadable: UNREADABLE,
		unreadableFromTransport: true,
	},
	{
		name: 'childAccount.create',
		answer: 'txt',
		method: 'POST',
		path: '/participants',
		endpoint: 'POST /participants',
		parameters: nodeParams('childAccount', 'create', {
			email: '={{ $json.email }}',
			password: 'Str0ng pass!',
			firstName: 'Branch',
			lastName: 'Office',
			organizationName: 'Acme',
			address: '1 Main Street',
			options: { sendInvitation: false },
		}),
		input: () => three((i) => ({ email: `branch${i}@example.com` })),
		unreadable: 'Mad Mimi did not send the API key of the new child account',
		onceOnly: 'The child account branch1@example.com may have been created',
	},
	{
		name: 'dripCampaign.getAll',
		answer: 'xml',
		method: 'GET',
		path: '/drip_campaigns/list.xml',
		endpoint: 'GET /drip_campaigns/list.xml',
		parameters: { resource: 'dripCampaign', operation: 'getAll' },
		input: () => three(),
		unreadable: UNREADABLE,
		unreadableFromTransport: true,
	},
	{
		name: 'signupForm.get',
		answer: 'json',
		method: 'GET',
		path: '/signups/42.json',
		endpoint: 'GET /signups/42.json',
		parameters: { resource: 'signupForm', operation: 'get', webformId: '42' },
		input: () => three(),
		notFound: 'Mad Mimi has no signup form with the ID 42',
		unreadable: UNREADABLE,
		unreadableFromTransport: true,
	},
];
