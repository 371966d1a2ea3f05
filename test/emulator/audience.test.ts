/**
 * Audience lists (created, deleted, members added and removed, with the service's errors) and
 * members (the CSV import, a member's lists, suppressed_since, promotion attempts, count_new). The
 * documents the node reads of them are checked through the node (test/node/audienceList.test.ts);
 * the recorded ones character for character in recorded.test.ts; the members documents and the
 * member endpoints beyond the spec in members.test.ts.
 */
import { DEMO_AUTH, isBlank, occurrences, useDemoEmulator } from '../support/emulatorClient';

const env = useDemoEmulator();
const { request, get, send, lastRequest } = env;

describe('audience lists', () => {
	it('creates a list once, refuses a blank name', async () => {
		expect(isBlank(await send('/audience_lists', { name: 'Partners' }))).toBe(true);
		const id = env.emulator.store.lists.get('Partners')?.id;
		expect(id).toBe(104);
		expect(isBlank(await send('/audience_lists', { name: 'Partners' }))).toBe(true);
		expect(env.emulator.store.lists.get('Partners')?.id).toBe(104);
		expect(env.emulator.store.lists.size).toBe(4);
		expect(await send('/audience_lists', { name: '  ' })).toMatchObject({
			status: 400,
			text: "Name can't be blank",
		});
	});

	it('alternates blank write answers between "" and " "', async () => {
		const a = await send('/audience_lists', { name: 'One' });
		const b = await send('/audience_lists', { name: 'Two' });
		expect([a.text, b.text].sort()).toEqual(['', ' ']);
	});

	it('deletes a list with _method=delete, also an encoded name, and 200 for a missing one', async () => {
		await send('/audience_lists', { name: 'a/b c' });
		const r = await send(`/audience_lists/${encodeURIComponent('a/b c')}`, { _method: 'delete' });
		expect(isBlank(r)).toBe(true);
		expect(env.emulator.store.lists.has('a/b c')).toBe(false);
		const rec = lastRequest();
		expect(rec).toMatchObject({
			method: 'POST',
			effectiveMethod: 'DELETE',
			rawPath: '/audience_lists/a%2Fb%20c',
			path: '/audience_lists/a/b c',
			segments: ['audience_lists', 'a/b c'],
		});
		expect(rec.params).toEqual({});
		expect(isBlank(await send('/audience_lists/Nothing%20here', { _method: 'delete' }))).toBe(true);
	});

	it('deletes with a real DELETE and the parameters in the query string', async () => {
		expect((await request('DELETE', '/audience_lists/Newsletter')).status).toBe(200);
		expect(env.emulator.store.lists.has('Newsletter')).toBe(false);
		expect(lastRequest().effectiveMethod).toBe('DELETE');
	});

	it('adds and removes members, with the service errors', async () => {
		const list = encodeURIComponent('Beta testers (EU)');
		expect(
			(await send(`/audience_lists/${list}/add`, { email: 'Eve.Evans@example.com' })).text,
		).toBe(' ');
		expect(
			env.emulator.store.lists.get('Beta testers (EU)')?.members.has('eve.evans@example.com'),
		).toBe(true);
		expect(
			(await send(`/audience_lists/${list}/remove`, { email: 'eve.evans@example.com' })).text,
		).toBe('');
		expect(
			env.emulator.store.lists.get('Beta testers (EU)')?.members.has('eve.evans@example.com'),
		).toBe(false);
		expect(
			(await send(`/audience_lists/${list}/remove`, { email: 'eve.evans@example.com' })).text,
		).toBe('');
		// recorded: remove answers 200 and an empty body also for an unknown member (and, our guess, list)
		expect(
			await send(`/audience_lists/${list}/remove`, { email: 'ghost@example.com' }),
		).toMatchObject({ status: 200, text: '' });
		expect(
			await send('/audience_lists/Nope/remove', { email: 'ann.archer@example.com' }),
		).toMatchObject({ status: 200, text: '' });

		const a = await send(`/audience_lists/${list}/add`, { email: 'ghost@example.com' });
		const b = await send(`/audience_lists/${list}/add`, { email: 'ghost@example.com' });
		expect(a.status).toBe(400);
		expect([a.text, b.text].sort()).toEqual([
			'Member ghost@example.com does not exist',
			'ghost@example.com does not exist',
		]);
		expect(
			await send('/audience_lists/Nope/add', { email: 'ann.archer@example.com' }),
		).toMatchObject({
			status: 400,
			text: 'List Nope does not exist',
		});
	});

	it('treats an encoded slash as part of one list name', async () => {
		env.emulator.store.addMember('x@example.com');
		env.emulator.store.createList('a/b');
		expect(isBlank(await send('/audience_lists/a%2Fb/add', { email: 'x@example.com' }))).toBe(true);
		expect(env.emulator.store.lists.get('a/b')?.members.has('x@example.com')).toBe(true);
		expect(lastRequest().segments).toEqual(['audience_lists', 'a/b', 'add']);
	});
});

