import type { IDataObject } from 'n8n-workflow';

import { accountLists } from '../../nodes/MadMimi/api/audienceList';
import { membersUpTo } from '../../nodes/MadMimi/api/audienceMember';
import { promotionsPage } from '../../nodes/MadMimi/api/promotion';
import { OUTCOMES } from '../../emulator/model';
import { pathOf, readAs } from './prober';
import type { Prober } from './prober';

/*
 * Every read of the spec and beyond it, each once, a small page where paged, and the harmless
 * error probes of the guess table (emulator/guessRows.json). What to read (a list, a member, a
 * promotion with a mailing) is found in the account's own answers, read as the node reads them.
 */

const DAY = 86_400;
/** A name, address or id no account has: the error probes' "X". */
export const NOBODY = 'zz-no-such-member-n8n-record@example.com';
export const NO_SUCH = 'zz-no-such-n8n-record';
const MEMBERS = '/audience_members.xml';
const SEARCH = '/promotions/search.xml';
const COUNT = '/promotions/transactional_count';
const PAGE = { per_page: '2' };

function ymd(seconds: number): string {
	return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function searchDate(seconds: number): string {
	return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** A promotion of page 1 with a mailing that was sent (else any with a mailing, else the first). */
function pickPromotion(promotions: IDataObject[]) {
	const withMailing = (sent: boolean) =>
		promotions.find((p) =>
			(p.mailings as IDataObject[]).some((m) => !sent || Boolean(m.startedSend)),
		);
	const p = withMailing(true) ?? withMailing(false) ?? promotions[0];
	if (!p) return undefined;
	const mailings = p.mailings as IDataObject[];
	const mailing = mailings.find((m) => Boolean(m.startedSend)) ?? mailings[0];
	return { id: Number(p.id), name: String(p.name), mailing: mailing && Number(mailing.id) };
}

export async function readAll(p: Prober): Promise<void> {
	const now = Math.floor(p.options.now() / 1000);
	await p.ask('unknown-path', p.get('/no_such_path.xml'));
	const lists = await p.ask('lists', p.get('/audience_lists/lists.xml'));
	const list = String((await readAs(lists, accountLists))?.[0]?.name ?? '');
	const members = await p.ask('members', p.get(MEMBERS, PAGE));
	const read = await readAs(members, async (api) => await membersUpTo(api, {}, 2));
	const member = String(read?.members[0]?.email ?? '');
	await p.gets([
		['members-order-email-desc', MEMBERS, { ...PAGE, order: 'email desc' }],
		['members-order-bogus', MEMBERS, { ...PAGE, order: 'bogus' }],
		['members-order-created', MEMBERS, { ...PAGE, order: 'created_at' }],
		['members-past-end', MEMBERS, { ...PAGE, page: '999' }],
		['members-raw', MEMBERS, { ...PAGE, raw: '1' }],
		['members-raw-yes', MEMBERS, { ...PAGE, raw: 'yes' }],
		['members-suppressed-only', MEMBERS, { ...PAGE, suppressed_only: 'on' }],
	]);
	await p.gets(
		[['list-members', `${pathOf('audience_lists', list, 'members')}.xml`, PAGE]],
		list ? undefined : 'the account has no list',
	);
	await p.gets([['list-members-unknown', `${pathOf('audience_lists', NO_SUCH, 'members')}.xml`]]);
	await p.gets(
		[
			['member-search', '/audience_members/search.xml', { email: member, raw: 'true' }],
			['member-lists', `${pathOf('audience_members', member, 'lists')}.xml`],
			['attempts', `${pathOf('audience_members', member, 'promotion_attempts')}.xml`],
		],
		member ? undefined : 'the account has no member',
	);
	await p.gets([
		['member-search-none', '/audience_members/search.xml', { query: NO_SUCH }],
		['member-search-blank', '/audience_members/search.xml'],
		['member-lists-unknown', `${pathOf('audience_members', NOBODY, 'lists')}.xml`],
		['attempts-unknown', `${pathOf('audience_members', NOBODY, 'promotion_attempts')}.xml`],
		['suppressed-since', `/audience_members/suppressed_since/${now - 7 * DAY}.txt`],
		['suppressed-since-bad', '/audience_members/suppressed_since/abc.txt'],
		['count-new', '/audience_members/count_new', { start: `${now - 7 * DAY}`, end: `${now}` }],
		['count-new-bad', '/audience_members/count_new', { start: 'x', end: '1' }],
		['count-new-reversed', '/audience_members/count_new', { start: `${now}`, end: `${now - DAY}` }],
		[
			'count-new-over-month',
			'/audience_members/count_new',
			{ start: `${now - 32 * DAY}`, end: `${now}` },
		],
	]);
	await readPromotions(p, now);
	await p.gets([
		['addons-available', '/addons/available.xml'],
		['addons', '/addons.xml'],
		['google-analytics', '/google_analytics.xml'],
		['social-links-available-xml', '/social_links/available.xml'],
		['social-links-available-json', '/social_links/available.json'],
		['social-links-xml', '/social_links.xml'],
		['social-links-json', '/social_links.json'],
		['participants', '/participants.xml'],
		['drip-campaigns', '/drip_campaigns/list.xml'],
		['signup-unknown', '/signups/999999999.json'],
	]);
}

async function readPromotions(p: Prober, now: number): Promise<void> {
	const page = await p.ask('promotions', p.get('/promotions.xml'));
	const promo = pickPromotion(
		(await readAs(page, async (api) => await promotionsPage(api, 1))) ?? [],
	);
	await p.gets([
		['promotions-past-end', '/promotions.xml', { page: '999' }],
		['promotions-json', '/promotions.json'],
	]);
	await p.ask('promotions-accept-json', {
		method: 'GET',
		path: '/promotions',
		accept: 'application/json',
	});
	await p.gets(
		[
			['search-query', SEARCH, { query: promo?.name ?? '' }],
			['search-name', SEARCH, { name: promo?.name ?? '' }],
			['search-id', SEARCH, { id: String(promo?.id) }],
			['transactional-count', COUNT, { promotion_name: promo?.name ?? '', date: '2015-01-01' }],
		],
		promo ? undefined : 'the account has no promotion',
	);
	const month = { date: '1', from_date: searchDate(now - 30 * DAY), to_date: searchDate(now) };
	await p.gets([
		['search-date', SEARCH, month],
		['search-none', SEARCH, { query: NO_SUCH }],
		['search-bad-date', SEARCH, { date: '1', from_date: 'x', to_date: 'y' }],
		['search-blank', SEARCH],
		['transactional-count-bad-date', COUNT, { promotion_name: promo?.name ?? NO_SUCH, date: 'x' }],
		['transactional-count-no-name', COUNT, { date: ymd(now) }],
	]);
	if (promo?.mailing === undefined) {
		p.skip('mailing-stats, outcome-*, clicked', 'no promotion of page 1 has a mailing');
		return;
	}
	const base = pathOf('promotions', promo.id, 'mailings', promo.mailing);
	await p.gets([
		['mailing-stats', `${base}.xml`],
		...OUTCOMES.map((o) => [`outcome-${o.replace(/_/g, '-')}`, `${base}/${o}.xml`, PAGE] as const),
		['outcome-past-end', `${base}/sent.xml`, { ...PAGE, page: '999' }],
		['outcome-unknown', `${base}/nope.xml`],
		['clicked', `${base}/clicked.xml`, PAGE],
	]);
}
