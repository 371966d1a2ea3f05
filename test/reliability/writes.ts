/**
 * What the retries suite (retries.cases.ts) puts faults on: the transient faults, and every write
 * of the node by its class (transport's `Repeat`: safe to repeat, a delete, once-only), with what
 * it changes in the emulator's store.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Emulator, FaultResponse } from '../../emulator';
import { byId, byKey, byName } from './support';
import { nodeParams } from '../node/setup';

type Store = Emulator['store'];

/** An nginx 502 page, as a proxy in front of the service answers. */
export const NGINX_502 =
	'<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n';

/** A transient fault, and whether the service took the request before it came. */
export interface TransientFault {
	name: string;
	respond: FaultResponse;
	kind: 'notTaken' | 'inDoubt';
	workDone: boolean;
}

export const TRANSIENT: TransientFault[] = [
	{
		name: '429 with Retry-After 3',
		respond: { status: 429, body: 'Rate limit exceeded', headers: { 'Retry-After': '3' } },
		kind: 'notTaken',
		workDone: false,
	},
	{
		name: '503 without Retry-After',
		respond: { status: 503, body: 'Service Unavailable' },
		kind: 'notTaken',
		workDone: false,
	},
	{
		name: '502 page',
		respond: { status: 502, body: NGINX_502, contentType: 'text/html' },
		kind: 'inDoubt',
		workDone: false,
	},
	{
		name: '504',
		respond: { status: 504, body: 'Gateway Timeout' },
		kind: 'inDoubt',
		workDone: false,
	},
	{ name: 'reset before the service saw it', respond: 'reset', kind: 'inDoubt', workDone: false },
	{
		name: 'reset after the service did the work',
		respond: 'resetAfterWork',
		kind: 'inDoubt',
		workDone: true,
	},
];

type WriteClass = 'safe' | 'delete' | 'once';

export interface WriteCase {
	name: string;
	class: WriteClass;
	/** The effective method and decoded path of the write a fault is put on. */
	method: string;
	path: string;
	parameters: INodeParameters;
	input?: INodeExecutionData[];
	/** Whether the write's effect is in the store. */
	done: (store: Store) => boolean;
	/** Once-only writes that can count: how many times the effect happened (never more than 1). */
	times?: (store: Store) => number;
	/** The write requests expected for a fault, when not the class's rule (Activate reads the status instead of repeating). */
	requests?: (fault: TransientFault) => number;
}

const listMembers = (store: Store, list: string) =>
	store.lists.get(list)?.members ?? new Set<string>();
const addonStatus = (store: Store, key: string) => store.addons.find((a) => a.key === key)?.status;
/** Activate and Deactivate read the status after a cut toggle: toggled by then, it is not sent again. */
const toggledOnceIfDone = (fault: TransientFault) =>
	fault.kind === 'inDoubt' && fault.workDone ? 1 : 2;

