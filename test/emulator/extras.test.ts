/**
 * The account extras the node's tests do not reach in full: analytics domains, social links and
 * child accounts, with the service's errors. Addons, drip campaigns and signup forms are checked
 * through the node (test/node/addon.test.ts, dripCampaign.test.ts, signupForm.test.ts).
 */
import { DEMO_CREDENTIALS } from '../../emulator';
import { isBlank, occurrences, useDemoEmulator } from '../support/emulatorClient';

const env = useDemoEmulator();
const { get, send } = env;

describe('analytics domains', () => {
	it('lists, adds, ignores duplicates, deletes and refuses unknown', async () => {
		expect((await get('/google_analytics.xml')).text).toContain('<domain>example.com</domain>');
		expect(isBlank(await send('/google_analytics', { domain: 'new.example.org' }))).toBe(true);
		expect(isBlank(await send('/google_analytics', { domain: 'NEW.example.org' }))).toBe(true);
		expect(env.emulator.store.analyticsDomains).toEqual([
			'example.com',
			'shop.example.com',
			'new.example.org',
		]);
		expect(await send('/google_analytics', { domain: '' })).toMatchObject({
			status: 400,
			text: "Domain can't be blank",
		});
		expect(
			isBlank(await send('/google_analytics', { domain: 'new.example.org', _method: 'delete' })),
		).toBe(true);
		expect(isBlank(await send('/google_analytics', { domain: 'shop.example.com' }, 'DELETE'))).toBe(
			true,
		);
		expect(env.emulator.store.analyticsDomains).toEqual(['example.com']);
		expect(await send('/google_analytics', { domain: 'x.test' }, 'DELETE')).toMatchObject({
			status: 400,
			text: 'Domain x.test is not set up',
		});
	});
});

describe('social links', () => {
	it('lists definitions and the user links as JSON and XML', async () => {
		const defs = JSON.parse((await get('/social_links/available.json')).text) as { key: string }[];
		expect(defs.map((d) => d.key)).toEqual([
			'facebook',
			'twitter',
			'wordpress',
			'linkedin',
			'instagram',
		]);
		expect((await get('/social_links/available.xml')).text).toContain(
			'<social_link key="facebook" name="Facebook"',
		);
		const mine = await get('/social_links.json');
		expect(mine.type).toBe('application/json; charset=utf-8');
		expect(JSON.parse(mine.text)).toEqual([
			{ key: 'twitter', name: 'Twitter', url: 'https://twitter.com/demo_shop' },
			{ key: 'wordpress', name: 'WordPress', url: 'https://demoshop.wordpress.com' },
		]);
		expect((await get('/social_links.xml')).text).toContain(
			'<social_link key="twitter" name="Twitter" url="https://twitter.com/demo_shop"/>',
		);
	});

	it('updates only the given keys, refuses unknown keys', async () => {
		expect(
			isBlank(
				await send('/social_links/update', { facebook: 'https://www.facebook.com/demo' }, 'PUT'),
			),
		).toBe(true);
		expect(
			isBlank(
				await send('/social_links/update', {
					twitter: 'https://twitter.com/other',
					_method: 'put',
				}),
			),
		).toBe(true);
		expect(env.emulator.store.socialLinks).toEqual({
			twitter: 'https://twitter.com/other',
			wordpress: 'https://demoshop.wordpress.com',
			facebook: 'https://www.facebook.com/demo',
		});
		expect(await send('/social_links/update', { myspace: 'x' }, 'PUT')).toMatchObject({
			status: 400,
			text: 'Unknown social link myspace',
		});
	});
});

