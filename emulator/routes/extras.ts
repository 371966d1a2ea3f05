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
import { blank, given, guessedJson, guessedXml, jsonAnswer, textAnswer, toInt } from './types';
import type { Answer, Call, Routes } from './types';

function toggleAddon(c: Call, ref: string): Answer | undefined {
	const { store } = c;
	const addon = /^\d+$/.test(ref)
		? store.addons.find((a) => a.id === Number(ref))
		: store.addons.find((a) => a.key === ref);
	if (!addon) return undefined; // guess: 404 one space
	if (addon.status === 'activated') addon.status = 'deactivated';
	else if (addon.paid) throw new ApiError(400, 'Paid addons cannot be activated through the API');
	else addon.status = 'activated';
	return blank(c);
}

/** `POST /google_analytics` adds a domain (once), `DELETE` removes it. */
function analyticsDomain(c: Call): Answer {
	const { method, params, store } = c;
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

function updateSocialLinks(c: Call): Answer {
	const { params, store } = c;
	const keys = new Set(store.socialLinkDefs.map((d) => d.key));
	for (const key of Object.keys(params))
		if (!keys.has(key)) throw new ApiError(400, `Unknown social link ${key}`);
	for (const [key, url] of Object.entries(params)) {
		if (url.trim() === '') delete store.socialLinks[key];
		else store.socialLinks[key] = url.trim();
	}
	return blank(c);
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

export const extrasRoutes: Routes = {
	'GET addons.xml': (c) => guessedXml(renderAddons(c.store.addons, c.out)),
	'GET addons/available.xml': (c) => guessedXml(renderAvailableAddons(c.store.addons, c.out)),
	'POST addon/:ref/toggle': toggleAddon,
	'GET google_analytics.xml': (c) =>
		guessedXml(renderAnalyticsDomains(c.store.analyticsDomains, c.out)),
	'POST google_analytics': analyticsDomain,
	'DELETE google_analytics': analyticsDomain,
	'GET social_links.json': (c) => guessedJson(userSocialLinks(c.store), 'social_links'),
	'GET social_links.xml': (c) => guessedXml(renderSocialLinks(userSocialLinks(c.store), c.out)),
	'GET social_links/available.json': (c) => {
		const defs = c.store.socialLinkDefs.map(({ key, name, description, formatting }) => {
			return { key, name, description, formatting };
		});
		return guessedJson(defs, 'social_links');
	},
	'GET social_links/available.xml': (c) =>
		guessedXml(renderSocialLinkDefs(c.store.socialLinkDefs, c.out)),
	'PUT social_links/update': updateSocialLinks,
	'GET participants.xml': (c) => {
		const all = [...c.store.participants.values()].sort((a, b) => a.createdAt - b.createdAt);
		return guessedXml(renderParticipants(all, c.out));
	},
	'POST participants': createParticipant,
	'DELETE participants': deleteParticipant,
	'PUT participants/update': updateParticipant,
	'POST participants/update_permissions_for': setParticipantPermissions,
	'GET signups/:id.json': (c, ref) => {
		const id = toInt(ref);
		const signup = id === null ? undefined : c.store.signups.get(id);
		if (!signup) throw new ApiError(400, 'The signup could not be found');
		return jsonAnswer(signup); // the shape the spec gives
	},
	'GET drip_campaigns/list.xml': (c) =>
		guessedXml(renderDripCampaigns(c.store.dripCampaigns, c.out)),
};
