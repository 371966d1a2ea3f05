import type { IDataObject } from 'n8n-workflow';

import { accountLists } from '../../nodes/MadMimi/api/audienceList';
import { membersUpTo } from '../../nodes/MadMimi/api/audienceMember';
import { promotionsPage } from '../../nodes/MadMimi/api/promotion';
import { OUTCOMES } from '../../emulator/model';
import { pathOf, readAs } from './prober';
import type { Prober } from './prober';

/*
 * Every read of the spec and beyond it, each once, a small page where paged, and the harmless
 * error probes of the guess table (emulator/guesses.ts). What to read (a list, a member, a
 * promotion with a mailing) is found in the account's own answers, read as the node reads them.
 */

const DAY = 86_400;
/** A name, address or id no account has: the error probes' "X". */
export const NOBODY = 'zz-no-such-member-n8n-record@example.com';
export const NO_SUCH = 'zz-no-such-n8n-record';

/** What the reads found in the account, for the probes that need it (and for the writes). */
export interface Found {
	list?: string;
	member?: string;
	promotion?: { id: number; name: string; mailing?: number };
}

function ymd(seconds: number): string {
	return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function searchDate(seconds: number): string {
	return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** A promotion of page 1 with a mailing that was sent (else any with a mailing, else the first). */
function pickPromotion(promotions: IDataObject[]): Found['promotion'] {
	const withMailing = (sent: boolean) =>
		promotions.find((p) =>
			(p.mailings as IDataObject[]).some((m) => !sent || Boolean(m.startedSend)),
		);
	const p = withMailing(true) ?? withMailing(false) ?? promotions[0];
	if (!p) return undefined;
	const mailings = p.mailings as IDataObject[];
	const mailing = mailings.find((m) => Boolean(m.startedSend)) ?? mailings[0];
	return {
		id: Number(p.id),
		name: String(p.name),
		mailing: mailing ? Number(mailing.id) : undefined,
	};
}

export async function readAll(p: Prober): Promise<Found> {
	const now = Math.floor(p.options.now() / 1000);
	const found: Found = {};
	await p.ask('unknown-path', p.get('/no_such_path.xml'));

	const lists = await p.ask('lists', p.get('/audience_lists/lists.xml'));
	found.list = String((await readAs(lists, accountLists))?.[0]?.name ?? '') || undefined;
	const members = await p.ask('members', p.get('/audience_members.xml', { per_page: '2' }));
	found.member =
		String(
			(await readAs(members, async (api) => await membersUpTo(api, {}, 2)))?.members[0]?.email ??
				'',
		) || undefined;
	for (const [id, order] of [
		['members-order-email-desc', 'email desc'],
		['members-order-bogus', 'bogus'],
		['members-order-created', 'created_at'],
	])
		await p.ask(id, p.get('/audience_members.xml', { per_page: '2', order }));
	await p.ask('members-past-end', p.get('/audience_members.xml', { per_page: '2', page: '999' }));
	await p.ask('members-raw', p.get('/audience_members.xml', { per_page: '2', raw: '1' }));
	await p.ask('members-raw-yes', p.get('/audience_members.xml', { per_page: '2', raw: 'yes' }));
	await p.ask(
		'members-suppressed-only',
		p.get('/audience_members.xml', { per_page: '2', suppressed_only: 'on' }),
	);
	if (found.list)
		await p.ask(
			'list-members',
			p.get(`${pathOf('audience_lists', found.list, 'members')}.xml`, { per_page: '2' }),
		);
	else p.skip('list-members', 'the account has no list');
	await p.ask('list-members-unknown', p.get(`${pathOf('audience_lists', NO_SUCH, 'members')}.xml`));

	if (found.member) {
		await p.ask(
			'member-search',
			p.get('/audience_members/search.xml', { email: found.member, raw: 'true' }),
		);
		await p.ask('member-lists', p.get(`${pathOf('audience_members', found.member, 'lists')}.xml`));
		await p.ask(
			'attempts',
			p.get(`${pathOf('audience_members', found.member, 'promotion_attempts')}.xml`),
		);
	} else
		for (const id of ['member-search', 'member-lists', 'attempts'])
			p.skip(id, 'the account has no member');
	await p.ask('member-search-none', p.get('/audience_members/search.xml', { query: NO_SUCH }));
	await p.ask('member-search-blank', p.get('/audience_members/search.xml'));
	await p.ask('member-lists-unknown', p.get(`${pathOf('audience_members', NOBODY, 'lists')}.xml`));
	await p.ask(
		'attempts-unknown',
		p.get(`${pathOf('audience_members', NOBODY, 'promotion_attempts')}.xml`),
	);
	await p.ask('suppressed-since', p.get(`/audience_members/suppressed_since/${now - 7 * DAY}.txt`));
	await p.ask('suppressed-since-bad', p.get('/audience_members/suppressed_since/abc.txt'));
	await p.ask(
		'count-new',
		p.get('/audience_members/count_new', { start: String(now - 7 * DAY), end: String(now) }),
	);
	await p.ask('count-new-bad', p.get('/audience_members/count_new', { start: 'x', end: '1' }));
	await p.ask(
		'count-new-reversed',
		p.get('/audience_members/count_new', { start: String(now), end: String(now - DAY) }),
	);
	await p.ask(
		'count-new-over-month',
		p.get('/audience_members/count_new', { start: String(now - 32 * DAY), end: String(now) }),
	);

	await readPromotions(p, found, now);
	await readExtras(p);
	return found;
}

async function readPromotions(p: Prober, found: Found, now: number): Promise<void> {
	const page = await p.ask('promotions', p.get('/promotions.xml'));
	found.promotion = pickPromotion(
		(await readAs(page, async (api) => await promotionsPage(api, 1))) ?? [],
	);
	await p.ask('promotions-past-end', p.get('/promotions.xml', { page: '999' }));
	await p.ask('promotions-json', p.get('/promotions.json'));
	await p.ask('promotions-accept-json', {
		method: 'GET',
		path: '/promotions',
		accept: 'application/json',
	});
	const promo = found.promotion;
	if (promo) {
		await p.ask('search-query', p.get('/promotions/search.xml', { query: promo.name }));
		await p.ask('search-name', p.get('/promotions/search.xml', { name: promo.name }));
		await p.ask('search-id', p.get('/promotions/search.xml', { id: String(promo.id) }));
		await p.ask(
			'transactional-count',
			p.get('/promotions/transactional_count', { promotion_name: promo.name, date: '2015-01-01' }),
		);
	} else
		for (const id of ['search-query', 'search-name', 'search-id', 'transactional-count'])
			p.skip(id, 'the account has no promotion');
	await p.ask(
		'search-date',
		p.get('/promotions/search.xml', {
			date: '1',
			from_date: searchDate(now - 30 * DAY),
			to_date: searchDate(now),
		}),
	);
	await p.ask('search-none', p.get('/promotions/search.xml', { query: NO_SUCH }));
	await p.ask(
		'search-bad-date',
		p.get('/promotions/search.xml', { date: '1', from_date: 'x', to_date: 'y' }),
	);
	await p.ask('search-blank', p.get('/promotions/search.xml'));
	await p.ask(
		'transactional-count-bad-date',
		p.get('/promotions/transactional_count', { promotion_name: promo?.name ?? NO_SUCH, date: 'x' }),
	);
	await p.ask(
		'transactional-count-no-name',
		p.get('/promotions/transactional_count', { date: ymd(now) }),
	);
	if (promo?.mailing === undefined) {
		p.skip('mailing-stats, outcome-*, clicked', 'no promotion of page 1 has a mailing');
		return;
	}
	const base = pathOf('promotions', promo.id, 'mailings', promo.mailing);
	await p.ask('mailing-stats', p.get(`${base}.xml`));
	for (const outcome of OUTCOMES)
		await p.ask(
			`outcome-${outcome.replace(/_/g, '-')}`,
			p.get(`${base}/${outcome}.xml`, { per_page: '2' }),
		);
	await p.ask('outcome-past-end', p.get(`${base}/sent.xml`, { per_page: '2', page: '999' }));
	await p.ask('outcome-unknown', p.get(`${base}/nope.xml`));
	await p.ask('clicked', p.get(`${base}/clicked.xml`, { per_page: '2' }));
}

async function readExtras(p: Prober): Promise<void> {
	await p.ask('addons-available', p.get('/addons/available.xml'));
	await p.ask('addons', p.get('/addons.xml'));
	await p.ask('google-analytics', p.get('/google_analytics.xml'));
	await p.ask('social-links-available-xml', p.get('/social_links/available.xml'));
	await p.ask('social-links-available-json', p.get('/social_links/available.json'));
	await p.ask('social-links-xml', p.get('/social_links.xml'));
	await p.ask('social-links-json', p.get('/social_links.json'));
	await p.ask('participants', p.get('/participants.xml'));
	await p.ask('drip-campaigns', p.get('/drip_campaigns/list.xml'));
	await p.ask('signup-unknown', p.get('/signups/999999999.json'));
}
