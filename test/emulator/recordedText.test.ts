/**
 * The emulator against the real service's recorded plain-text and empty answers
 * (docs/recorded-answers.md, "Plain-text and empty answers"): the writes' blank answers, the ids
 * and counts as text, the service's error sentences, and the 401s, character for character and
 * with their content types.
 */
import { NO_RIGHTS_CREDENTIALS } from '../../emulator';
import type { Emulator } from '../../emulator';
import { DEMO_AUTH, emulatorClient } from '../support/emulatorClient';
import { seedLists, seedMembers, useRecordedEmulator } from './recordedAccount';

const TEXT = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const PLAIN = 'text/plain; charset=utf-8';
/** A whole answer: status, body and content type. */
const answer = (status: number, text: string, type = TEXT) => ({ status, text, type });

const UNSUPPRESSED =
	'{"success":true,"result":{"id":7130012110,"email":"test@example.com","name":"","first_name":"","last_name":"",' +
	'"suppressed":false,"recent_signup?":false,"suppression_reason":"","suppression_reason_class":"sent","external_id":null,' +
	'"special_list_member":false,"lists":[],"list_removals":[],"list_unsuppressions":[],"list_additions":[]}}';

const current = useRecordedEmulator();
let emu: Emulator;
beforeEach(() => (emu = current()));
const { request, get, post } = emulatorClient(current);

