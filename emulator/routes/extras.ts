/**
 * Account extras: addons, analytics domains, social links, child accounts (participants), drip
 * campaigns and signup webforms. Every list answer here is a guess (no recording shows its names):
 * served through guessedXml / guessedJson, so the second vocabulary applies to it.
 */
import {
	renderAddons,
	renderAnalyticsDomains,
	renderAvailableAddons,
	renderDripCampaigns,
	renderParticipants,
	renderSocialLinkDefs,
	renderSocialLinks,
} from '../renderExtras';
import type { UserSocialLink } from '../renderExtras';
import { DEMO_CREDENTIALS } from '../seed';
import { ApiError } from '../model';
import type { Store } from '../store';
import type { Participant } from '../model';
import {
	blank,
	given,
	guessedJson,
	guessedXml,
	jsonAnswer,
	NOT_FOUND,
	textAnswer,
	toInt,
} from './types';
import type { Answer, Call, RouteModule } from './types';

function addons(c: Call): Answer | undefined {
	const { seg, method, store } = c;
	if (seg[0] === 'addons.xml' && seg.length === 1 && method === 'GET')
		return guessedXml(renderAddons(store.addons, c.out));
	if (seg[0] === 'addons' && seg.length === 2 && seg[1] === 'available.xml' && method === 'GET') {
		return guessedXml(renderAvailableAddons(store.addons, c.out));
	}
	if (seg[0] === 'addon' && seg.length === 3 && seg[2] === 'toggle' && method === 'POST') {
		const ref = seg[1];
		const addon = /^\d+$/.test(ref)
			? store.addons.find((a) => a.id === Number(ref))
			: store.addons.find((a) => a.key === ref);
		if (!addon) return NOT_FOUND; // guess
		if (addon.status === 'activated') addon.status = 'deactivated';
		else if (addon.paid) throw new ApiError(400, 'Paid addons cannot be activated through the API');
		else addon.status = 'activated';
		return blank(c);
	}
	return undefined;
}

function analytics(c: Call): Answer | undefined {
	const { seg, method, params, store } = c;
	if (seg.length !== 1) return undefined;
	if (seg[0] === 'google_analytics.xml') {
		return method === 'GET'
			? guessedXml(renderAnalyticsDomains(store.analyticsDomains, c.out))
			: undefined;
	}
	if (method !== 'POST' && method !== 'DELETE') return undefined;
	const domain = (params.domain ?? '').trim();
	if (domain === '') throw new ApiError(400, "Domain can't be blank");
	const index = store.analyticsDomains.findIndex((d) => d.toLowerCase() === domain.toLowerCase());
	if (method === 'POST') {
		if (index === -1) store.analyticsDomains.push(domain);
		return blank(c);
	}
	if (index === -1) throw new ApiError(400, `Domain ${domain} is not set up`);
	store.analyticsDomains.splice(index, 1);
	return blank(c);
}

function userSocialLinks(store: Store): UserSocialLink[] {
	const out: UserSocialLink[] = [];
	const known = new Set<string>();
	for (const def of store.socialLinkDefs) {
		known.add(def.key);
		const url = store.socialLinks[def.key];
		if (url !== undefined && url !== '') out.push({ key: def.key, name: def.name, url });
	}
	for (const [key, url] of Object.entries(store.socialLinks)) {
		if (!known.has(key) && url !== '') out.push({ key, name: key, url });
	}
	return out;
}

function socialLinks(c: Call): Answer | undefined {
	const { seg, method, params, store } = c;
	if (seg.length === 1 && method === 'GET') {
		const links = userSocialLinks(store);
		if (seg[0] === 'social_links.json') return guessedJson(links, 'social_links');
		if (seg[0] === 'social_links.xml') return guessedXml(renderSocialLinks(links, c.out));
		return undefined;
	}
	if (seg[0] !== 'social_links' || seg.length !== 2) return undefined;
	if (method === 'GET' && seg[1] === 'available.json') {
		return guessedJson(
			store.socialLinkDefs.map((d) => ({
				key: d.key,
				name: d.name,
				description: d.description,
				formatting: d.formatting,
			})),
			'social_links',
		);
	}
	if (method === 'GET' && seg[1] === 'available.xml')
		return guessedXml(renderSocialLinkDefs(store.socialLinkDefs, c.out));
	if (method === 'PUT' && seg[1] === 'update') {
		const keys = new Set(store.socialLinkDefs.map((d) => d.key));
		for (const key of Object.keys(params))
			if (!keys.has(key)) throw new ApiError(400, `Unknown social link ${key}`);
		for (const [key, url] of Object.entries(params)) {
			if (url.trim() === '') delete store.socialLinks[key];
			else store.socialLinks[key] = url.trim();
		}
		return blank(c);
	}
	return undefined;
}

const PARTICIPANT_FIELDS: [
	string,
	'pwd' | 'firstName' | 'lastName' | 'organizationName' | 'address',
][] = [
	['pwd', 'pwd'],
	['first_name', 'firstName'],
	['last_name', 'lastName'],
	['organization_name', 'organizationName'],
	['address', 'address'],
];

