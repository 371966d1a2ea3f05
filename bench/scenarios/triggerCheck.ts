/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a benchmark: a command-line program run by `npm run bench`, never loaded by n8n; it reads its settings (MEMBERS, PROMOTIONS) from the environment bench/run.ts gives it */
/**
 * One scheduled check of the trigger with one new event, for each event, on an account of 100,000
 * members all on one list (`Bench`) and 2,000 promotions, made 30 days ago: the requests of the
 * activation (which reads everything, as a full read does) and of the check that finds the event.
 * MEMBERS and PROMOTIONS change the account's size.
 */
import { PollingWorkflow } from '../../test/harness';
import {
	auth,
	baseUrl,
	clearRequests,
	control,
	importItems,
	people,
	runScenario,
	summary,
	untimed,
} from './shared';

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const PROMOTIONS = Number(process.env.PROMOTIONS ?? 2_000);

/** A request of the API straight to the emulator, as another client of the account makes it. */
async function api(path: string, form: Record<string, string>): Promise<void> {
	const body = new URLSearchParams({ ...auth, ...form });
	const response = await fetch(`${baseUrl}${path}`, { method: 'POST', body });
	if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

const importRows = async (csv: string) => await api('/audience_members', { csv_file: csv });

async function seed(): Promise<void> {
	await control('POST', '/clock', { set: Date.now() - 30 * 86_400_000 });
	await importItems(people(MEMBERS, 'Bench'));
	await importRows('email,add_list\nknown@bench.example.com,Tiny\n');
	const content = 'News [[unsubscribe]]';
	for (let i = 0; i < PROMOTIONS; i++) {
		await api('/promotions/save', { promotion_name: `Promotion ${i}`, raw_plain_text: content });
		if (i === 0) await control('POST', '/clock', { advance: 60_000 });
	}
	await control('POST', '/clock', { real: true });
}

/** The events, each with the change that makes one new event of it. */
const EVENTS: Array<[string, () => Promise<void>]> = [
	['newMember', async () => await importRows('email\nnew1@bench.example.com\n')],
	['memberOptedOut', async () => await importRows('email,opt out\nmember7@bench.example.com,1\n')],
	[
		'memberAddedToList (a new member)',
		async () => await importRows('email,add_list\nnew2@bench.example.com,Bench\n'),
	],
	[
		'memberAddedToList (an existing member)',
		async () => await api('/audience_lists/Bench/add', { email: 'known@bench.example.com' }),
	],
	[
		'mailingSent (a new promotion)',
		async () =>
			await api('/mailer/to_list', {
				promotion_name: 'Fresh news',
				raw_plain_text: 'Fresh [[unsubscribe]]',
				list_name: 'Tiny',
			}),
	],
	[
		'mailingSent (an old promotion sent again)',
		async () => await api('/mailer/to_list', { promotion_name: 'Promotion 0', list_name: 'Tiny' }),
	],
];

async function triggerCheck(): Promise<Record<string, unknown>> {
	await untimed(seed);
	const out: Record<string, unknown> = { members: MEMBERS, promotions: PROMOTIONS };
	for (const [label, happen] of EVENTS) {
		const event = label.split(' ')[0];
		const w = new PollingWorkflow({
			event,
			...(event === 'memberAddedToList'
				? { list: { __rl: true, mode: 'list', value: 'Bench' } }
				: {}),
		});
		await clearRequests();
		const activation = await w.poll();
		const activationRequests = (await summary()).requests;
		await happen();
		await clearRequests();
		const check = await w.poll();
		const checkRequests = (await summary()).requests;
		out[label] = {
			activationRequests,
			checkRequests,
			emitted: check.items?.length ?? 0,
			error: activation.error?.message ?? check.error?.message,
		};
	}
	return out;
}

runScenario('triggerCheck', triggerCheck);