/** Every write of the node, by its class (transport's `Repeat`). */
export const WRITES: WriteCase[] = [
	// ---- safe to repeat
	{
		name: 'audienceList.addMember',
		class: 'safe',
		method: 'POST',
		path: '/audience_lists/Newsletter/add',
		parameters: nodeParams('audienceList', 'addMember', {
			list: byName('Newsletter'),
			email: 'leo.lopez@example.com',
		}),
		done: (s) => listMembers(s, 'Newsletter').has('leo.lopez@example.com'),
	},
	{
		name: 'audienceList.removeMember',
		class: 'safe',
		method: 'POST',
		path: '/audience_lists/Newsletter/remove',
		parameters: nodeParams('audienceList', 'removeMember', {
			list: byName('Newsletter'),
			email: 'ann.archer@example.com',
		}),
		done: (s) => !listMembers(s, 'Newsletter').has('ann.archer@example.com'),
	},
	{
		name: 'audienceList.clear',
		class: 'safe',
		method: 'PUT',
		path: '/audience_lists/Newsletter/clear',
		parameters: { resource: 'audienceList', operation: 'clear', list: byName('Newsletter') },
		done: (s) => s.lists.has('Newsletter') && listMembers(s, 'Newsletter').size === 0,
	},
	{
		name: 'audienceMember.update',
		class: 'safe',
		method: 'PUT',
		path: '/audience_members/ben.baker@example.com',
		parameters: nodeParams('audienceMember', 'update', {
			email: 'ben.baker@example.com',
			updateFields: { firstName: 'Benjamin' },
		}),
		done: (s) => s.getMember('ben.baker@example.com')?.fields.first_name === 'Benjamin',
	},
	{
		name: 'audienceMember.upsert',
		class: 'safe',
		method: 'POST',
		path: '/audience_members',
		parameters: nodeParams('audienceMember', 'upsert', {
			email: 'new.person@example.com',
			list: byName('Newsletter'),
		}),
		done: (s) => listMembers(s, 'Newsletter').has('new.person@example.com'),
	},
	{
		name: 'audienceMember.import',
		class: 'safe',
		method: 'POST',
		path: '/audience_members',
		parameters: { resource: 'audienceMember', operation: 'import', source: 'items' },
		input: [{ json: { email: 'imp1@example.com' } }, { json: { email: 'imp2@example.com' } }],
		done: (s) => Boolean(s.getMember('imp1@example.com') && s.getMember('imp2@example.com')),
	},
	{
		name: 'audienceMember.suppress',
		class: 'safe',
		method: 'POST',
		path: '/audience_members',
		parameters: nodeParams('audienceMember', 'suppress', { email: 'ann.archer@example.com' }),
		done: (s) => s.getMember('ann.archer@example.com')?.optedOut === true,
	},
	{
		name: 'addon.activate',
		class: 'safe',
		method: 'POST',
		path: '/addon/social_sharing/toggle',
		parameters: { resource: 'addon', operation: 'activate', addon: byKey('social_sharing') },
		done: (s) => addonStatus(s, 'social_sharing') === 'activated',
		requests: toggledOnceIfDone,
	},
	{
		name: 'addon.deactivate',
		class: 'safe',
		method: 'POST',
		path: '/addon/rss_campaigns/toggle',
		parameters: { resource: 'addon', operation: 'deactivate', addon: byKey('rss_campaigns') },
		done: (s) => addonStatus(s, 'rss_campaigns') === 'deactivated',
		requests: toggledOnceIfDone,
	},
	{
		name: 'analyticsDomain.add',
		class: 'safe',
		method: 'POST',
		path: '/google_analytics',
		parameters: { resource: 'analyticsDomain', operation: 'add', domain: 'news.example.org' },
		done: (s) => s.analyticsDomains.filter((d) => d === 'news.example.org').length === 1,
	},
	{
		name: 'socialLink.update',
		class: 'safe',
		method: 'PUT',
		path: '/social_links/update',
		parameters: nodeParams('socialLink', 'update', {
			links: { link: [{ key: 'facebook', url: 'https://www.facebook.com/demo' }] },
		}),
		done: (s) => s.socialLinks.facebook === 'https://www.facebook.com/demo',
	},
	{
		name: 'childAccount.update',
		class: 'safe',
		method: 'PUT',
		path: '/participants/update',
		parameters: nodeParams('childAccount', 'update', {
			email: 'child.one@example.com',
			updateFields: { lastName: 'Kid' },
		}),
		done: (s) => s.participants.get('child.one@example.com')?.lastName === 'Kid',
	},
	{
		name: 'childAccount.setPermissions',
		class: 'safe',
		method: 'POST',
		path: '/participants/update_permissions_for',
		parameters: nodeParams('childAccount', 'setPermissions', {
			email: 'child.two@example.com',
			full: ['Newsletter'],
			read: [],
			none: [],
		}),
		done: (s) =>
			s.participants.get('child.two@example.com')?.permissions.full.includes('Newsletter') === true,
	},
	{
		name: 'promotion.save',
		class: 'safe',
		method: 'POST',
		path: '/promotions/save',
		parameters: nodeParams('promotion', 'save', {
			promotionName: 'Saved once',
			contentSource: 'plainText',
			rawPlainText: 'Hello [[unsubscribe]]',
		}),
		done: (s) => [...s.promotions.values()].filter((p) => p.name === 'Saved once').length === 1,
	},
	// ---- safe to repeat: a repeat that finds nothing left to delete is done
	{
		name: 'audienceList.delete',
		class: 'delete',
		method: 'DELETE',
		path: '/audience_lists/Newsletter',
		parameters: { resource: 'audienceList', operation: 'delete', list: byName('Newsletter') },
		done: (s) => !s.lists.has('Newsletter'),
	},
	{
		name: 'promotion.trash',
		class: 'delete',
		method: 'PUT',
		path: '/promotions/2/trash',
		parameters: { resource: 'promotion', operation: 'trash', promotionId: byId('2') },
		done: (s) => s.promotions.get(2)?.trashed === true,
	},
	{
		name: 'childAccount.delete',
		class: 'delete',
		method: 'DELETE',
		path: '/participants',
		parameters: { resource: 'childAccount', operation: 'delete', email: 'child.one@example.com' },
		done: (s) => !s.participants.has('child.one@example.com'),
	},
	{
		name: 'analyticsDomain.delete',
		class: 'delete',
		method: 'DELETE',
		path: '/google_analytics',
		parameters: { resource: 'analyticsDomain', operation: 'delete', domain: 'example.com' },
		done: (s) => !s.analyticsDomains.includes('example.com'),
	},
	// ---- not safe to repeat
	{
		name: 'email.send',
		class: 'once',
		method: 'POST',
		path: '/mailer',
		parameters: nodeParams('email', 'send', {
			promotionName: 'Weekly digest',
			recipient: 'jane@example.com',
		}),
		done: (s) => s.transactions.length > 0,
		times: (s) => s.transactions.filter((t) => t.recipient.email === 'jane@example.com').length,
	},
	{
		name: 'promotion.send',
		class: 'once',
		method: 'POST',
		path: '/mailer/to_list',
		parameters: nodeParams('promotion', 'send', {
			promotionName: 'Weekly digest',
			audience: 'lists',
			lists: ['Newsletter'],
		}),
		done: (s) => s.sends.length > 0,
		times: (s) => s.sends.length,
	},
	{
		name: 'addon.toggle',
		class: 'once',
		method: 'POST',
		path: '/addon/ab_testing/toggle',
		parameters: { resource: 'addon', operation: 'toggle', addon: byKey('ab_testing') },
		done: (s) => addonStatus(s, 'ab_testing') === 'deactivated',
	},
	{
		name: 'childAccount.create',
		class: 'once',
		method: 'POST',
		path: '/participants',
		parameters: nodeParams('childAccount', 'create', {
			email: 'once@example.com',
			password: 'pw-123456',
		}),
		done: (s) => s.participants.has('once@example.com'),
	},
	{
		name: 'audienceList.create',
		class: 'once',
		method: 'POST',
		path: '/audience_lists.json',
		parameters: { resource: 'audienceList', operation: 'create', name: 'Spring leads' },
		done: (s) => s.lists.has('Spring leads'),
	},
	{
		name: 'audienceList.rename',
		class: 'once',
		method: 'POST',
		path: '/audience_lists/Newsletter/rename',
		parameters: nodeParams('audienceList', 'rename', {
			list: byName('Newsletter'),
			newName: 'Newsletter (weekly)',
		}),
		done: (s) => s.lists.has('Newsletter (weekly)'),
	},
	{
		name: 'audienceMember.updateEmail',
		class: 'once',
		method: 'POST',
		path: '/audience_members/ann.archer@example.com/update_email',
		parameters: nodeParams('audienceMember', 'updateEmail', {
			email: 'ann.archer@example.com',
			newEmail: 'ann@archer.example',
		}),
		done: (s) => s.getMember('ann@archer.example') !== undefined,
	},
	{
		name: 'audienceMember.unsuppress',
		class: 'once',
		method: 'DELETE',
		path: '/suppressed_audience_members/dan.diaz@example.com',
		parameters: nodeParams('audienceMember', 'unsuppress', { email: 'dan.diaz@example.com' }),
		done: (s) => s.getMember('dan.diaz@example.com')?.optedOut === false,
	},
];