describe('audience members', () => {
	it('imports CSV: case-insensitive header, quoted fields, add_list, opt out, rows without email skipped', async () => {
		env.emulator.clock.set(Date.UTC(2024, 0, 10));
		const csv = [
			'Email,First Name,Add_List,Opt Out,note',
			'new.one@example.com,"Smith, Jo",Newsletter,,"says ""hi""',
			'multi line"',
			'NEW.ONE@example.com,,Fresh list,,',
			',Nobody,Newsletter,,',
			'ben.baker@example.com,Benjamin,,1,',
		].join('\r\n');
		const r = await send('/audience_members', { csv_file: csv });
		expect(r).toEqual({ status: 200, text: '6021', type: 'text/html; charset=utf-8' });
		const member = env.emulator.store.getMember('new.one@example.com');
		expect(member).toMatchObject({
			email: 'new.one@example.com',
			fields: { 'first name': 'Smith, Jo', note: 'says "hi"\r\nmulti line' },
			createdAt: Date.UTC(2024, 0, 10),
			optedOut: false,
		});
		expect(env.emulator.store.lists.get('Newsletter')?.members.has('new.one@example.com')).toBe(
			true,
		);
		expect(env.emulator.store.lists.get('Fresh list')?.members.has('new.one@example.com')).toBe(
			true,
		);
		expect(env.emulator.store.getMember('ben.baker@example.com')).toMatchObject({
			optedOut: true,
			suppressedAt: Date.UTC(2024, 0, 10),
			fields: { first_name: 'Ben', 'first name': 'Benjamin' },
		});
		expect(env.emulator.store.members.size).toBe(13);
		const record = env.emulator.store.imports[0];
		expect(record).toMatchObject({ id: 6021, csv, at: Date.UTC(2024, 0, 10) });
		expect(record.rows).toHaveLength(4);
		expect(record.rows[3]).toEqual({
			email: 'ben.baker@example.com',
			'first name': 'Benjamin',
			add_list: '',
			'opt out': '1',
			note: '',
		});
		expect((await send('/audience_members', { csv_file: 'email\nz@example.com' })).text).toBe(
			'6022',
		);
	});

	it('accepts an opt-out column and refuses CSV without an email column', async () => {
		await send('/audience_members', { csv_file: 'email,opt-out\nkim.kato@example.com,1\n' });
		expect(env.emulator.store.getMember('kim.kato@example.com')?.optedOut).toBe(true);
		expect(
			await send('/audience_members', { csv_file: 'name,add_list\nAnn,Newsletter' }),
		).toMatchObject({
			status: 400,
			text: 'CSV must contain an email column',
		});
	});

	it('takes a 100,000-row import in one request quickly', async () => {
		const lines = ['email,first name,last name,add_list'];
		for (let i = 0; i < 100_000; i++)
			lines.push(`bulk${i}@example.com,First${i},"Last, ${i}",Bulk`);
		const started = Date.now();
		const r = await send('/audience_members', { csv_file: lines.join('\n') });
		const elapsed = Date.now() - started;
		expect(r.status).toBe(200);
		expect(env.emulator.store.lists.get('Bulk')?.members.size).toBe(100_000);
		expect(env.emulator.store.getMember('bulk99999@example.com')?.fields['last name']).toBe(
			'Last, 99999',
		);
		expect(elapsed).toBeLessThan(3000);
	});

	it('accepts a multipart/form-data import', async () => {
		const body = new FormData();
		body.set('username', DEMO_AUTH.username);
		body.set('api_key', DEMO_AUTH.api_key);
		body.set(
			'csv_file',
			new Blob(['email,add_list\nmp@example.com,Newsletter\n'], { type: 'text/csv' }),
			'members.csv',
		);
		const r = await fetch(`${env.emulator.baseUrl}/audience_members`, { method: 'POST', body });
		expect(r.status).toBe(200);
		expect(env.emulator.store.lists.get('Newsletter')?.members.has('mp@example.com')).toBe(true);
	});

	it("reads a member's lists, and refuses an unknown member", async () => {
		const r = await get(
			`/audience_members/${encodeURIComponent('ann.archer@example.com')}/lists.xml`,
		);
		expect(r.status).toBe(200);
		expect(occurrences(r.text, '<list ')).toBe(2);
		expect(r.text).toContain(
			'<list id="102" name="VIP Customers" subscriber_count="3" display_name="Our best customers"/>',
		);
		const missing = await get('/audience_members/ghost%40example.com/lists.xml');
		expect(missing.status).toBe(400);
		expect(missing.text).toMatch(/^(Member )?ghost@example.com does not exist$/);
	});

	it('lists opted-out addresses since a time, one per line', async () => {
		const now = (Math.floor(Date.now() / 1000) + 86_400) * 1000; // after the demo opt-outs
		env.emulator.store.optOut('late@example.com', now + 5000);
		env.emulator.store.optOut('early@example.com', now);
		const r = await get(`/audience_members/suppressed_since/${now / 1000}.txt`);
		expect(r).toEqual({
			status: 200,
			text: 'early@example.com\nlate@example.com\n',
			type: 'text/plain; charset=utf-8',
		});
		const demo = await get('/audience_members/suppressed_since/0.txt');
		expect(demo.text.split('\n').slice(0, 2)).toEqual([
			'dan.diaz@example.com',
			'ines.ivanova@example.com',
		]);
		expect((await get(`/audience_members/suppressed_since/${now / 1000 + 10}.txt`)).text).toBe(
			'\n',
		);
		expect(await get('/audience_members/suppressed_since/yesterday.txt')).toMatchObject({
			status: 400,
			text: 'Invalid timestamp',
		});
	});

	it('derives promotion attempts from the mailings', async () => {
		const r = await get('/audience_members/ann.archer@example.com/promotion_attempts.xml');
		expect(r.status).toBe(200);
		expect(occurrences(r.text, '<promotion_attempt ')).toBe(3);
		expect(r.text).toMatch(
			/<promotion_attempt promotion_id="3" mailing_id="34" promotion_name="Weekly digest" sent_at="[^"]+" viewed="true" clicked="true" bounced="false" unsubscribed="false" forwarded="true" abused="false"\/>/,
		);
		env.emulator.store.addMember('solo@example.com');
		expect((await get('/audience_members/solo@example.com/promotion_attempts.xml')).text).toMatch(
			/<promotion_attempts(\/>|><\/promotion_attempts>)$/,
		);
		expect((await get('/audience_members/ghost@example.com/promotion_attempts.xml')).status).toBe(
			400,
		);
	});

	it('counts new members with both ends inclusive, and refuses bad ranges', async () => {
		env.emulator.reset('empty');
		const start = Date.UTC(2024, 0, 1) / 1000;
		env.emulator.store.addMember('a@example.com', { createdAt: start * 1000 });
		env.emulator.store.addMember('b@example.com', { createdAt: (start + 3600) * 1000 });
		env.emulator.store.addMember('c@example.com', { createdAt: (start + 3601) * 1000 });
		env.emulator.store.addMember('d@example.com', { createdAt: start * 1000 - 1 });
		// created_at is stored in whole seconds: 500 ms into the end second is that second
		env.emulator.store.addMember('e@example.com', { createdAt: (start + 3600) * 1000 + 500 });
		const r = await get('/audience_members/count_new', {
			start: String(start),
			end: String(start + 3600),
		});
		expect(r).toEqual({ status: 200, text: '3', type: 'text/html; charset=utf-8' });
		const long = await get('/audience_members/count_new', {
			start: String(start),
			end: String(start + 32 * 86400),
		});
		expect(long).toMatchObject({
			status: 400,
			text: 'Calls to count_new are limited to a date range of one month',
		});
		expect(
			(
				await get('/audience_members/count_new', {
					start: String(start),
					end: String(start + 31 * 86400),
				})
			).status,
		).toBe(200);
		expect(await get('/audience_members/count_new', { start: '10', end: '5' })).toMatchObject({
			status: 400,
			text: 'start must be before end',
		});
		expect((await get('/audience_members/count_new', { start: 'x', end: '5' })).status).toBe(400);
		expect((await get('/audience_members/count_new', { end: '5' })).status).toBe(400);
	});
});
