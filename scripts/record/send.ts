import { pathOf } from './prober';
import type { Prober } from './prober';
import { RECORD_NAME_PREFIX } from './writes';

/*
 * The one email of `--send-to`: a promotion saved for it, one transactional email of it to that
 * address, then the evidence a retried Email → Send rests on (emulator/guessRows.json, the bold
 * rows), read at once and after each wait: the address's promotion attempts, transactional_count
 * for the send's UTC day and the day before, and the email's status. POST /mailer is sent once:
 * no retry, whatever comes back; a 5xx or a cut is reported as "may have gone out".
 */

const HTML =
	'<html><body><p>A test email from npm run record (n8n-nodes-madmimi): it checks how Mad Mimi reports a transactional email.</p>' +
	'<p>[[unsubscribe]]</p>[[tracking_beacon]]</body></html>';

function day(ms: number): string {
	return new Date(ms).toISOString().slice(0, 10);
}

export async function sendOne(p: Prober, to: string, stamp: number): Promise<void> {
	const name = `${RECORD_NAME_PREFIX} ${stamp}`;
	const saved = await p.ask(
		'send-save',
		p.post('/promotions/save', { promotion_name: name, raw_html: HTML }),
	);
	const promotionId = /\((\d+)\)\s*$/.exec(saved.body.trim())?.[1];
	if (saved.status !== 200 || !promotionId) {
		p.notes.push(
			`--send-to: nothing sent: the promotion could not be saved (${saved.status || saved.error}: ${saved.body.trim().slice(0, 80)})`,
		);
		return;
	}
	const sent = await p.ask(
		'send-mailer',
		p.post('/mailer', { promotion_name: name, recipient: to }),
	);
	const sentAt = Date.parse(sent.at);
	const transaction = /^\d+$/.test(sent.body.trim()) ? sent.body.trim() : undefined;
	if (sent.status === 0 || sent.status >= 500)
		p.notes.push(
			`--send-to: the email to ${to} MAY HAVE GONE OUT: ${sent.status ? `Mad Mimi answered ${sent.status}` : `the connection failed (${sent.error})`}; it is not sent again`,
		);
	else if (sent.status !== 200 || !transaction)
		p.notes.push(
			`--send-to: Mad Mimi refused the email (${sent.status}: ${sent.body.trim().slice(0, 80)})`,
		);
	else p.notes.push(`--send-to: one email sent to ${to} (transaction ${transaction})`);
	if (sent.status !== 200 && sent.status < 500 && sent.status !== 0) return trash(p, promotionId);

	let waited = 0;
	for (const wait of p.options.waitsMs) {
		const at = `${Math.round(wait / 1000)}s`; // the probes' suffix: send-attempts-60s
		if (wait > waited) {
			const more = Math.round((wait - waited) / 1000);
			p.options.log(`  waiting ${more} s for the evidence after ${at}…`);
			await p.options.sleep(wait - waited);
			waited = wait;
		}
		const count = (ms: number) => ({ promotion_name: name, date: day(ms) });
		await p.gets([
			[`send-attempts-${at}`, `${pathOf('audience_members', to, 'promotion_attempts')}.xml`],
			[`send-count-today-${at}`, '/promotions/transactional_count', count(sentAt)],
			[`send-count-yesterday-${at}`, '/promotions/transactional_count', count(sentAt - 86_400_000)],
		]);
		if (transaction)
			await p.ask(`send-status-${at}`, p.get(pathOf('mailers', 'status', transaction)));
	}
	await trash(p, promotionId);
}

/** The promotion saved for the email goes to the trash: it was made by this run. */
async function trash(p: Prober, promotionId: string): Promise<void> {
	const x = await p.ask('send-trash', {
		method: 'PUT',
		path: pathOf('promotions', promotionId, 'trash'),
	});
	p.notes.push(
		x.status >= 200 && x.status < 300
			? `cleanup: the promotion ${promotionId} saved for the email was moved to the trash`
			: `NOT CLEANED UP: the promotion ${promotionId} saved for the email (${x.status || x.error}): trash it in Mad Mimi`,
	);
}