describe('child accounts', () => {
	it('lists, creates, updates, sets permissions and deletes', async () => {
		const list = await get('/participants.xml');
		expect(occurrences(list.text, '<participant ')).toBe(2);
		expect(list.text).toMatch(
			/<participant email="child.one@example.com" first_name="Carla" last_name="Child" organization_name="Child One LLC" created_at="[^"]+"\/>/,
		);

		const created = await send('/participants', {
			email: 'kid@example.com',
			pwd: 'pw',
			first_name: 'Kid',
			last_name: 'Doe',
			organization_name: 'Kids & Co',
			address: 'Somewhere 1',
			no_invite: 'yes',
		});
		expect(created.status).toBe(200);
		expect(created.text).toMatch(/^[0-9a-f]{32}$/);
		expect(env.emulator.store.participants.get('kid@example.com')).toMatchObject({
			invited: false,
			apiKey: created.text,
			organizationName: 'Kids & Co',
		});
		expect(await send('/participants', { email: 'kid@example.com' })).toMatchObject({
			status: 400,
			text: 'Email has already been taken',
		});
		expect(await send('/participants', { pwd: 'x' })).toMatchObject({
			status: 400,
			text: "Email can't be blank",
		});

		expect(
			isBlank(
				await send('/participants/update', { email: 'kid@example.com', last_name: 'Roe' }, 'PUT'),
			),
		).toBe(true);
		expect(
			isBlank(
				await send('/participants/update', {
					email: 'kid@example.com',
					first_name: 'K',
					_method: 'put',
				}),
			),
		).toBe(true);
		expect(env.emulator.store.participants.get('kid@example.com')).toMatchObject({
			firstName: 'K',
			lastName: 'Roe',
			pwd: 'pw',
		});
		expect(
			await send('/participants/update', { email: 'nobody@example.com', first_name: 'x' }, 'PUT'),
		).toMatchObject({
			status: 400,
			text: 'nobody@example.com does not exist',
		});

		const perms = await send('/participants/update_permissions_for', {
			email: 'kid@example.com',
			full: 'Newsletter, VIP Customers',
			read: 'Beta testers (EU)',
		});
		expect(isBlank(perms)).toBe(true);
		expect(env.emulator.store.participants.get('kid@example.com')?.permissions).toEqual({
			full: ['Newsletter', 'VIP Customers'],
			read: ['Beta testers (EU)'],
			none: [],
		});
		expect(
			await send('/participants/update_permissions_for', {
				email: 'kid@example.com',
				none: 'Nope',
			}),
		).toMatchObject({
			status: 400,
			text: 'List Nope does not exist',
		});
		expect(
			(
				await send('/participants/update_permissions_for', {
					email: 'x@example.com',
					full: 'Newsletter',
				})
			).status,
		).toBe(400);

		expect(
			isBlank(await send('/participants', { email: 'kid@example.com', _method: 'delete' })),
		).toBe(true);
		expect(env.emulator.store.participants.has('kid@example.com')).toBe(false);
		expect(isBlank(await send('/participants', { email: 'child.two@example.com' }, 'DELETE'))).toBe(
			true,
		);
		expect(await send('/participants', { email: 'kid@example.com' }, 'DELETE')).toMatchObject({
			status: 400,
			text: 'kid@example.com does not exist',
		});
	});

	it('create: the email trimmed, the key lower-cased, only the fields given, invited unless no_invite is yes; the demo account is taken', async () => {
		env.emulator.clock.set(Date.UTC(2024, 4, 1));
		expect(
			(
				await send('/participants', {
					email: '  New.Kid@Example.com ',
					first_name: 'New',
					last_name: '',
					no_invite: ' YES ',
				})
			).status,
		).toBe(200);
		const created = env.emulator.store.participants.get('new.kid@example.com');
		expect(created).toEqual({
			email: 'New.Kid@Example.com',
			apiKey: created?.apiKey,
			invited: false,
			createdAt: Date.UTC(2024, 4, 1),
			permissions: { full: [], read: [], none: [] },
			firstName: 'New',
		});
		expect('lastName' in (created ?? {})).toBe(false);
		expect(
			(await send('/participants', { email: 'other@example.com', no_invite: 'no' })).status,
		).toBe(200);
		expect(env.emulator.store.participants.get('other@example.com')?.invited).toBe(true);
		expect(await send('/participants', { email: 'NEW.KID@example.com' })).toMatchObject({
			status: 400,
			text: 'Email has already been taken',
		});
		expect(await send('/participants', { email: DEMO_CREDENTIALS.username })).toMatchObject({
			status: 400,
			text: 'Email has already been taken',
		});
		expect(await send('/participants', { email: ' ' })).toMatchObject({
			status: 400,
			text: "Email can't be blank",
		});
	});

	it('update and delete find the child case-insensitively; a blank email is refused; an empty value clears a field', async () => {
		expect(
			isBlank(
				await send(
					'/participants/update',
					{ email: 'CHILD.ONE@example.com', last_name: '', address: 'Elsewhere 2' },
					'PUT',
				),
			),
		).toBe(true);
		const child = env.emulator.store.participants.get('child.one@example.com');
		expect(child).toMatchObject({
			firstName: 'Carla',
			address: 'Elsewhere 2',
			pwd: 'child-one-pass',
		});
		expect(child && 'lastName' in child && child.lastName === undefined).toBe(true);
		expect(await send('/participants/update', { first_name: 'x' }, 'PUT')).toMatchObject({
			status: 400,
			text: "Email can't be blank",
		});
		expect(await send('/participants', { email: '' }, 'DELETE')).toMatchObject({
			status: 400,
			text: "Email can't be blank",
		});
		expect(
			await send('/participants/update_permissions_for', { full: 'Newsletter' }),
		).toMatchObject({ status: 400, text: "Email can't be blank" });
		expect(
			isBlank(await send('/participants', { email: ' Child.Two@Example.com ' }, 'DELETE')),
		).toBe(true);
		expect([...env.emulator.store.participants.keys()]).toEqual(['child.one@example.com']);
	});

	it('permissions: a given category is replaced (names once, blanks dropped) and its names leave the others; an unknown list changes nothing', async () => {
		// seeded: full [Newsletter], read [VIP Customers], none [Beta testers (EU)]
		const permissions = (): unknown =>
			env.emulator.store.participants.get('child.one@example.com')?.permissions;
		expect(
			isBlank(
				await send('/participants/update_permissions_for', {
					email: 'child.one@example.com',
					read: 'Newsletter, ,Newsletter,VIP Customers',
				}),
			),
		).toBe(true);
		expect(permissions()).toEqual({
			full: [],
			read: ['Newsletter', 'VIP Customers'],
			none: ['Beta testers (EU)'],
		});
		expect(
			isBlank(
				await send('/participants/update_permissions_for', {
					email: 'child.one@example.com',
					full: 'VIP Customers',
					none: 'VIP Customers',
				}),
			),
		).toBe(true);
		expect(permissions()).toEqual({ full: [], read: ['Newsletter'], none: ['VIP Customers'] });
		expect(
			isBlank(
				await send('/participants/update_permissions_for', {
					email: 'child.one@example.com',
					read: '',
				}),
			),
		).toBe(true);
		expect(permissions()).toEqual({ full: [], read: [], none: ['VIP Customers'] });
		expect(
			await send('/participants/update_permissions_for', {
				email: 'child.one@example.com',
				full: 'Newsletter',
				none: 'Nope',
			}),
		).toMatchObject({
			status: 400,
			text: 'List Nope does not exist',
		});
		expect(permissions()).toEqual({ full: [], read: [], none: ['VIP Customers'] });
		expect(
			await send('/participants/update_permissions_for', {
				email: 'nobody@example.com',
				full: 'Newsletter',
			}),
		).toMatchObject({
			status: 400,
			text: 'nobody@example.com does not exist',
		});
	});

	it('other methods and paths are not answered (404, one space), before the email is looked at', async () => {
		for (const [path, method] of [
			['/participants.xml', 'POST'],
			['/participants.xml/x', 'GET'],
			['/participants', 'GET'],
			['/participants/update', 'POST'],
			['/participants/update_permissions_for', 'PUT'],
			['/participants/other', 'POST'],
			['/participants/update/x', 'PUT'],
		]) {
			const r = method === 'GET' ? await get(path) : await send(path, {}, method);
			expect([path, method, r]).toEqual([
				path,
				method,
				{ status: 404, text: ' ', type: 'text/html; charset=utf-8' },
			]);
		}
	});

	it('lists by creation, not by insertion', async () => {
		const two = env.emulator.store.participants.get('child.two@example.com');
		if (two) two.createdAt = 0;
		const list = (await get('/participants.xml')).text;
		expect(list.indexOf('child.two@example.com')).toBeLessThan(
			list.indexOf('child.one@example.com'),
		);
	});
});
