/**
 * What each example run from its manual (or schedule) trigger must have done, read from its output
 * and the emulator: the same checks for a run with `n8n execute` (e2e/cli.e2e.mjs) and for one
 * started in the editor (e2e/examples-editor.mjs). Each is `check({ emu, out })`, `out(node)`
 * being that node's output items in the run, and returns what the run did, in a line.
 */
import assert from 'node:assert/strict';

import { apiRequests, apiWrites } from './fixture.mjs';

const STATS_READ = /^\/promotions\/\d+\/mailings\/\d+\.xml$/;

export const EXAMPLE_CHECKS = {
	async 'sync-list-members'({ emu, out }) {
		// as saved: a dry run, its plan on the demo account in input order, the removed last
		assert.deepEqual(
			out('Sync the Newsletter list').map((i) => `${i.email} ${i.action} ${i.dryRun}`),
			[
				'ann.archer@example.com unchanged true',
				'ben.baker@example.com updated true',
				'cara.cole@example.com unchanged true',
				'finn.fox@example.com unchanged true',
				'kim.kato@example.com unchanged true',
				'nina.novak@example.com added true',
				'ines.ivanova@example.com skipped true',
				'gia.grant@example.com removed true',
			],
		);
		assert.deepEqual(apiWrites(await emu.requests()), [], 'a dry run writes nothing');
		return 'the plan (1 to add, 1 to update, 1 to remove, 4 unchanged, 1 skipped), nothing written';
	},

	async 'import-members'({ emu, out }) {
		const items = out('Import into Mad Mimi');
		const emails = ['nina.novak@example.com', 'omar.ortiz@example.com', 'pia.park@example.com'];
		const imported = items.filter((i) => i.imported === true);
		assert.deepEqual(
			imported.map((i) => i.email),
			emails,
		);
		const rejected = items.filter((i) => i.imported === false);
		assert.deepEqual(
			rejected.map((i) => i.email),
			['not an address'],
		);
		assert.match(rejected[0].error, /not a valid email address/);

		// the import's CSV and batches: test/node/audienceMemberImport.test.ts
		const posts = apiRequests(await emu.requests(), 'POST', '/audience_members');
		assert.equal(posts.length, 1, 'all items go out in one import request');

		const state = await emu.state();
		const nina = state.members.find((m) => m.email === 'nina.novak@example.com');
		assert.equal(nina?.fields.first_name, 'Nina');
		assert.equal(nina.fields.company, 'Novak Design');
		const newsletter = state.lists.find((l) => l.name === 'Newsletter');
		for (const email of emails) {
			assert.ok(
				state.members.some((m) => m.email === email),
				`${email} is a member`,
			);
			assert.ok(newsletter.members.includes(email), `${email} is on Newsletter`);
		}
		return `${emails.length} members imported onto Newsletter, 1 refused`;
	},

	async 'weekly-mailing-report'({ emu, out }) {
		const recent = out('Mailings sent last week');
		// every mailing of the (non-trashed) promotions whose send started in the last 7 days
		const state = await emu.state();
		const since = state.now - 7 * 86400000;
		const expected = state.promotions
			.filter((p) => !p.trashed)
			.flatMap((p) =>
				p.mailings
					.filter((m) => m.startedSend !== undefined && m.startedSend !== null)
					.filter((m) => m.startedSend >= since - 1000)
					.map((m) => m.id),
			);
		assert.ok(expected.length > 0, 'the demo has recent mailings');
		assert.deepEqual(
			recent.map((m) => m.id).sort(),
			expected.sort(),
			'the mailings of the last 7 days, over all pages of promotions',
		);
		assert.ok(
			recent.every((m) => Number.isInteger(m.promotionId) && typeof m.promotionName === 'string'),
			'each with its promotion',
		);
		const lines = out('Report line');
		const digest = lines.find((l) => l.promotion === 'Weekly digest');
		assert.deepEqual(digest && { ...digest, sentAt: undefined }, {
			promotion: 'Weekly digest',
			sentAt: undefined,
			sent: 250,
			opened: 120,
			clicked: 40,
			openRate: 48,
			unsubscribed: 3,
			bounced: 5,
		});
		assert.match(digest.sentAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);

		// how the pages of promotions are read: test/node/paging.test.ts
		const stats = apiRequests(await emu.requests(), 'GET', STATS_READ).map((r) => r.path);
		assert.equal(stats.length, lines.length, 'one statistics request per report line');
		assert.ok(stats.includes('/promotions/3/mailings/34.xml'), `Weekly digest's mailing: ${stats}`);
		return `${lines.length} report lines, ${stats.length} statistics reads`;
	},

	async 'child-account-permissions'({ emu, out }) {
		const [item] = out('Set list permissions');
		assert.equal(item?.success, true);
		assert.equal(item.email, 'child.two@example.com');
		const requests = apiRequests(
			await emu.requests(),
			'POST',
			'/participants/update_permissions_for',
		);
		assert.equal(requests.length, 1);
		const { email, full, read, none } = requests[0].params;
		assert.deepEqual(
			{ email, full, read, none },
			{
				email: 'child.two@example.com',
				full: 'Newsletter',
				read: 'VIP Customers',
				none: 'Beta testers (EU)',
			},
		);
		const child = (await emu.state()).participants.find((p) => p.email === 'child.two@example.com');
		assert.deepEqual(child.permissions, {
			full: ['Newsletter'],
			read: ['VIP Customers'],
			none: ['Beta testers (EU)'],
		});
		return `child.two@example.com: ${JSON.stringify(child.permissions)}`;
	},

	async 'welcome-email'({ emu, out }) {
		const [item] = out('Send welcome email');
		assert.equal(typeof item?.transactionId, 'string');
		assert.match(item.transactionId, /^\d{20}$/);
		assert.equal(item.recipient, 'Sam <sam.signup@example.com>');
		const state = await emu.state();
		assert.equal(state.transactions.length, 1, 'one email');
		assert.equal(
			state.transactions[0].id,
			item.transactionId,
			'the ID in the output is the one Mad Mimi gave, to the last digit',
		);
		assert.deepEqual(state.transactions[0].recipient, {
			email: 'sam.signup@example.com',
			name: 'Sam',
		});
		assert.deepEqual(state.transactions[0].placeholders, { first_name: 'Sam' });
		assert.ok(
			state.lists.find((l) => l.name === 'Newsletter').members.includes('sam.signup@example.com'),
			'the recipient joined the Newsletter',
		);
		return 'one welcome email to Sam <sam.signup@example.com>';
	},

	async 'send-promotion-to-list'({ emu, out }) {
		const [sent] = out('Send to Newsletter');
		assert.ok(
			Number.isInteger(sent?.mailingId) && Number.isInteger(sent?.promotionId),
			`the send returns the mailing and the promotion: ${JSON.stringify(sent)}`,
		);
		const state = await emu.state();
		assert.equal(state.sends.length, 1, 'one new mailing');
		assert.equal(state.sends[0].mailingId, sent.mailingId);
		assert.deepEqual(state.sends[0].audience, ['Newsletter']);
		// a send that reached nobody would be a green run that did nothing
		assert.ok(
			state.sends[0].recipients.length > 0,
			'the mailing reached the members of Newsletter',
		);
		assert.equal(
			state.promotions.find((p) => p.id === sent.promotionId)?.name,
			'Summer launch',
			"the promotionId returned is Summer launch's",
		);
		const requests = await emu.requests();
		const posts = apiRequests(requests, 'POST', '/mailer/to_list');
		assert.deepEqual(
			posts.map((r) => r.params.list_name),
			['Newsletter'],
		);
		// the statistics were read for that mailing, with the promotionId the send returned
		assert.deepEqual(
			apiRequests(requests, 'GET', STATS_READ).map((r) => r.path),
			[`/promotions/${sent.promotionId}/mailings/${sent.mailingId}.xml`],
		);
		const [figures] = out('Mailing statistics');
		assert.equal(figures?.mailingId, sent.mailingId);
		assert.equal(figures.sent, state.sends[0].recipients.length);
		return `mailing ${sent.mailingId} of promotion ${sent.promotionId} to ${state.sends[0].recipients.length} people, its statistics read`;
	},
};