function participants(c: Call): Answer | undefined {
	const { seg, method } = c;
	if (seg[0] === 'participants.xml')
		return seg.length === 1 && method === 'GET' ? listParticipants(c) : undefined;
	if (seg.length === 1 && method === 'POST') return createParticipant(c);
	if (seg.length === 1 && method === 'DELETE') return deleteParticipant(c);
	if (seg.length === 2 && seg[1] === 'update' && method === 'PUT') return updateParticipant(c);
	if (seg.length === 2 && seg[1] === 'update_permissions_for' && method === 'POST')
		return setParticipantPermissions(c);
	return undefined;
}

function listParticipants(c: Call): Answer {
	const all = [...c.store.participants.values()].sort((a, b) => a.createdAt - b.createdAt);
	return guessedXml(renderParticipants(all, c.out));
}

/** The request's `email`, trimmed (the store keys child accounts by it lower-cased). */
function requestedEmail(c: Call): string {
	return (c.params.email ?? '').trim();
}

/** The child account the request's `email` names; a blank or unknown email is a 400. */
function existingParticipant(c: Call): Participant {
	const email = requestedEmail(c);
	if (email === '') throw new ApiError(400, "Email can't be blank");
	const p = c.store.participants.get(email.toLowerCase());
	if (!p) throw new ApiError(400, `${email} does not exist`);
	return p;
}

/** Answers the new account's API key; the demo account's own address counts as taken. */
function createParticipant(c: Call): Answer {
	const { params, store } = c;
	const email = requestedEmail(c);
	const key = email.toLowerCase();
	if (email === '') throw new ApiError(400, "Email can't be blank");
	if (store.participants.has(key) || key === DEMO_CREDENTIALS.username)
		throw new ApiError(400, 'Email has already been taken');
	const participant: Participant = {
		email,
		apiKey: store.makeApiKey(email),
		invited: (params.no_invite ?? '').trim().toLowerCase() !== 'yes',
		createdAt: c.now,
		permissions: { full: [], read: [], none: [] },
	};
	for (const [param, field] of PARTICIPANT_FIELDS)
		if (given(params, param)) participant[field] = params[param];
	store.participants.set(key, participant);
	return textAnswer(200, participant.apiKey);
}

function deleteParticipant(c: Call): Answer {
	existingParticipant(c);
	c.store.participants.delete(requestedEmail(c).toLowerCase());
	return blank(c);
}

/** Only the fields present change; an empty value clears one. */
function updateParticipant(c: Call): Answer {
	const p = existingParticipant(c);
	for (const [param, field] of PARTICIPANT_FIELDS) {
		const value = c.params[param];
		if (value !== undefined) p[field] = value === '' ? undefined : value;
	}
	return blank(c);
}

const PERMISSION_CATEGORIES = ['full', 'read', 'none'] as const;
type PermissionCategory = (typeof PERMISSION_CATEGORIES)[number];

/**
 * Each category given (list names, comma-separated) replaces that category, and its names leave
 * the other two. Every name is checked before anything changes, so an unknown list changes nothing.
 */
function setParticipantPermissions(c: Call): Answer {
	const p = existingParticipant(c);
	const wanted = requestedPermissions(c);
	for (const cat of PERMISSION_CATEGORIES) {
		const names = wanted[cat];
		if (names === undefined) continue;
		for (const other of PERMISSION_CATEGORIES) {
			if (other !== cat)
				p.permissions[other] = p.permissions[other].filter((n) => !names.includes(n));
		}
		p.permissions[cat] = [...new Set(names)];
	}
	return blank(c);
}

/** The categories the request gives, as list names (trimmed, blanks dropped); an unknown list is a 400. */
function requestedPermissions(c: Call): Partial<Record<PermissionCategory, string[]>> {
	const wanted: Partial<Record<PermissionCategory, string[]>> = {};
	for (const cat of PERMISSION_CATEGORIES) {
		const listed = c.params[cat];
		if (listed === undefined) continue;
		const names = listed
			.split(',')
			.map((n) => n.trim())
			.filter((n) => n !== '');
		for (const name of names)
			if (!c.store.lists.has(name)) throw new ApiError(400, `List ${name} does not exist`);
		wanted[cat] = names;
	}
	return wanted;
}

function signups(c: Call): Answer | undefined {
	if (c.seg.length !== 2 || c.method !== 'GET') return undefined;
	const m = /^(.*)\.json$/.exec(c.seg[1]);
	if (!m) return undefined;
	const id = toInt(m[1]);
	const signup = id === null ? undefined : c.store.signups.get(id);
	if (!signup) throw new ApiError(400, 'The signup could not be found');
	return jsonAnswer(signup); // the shape the spec gives
}

function dripCampaigns(c: Call): Answer | undefined {
	if (c.method === 'GET' && c.seg.length === 2 && c.seg[1] === 'list.xml') {
		return guessedXml(renderDripCampaigns(c.store.dripCampaigns, c.out));
	}
	return undefined;
}

const HANDLERS = new Map<string, (c: Call) => Answer | undefined>(
	Object.entries({
		addons,
		'addons.xml': addons,
		addon: addons,
		google_analytics: analytics,
		'google_analytics.xml': analytics,
		social_links: socialLinks,
		'social_links.xml': socialLinks,
		'social_links.json': socialLinks,
		participants,
		'participants.xml': participants,
		drip_campaigns: dripCampaigns,
		signups,
	}),
);

export const extrasRoutes: RouteModule = {
	name: 'extras',
	roots: [...HANDLERS.keys()],
	handle(c) {
		return HANDLERS.get(c.seg[0])?.(c);
	},
};