describe('recorded plain-text and empty answers', () => {
	it('POST /audience_lists/{list}/add: one space, every time', async () => {
		seedLists(emu);
		for (const email of ['test@example.com', 'new_test1@example.com', 'new_test1@example.com']) {
			expect(await post('/audience_lists/list%201/add', { email })).toEqual(answer(200, ' '));
		}
		expect(emu.store.lists.get('list 1')?.members.size).toBe(3);
	});

	it('POST /audience_lists/{list}/remove: 200 and an empty body, member on it or not, or unknown', async () => {
		seedLists(emu);
		for (const email of [
			'another@example.com',
			'another@example.com',
			'test@example.com',
			'ghost@example.com',
		]) {
			expect(await post('/audience_lists/list%201/remove', { email })).toEqual(answer(200, ''));
		}
		expect(emu.store.lists.get('list 1')?.members.size).toBe(0);
	});

	it('DELETE /audience_lists/{list}: one space, whether the list exists or not', async () => {
		seedLists(emu);
		expect(await request('DELETE', '/audience_lists/list%201')).toEqual(answer(200, ' '));
		expect(await post('/audience_lists/list%202', { _method: 'delete' })).toEqual(answer(200, ' '));
		expect(await request('DELETE', '/audience_lists/list%201')).toEqual(answer(200, ' '));
		expect(emu.store.lists.size).toBe(0);
	});

	it('POST /audience_lists.json: the new list as JSON; a taken name: success false', async () => {
		emu.store.nextListId = 1167134;
		expect(await post('/audience_lists.json', { name: 'new list 1' })).toEqual(
			answer(
				200,
				'{"success":true,"result":{"id":1167134,"name":"new list 1","size":0}}',
				JSON_TYPE,
			),
		);
		expect(await post('/audience_lists.json', { name: 'new list 1' })).toEqual(
			answer(200, '{"success":false,"error":"Name has already been taken"}', JSON_TYPE),
		);
		expect(emu.store.lists.get('new list 1')?.id).toBe(1167134);
	});

	it('POST /audience_members (import): the import id', async () => {
		emu.store.nextImportId = 140368637;
		expect(await post('/audience_members', { csv_file: 'email\nx@example.com\n' })).toEqual(
			answer(200, '140368637'),
		);
	});

	it('POST /promotions/save: Saved <name> (<id>)', async () => {
		emu.store.nextPromotionId = 5516645;
		expect(
			await post('/promotions/save', { promotion_name: 'Test promotion', raw_html: '<p>x</p>' }),
		).toEqual(answer(200, 'Saved Test promotion (5516645)'));
	});

	it('GET /audience_members/suppressed_since/{ts}.txt: addresses one per line, nobody a lone newline, as text/plain', async () => {
		const at = Date.UTC(2014, 8, 7, 12, 0, 0);
		expect(await get(`/audience_members/suppressed_since/${at / 1000}.txt`)).toEqual(
			answer(200, '\n', PLAIN),
		);
		emu.store.optOut('new_test1@example.com', at + 1000);
		expect(await get(`/audience_members/suppressed_since/${at / 1000}.txt`)).toEqual(
			answer(200, 'new_test1@example.com\n', PLAIN),
		);
	});

	it('GET /audience_members/{email}/is_suppressed: true or false; unknown member 400 <email> does not exist', async () => {
		seedMembers(emu);
		expect(await get('/audience_members/test%40example.com/is_suppressed')).toEqual(
			answer(200, 'false'),
		);
		emu.store.optOut('test@example.com', Date.UTC(2014, 8, 7, 20, 0, 0));
		expect(await get('/audience_members/test@example.com/is_suppressed')).toEqual(
			answer(200, 'true'),
		);
		emu.store.members.delete('test@example.com');
		expect(await get('/audience_members/test@example.com/is_suppressed')).toEqual(
			answer(400, 'test@example.com does not exist'),
		);
	});

	it('POST /audience_members/{email}/update_email: one space; unknown member 400 Member <email> does not exist', async () => {
		expect(
			await post('/audience_members/test@example.com/update_email', {
				new_email: 'new@example.com',
			}),
		).toEqual(answer(400, 'Member test@example.com does not exist'));
		seedMembers(emu);
		expect(
			await post('/audience_members/test@example.com/update_email', {
				new_email: 'new@example.com',
			}),
		).toEqual(answer(200, ' '));
		expect(emu.store.getMember('new@example.com')?.email).toBe('new@example.com');
	});

	it('DELETE /suppressed_audience_members/{email}: the recorded JSON; unknown member: success false, undefined method', async () => {
		emu.store.nextMemberId = 7130012110;
		emu.store.addMember('test@example.com');
		emu.store.optOut('test@example.com', Date.UTC(2014, 8, 7, 20, 0, 0));
		expect(await request('DELETE', '/suppressed_audience_members/test%40example.com')).toEqual(
			answer(200, UNSUPPRESSED, JSON_TYPE),
		);
		expect(emu.store.getMember('test@example.com')?.optedOut).toBe(false);
		const unknown = await request('DELETE', '/suppressed_audience_members/nobody%40example.com');
		expect(unknown.status).toBe(200);
		expect(unknown.type).toBe(JSON_TYPE);
		expect(JSON.parse(unknown.text)).toEqual({
			success: false,
			error: expect.stringMatching(/^undefined method /),
		});
	});

	it('POST /mailer: a 20-digit transaction id; GET /mailers/status/{id}: one word; unknown id: 410 Not Found', async () => {
		emu.store.addPromotion('Transactional Promotion');
		const sent = await post('/mailer', {
			promotion_name: 'Transactional Promotion',
			from: 'maxim+1@madmimi.com',
			subject: 'Test',
			recipient: 'Test Example <test@example.com>',
			body: '--- {}\n',
		});
		expect(sent).toEqual(answer(200, '10199230844895592240'));
		expect(Number.isSafeInteger(Number(sent.text))).toBe(false);
		expect(await get(`/mailers/status/${sent.text}`)).toEqual(answer(200, 'sent'));
		expect(await get('/mailers/status/0')).toEqual(answer(410, 'Not Found'));
	});

	it('POST /mailer/to_list and /mailer/to_all: the mailing id; an unknown promotion without raw content: 409', async () => {
		seedMembers(emu);
		emu.store.addPromotion('Transactional Promotion');
		emu.store.nextMailingId = 122048588;
		expect(
			await post('/mailer/to_list', {
				promotion_name: 'Transactional Promotion',
				from: 'maxim+1@madmimi.com',
				subject: 'Test',
				list_name: 'list 1',
				raw_html: '<html><body>Test [[tracking_beacon]] [[opt_out]]</body></html>',
			}),
		).toEqual(answer(200, '122048588'));
		expect(
			await post('/mailer/to_all', {
				promotion_name: 'Unknown Promotion',
				from: 'maxim+1@madmimi.com',
				subject: 'Test',
				to_all: 'true',
				body: '--- {}\n',
			}),
		).toEqual(answer(409, 'You do not have a promotion named Unknown Promotion.'));
		// with raw content the promotion is created (recorded: 122048622 there)
		expect(
			await post('/mailer/to_all', {
				promotion_name: 'Unknown Promotion',
				from: 'maxim+1@madmimi.com',
				subject: 'Test',
				to_all: 'true',
				raw_plain_text: 'Test [[opt_out]]',
			}),
		).toEqual(answer(200, '122048589'));
		expect(emu.store.findPromotionByName('Unknown Promotion')?.mailings.map((m) => m.id)).toEqual([
			122048589,
		]);
	});

	it('401: wrong credentials, and an account without the API right', async () => {
		expect(
			await request('GET', '/audience_lists/lists.xml', {}, { ...DEMO_AUTH, api_key: 'wrong' }),
		).toEqual(answer(401, 'Unable to authenticate'));
		const noRights = {
			username: NO_RIGHTS_CREDENTIALS.username,
			api_key: NO_RIGHTS_CREDENTIALS.apiKey,
		};
		expect(await request('GET', '/audience_lists/lists.xml', {}, noRights)).toEqual(
			answer(401, 'You do not have the rights to use this API'),
		);
	});
});
