/**
 * The account behind the recorded answers (docs/recorded-answers.md), put into an emulator's
 * store: its lists, promotions, mailings and members with their recorded ids and dates, so that
 * the emulator's answers can be compared with the recordings character for character.
 */
import { startEmulator } from '../../emulator';
import type { Emulator } from '../../emulator';

/**
 * An emulator for the recordings, started once for the file: before each test emptied, on the real
 * clock, with the recorded date style (-0400). Call it at the top of a test file.
 */
export function useRecordedEmulator(): () => Emulator {
	let emu: Emulator;
	beforeAll(async () => {
		emu = await startEmulator({ seed: 'empty' });
	});
	afterAll(async () => {
		await emu.close();
	});
	beforeEach(() => {
		emu.reset('empty');
		emu.clock.useRealTime();
		emu.dateStyle = '-0400';
	});
	return () => emu;
}

/** The account behind the recordings: lists 1163641 (1 member) and 1165154 (2). */
export function seedLists(emu: Emulator): void {
	const store = emu.store;
	store.nextListId = 1163641;
	store.createList('list 1');
	store.nextListId = 1165154;
	store.createList('list 2');
	store.addMember('another@example.com', { lists: ['list 1', 'list 2'] });
	store.addMember('test@example.com', { lists: ['list 2'] });
	store.addMember('new_test1@example.com');
}

/** The two recorded promotions (dates in -0400). */
export function seedPromotions(emu: Emulator): void {
	const store = emu.store;
	store.addPromotion('API test', {
		id: 5510034,
		mimio: '293145',
		updatedAt: Date.UTC(2014, 8, 5, 19, 20, 42),
	});
	store.addMailing(5510034, {
		id: 122026332,
		startedSend: Date.UTC(2014, 8, 5, 19, 26, 32),
		finishedSend: Date.UTC(2014, 8, 5, 19, 26, 34),
		stats: { sent: 1, untraced: 1 },
	});
	store.addPromotion('Untitled Promotion', {
		id: 5515748,
		mimio: '4e9245',
		updatedAt: Date.UTC(2014, 8, 7, 20, 54, 55),
	});
}

/** The promotion of RECORDED.promotionTwoMailings (dates in -0500, before 2012). */
export function seedTwoMailings(emu: Emulator): void {
	const store = emu.store;
	store.addPromotion('Newsletter Feb', {
		id: 1234,
		mimio: 'a1b2c3',
		updatedAt: Date.UTC(2011, 1, 10, 12, 53, 11),
	});
	store.addMailing(1234, {
		id: 5001,
		startedSend: Date.UTC(2011, 1, 10, 12, 53, 11),
		finishedSend: Date.UTC(2011, 1, 10, 12, 55, 40),
		stats: { sent: 120 },
	});
	store.addMailing(1234, { id: 5002, unsent: true });
}

export const CUSTOM_FIELDS = ['custom_field_1', 'custom_value', 'custom_value_1', 'custom_value_2'];

/** The account behind the recorded members documents (dates as recorded, in UTC). */
export function seedMembers(emu: Emulator): void {
	const store = emu.store;
	store.nextListId = 1163641;
	store.createList('list 1');
	store.nextListId = 1165154;
	store.createList('list 2');
	store.addMember('new_test1@example.com', {
		createdAt: Date.UTC(2014, 8, 4, 18, 32, 31),
		lists: ['list 1'],
	});
	store.addMember('new_test1@example.com', {
		lists: ['list 2'],
		membershipCreatedAt: Date.UTC(2014, 8, 4, 18, 32, 45),
	});
	store.addMember('another@example.com', {
		createdAt: Date.UTC(2014, 8, 7, 19, 14, 29),
		lists: ['list 1'],
	});
	// created by add_to_list: its standard fields are empty texts, written <x></x>
	const blank = Object.fromEntries(
		[
			'first_name',
			'last_name',
			'city',
			'phone',
			'company',
			'title',
			'address',
			'state',
			'zip',
			'country',
		].map((f) => [f, '']),
	);
	store.addMember('add_to_list@example.com', {
		createdAt: Date.UTC(2014, 8, 5, 18, 12, 22),
		fields: blank,
	});
	store.addMember('add_user@example.com', {
		createdAt: Date.UTC(2014, 8, 7, 16, 41, 31),
		fields: { first_name: 'AddUser', custom_value_1: 'updated' },
	});
	store.addMember('csv_test2@example.com', {
		createdAt: Date.UTC(2014, 8, 7, 16, 32, 52),
		fields: { first_name: 'test2', last_name: 'csv2' },
	});
	store.addMember('test@example.com', { createdAt: Date.UTC(2014, 8, 7, 19, 59, 46) });
	store.customFieldNames = [...CUSTOM_FIELDS];
}
