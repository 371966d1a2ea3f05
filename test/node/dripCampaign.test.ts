import { DEMO_IDS } from '../../emulator';
import { runNode } from '../harness';
import { itemsOf, received, useEmulator } from './setup';

const env = useEmulator();
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;
const DAY = 86_400_000;

describe('dripCampaign.getAll', () => {
	test('one item per campaign; drips always an array, typed', async () => {
		const items = await itemsOf({
			parameters: { resource: 'dripCampaign', operation: 'getAll' },
		});
		expect(items).toHaveLength(2);
		const [onboarding, winBack] = items.map((i) => i.json);
		expect(onboarding).toEqual({
			id: DEMO_IDS.dripCampaigns.onboarding,
			name: 'Onboarding',
			status: 'active',
			createdAt: expect.stringMatching(ISO),
			drips: [{ id: 51, name: 'Welcome', delayDays: '3', promotionId: 18 }],
		});
		// <drips/>: no drips is an empty array, not null
		expect(winBack).toEqual({
			id: DEMO_IDS.dripCampaigns.winBack,
			name: 'Win-back',
			status: 'inactive',
			createdAt: expect.stringMatching(ISO),
			drips: [],
		});
		// the instant is exact whatever offset the answer used
		const created = env.emulator.store.dripCampaigns[0].createdAt;
		expect(Date.parse(String(onboarding.createdAt))).toBe(Math.floor(created / 1000) * 1000);
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		expect(received(env.emulator)).toEqual([
			{ method: 'GET', path: '/drip_campaigns/list.xml', params: {} },
		]);
	});

	test('one drip or many: drips is an array either way', async () => {
		const now = env.emulator.clock.now();
		env.emulator.store.dripCampaigns = [
			{
				id: 7,
				name: 'Three steps',
				status: 'active',
				createdAt: now - DAY,
				drips: [
					{ id: 71, name: 'One', delayDays: 0, promotionId: 2 },
					{ id: 72, name: 'Two', delayDays: 2, promotionId: 3 },
					{ id: 73, name: 'Three', delayDays: 7, promotionId: 5 },
				],
			},
		];
		const { items } = await runNode({
			parameters: { resource: 'dripCampaign', operation: 'getAll' },
		});
		expect(items).toHaveLength(1);
		expect((items[0].json.drips as Array<{ id: number }>).map((d) => d.id)).toEqual([71, 72, 73]);
	});
});
