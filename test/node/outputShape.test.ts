import type { INodeParameters } from 'n8n-workflow';

import { DEMO_IDS } from '../../emulator';
import { itemsOf, nodeParams, useEmulator } from './setup';

const env = useEmulator();
const byId = (value: number) => ({ __rl: true, mode: 'id', value: String(value) });

describe('identifying fields (id, name, email) come first in every output item', () => {
	test.each([
		[
			'audienceList.getAll',
			{ resource: 'audienceList', operation: 'getAll', returnAll: true },
			['id', 'name'],
		],
		[
			'promotion.getAll',
			{ resource: 'promotion', operation: 'getAll', returnAll: false, limit: 3 },
			['id', 'name'],
		],
		['addon.getAll', { resource: 'addon', operation: 'getAll' }, ['id', 'name']],
		['addon.getAvailable', { resource: 'addon', operation: 'getAvailable' }, ['id', 'name']],
		['childAccount.getAll', { resource: 'childAccount', operation: 'getAll' }, ['email']],
		[
			'audienceMember.getAll',
			{ resource: 'audienceMember', operation: 'getAll', returnAll: false, limit: 3 },
			['email'],
		],
		[
			'mailing.getRecipients',
			nodeParams('mailing', 'getRecipients', {
				promotionId: byId(DEMO_IDS.promotions.weeklyDigest),
				mailingId: byId(DEMO_IDS.mailings.weeklyDigest),
				outcome: 'read',
				returnAll: false,
				limit: 3,
			}),
			['email'],
		],
		[
			'mailing.getAll',
			{ resource: 'mailing', operation: 'getAll', returnAll: false, limit: 3 },
			['id'],
		],
		[
			'audienceMember.upsert',
			{ resource: 'audienceMember', operation: 'upsert', email: 'shape@example.com' },
			['email'],
		],
	])('%s', async (_name, parameters, first) => {
		const items = await itemsOf({ parameters: parameters as INodeParameters });
		expect(items.length).toBeGreaterThan(0);
		for (const item of items) expect(Object.keys(item.json).slice(0, first.length)).toEqual(first);
		expect(env.emulator.requests.length).toBeGreaterThan(0);
	});
});
