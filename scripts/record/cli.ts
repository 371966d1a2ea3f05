/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals -- the record command's entry point: reads its arguments and environment, prints its table */
import { baseUrlRefusal } from '../../nodes/MadMimi/transport/http';
import { record } from './record';
import type { RecordOptions } from './record';

/* CONTRIBUTING.md, "Checking the emulator against your account", says what each flag does. */
const USAGE =
	'npm run record -- --username <you@example.com> --api-key <key> [--base-url https://api.madmimi.com] ' +
	'[--writes --member <address>] [--send-to <your own address>] [--out test/recorded] [--waits 0,60,300]';

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv): RecordOptions | string {
	const values = new Map<string, string>();
	let writes = false;
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '--writes') writes = true;
		else if (
			/^--(username|api-key|base-url|member|send-to|out|waits)$/.test(arg) &&
			argv[i + 1] !== undefined
		)
			values.set(arg.slice(2), argv[++i]);
		else return `unknown or incomplete argument "${arg}"\n${USAGE}`;
	}
	const username = values.get('username') ?? env.MADMIMI_USERNAME;
	const apiKey = values.get('api-key') ?? env.MADMIMI_API_KEY;
	if (!username || !apiKey) return `--username and --api-key are required\n${USAGE}`;
	const baseUrl = (
		values.get('base-url') ??
		env.MADMIMI_BASE_URL ??
		'https://api.madmimi.com'
	).replace(/\/+$/, '');
	const refused = baseUrlRefusal(baseUrl);
	if (refused) return refused.replace('of the Mad Mimi credential ', '');
	const member = values.get('member');
	const sendTo = values.get('send-to');
	if (writes && !member && !sendTo)
		return `--writes needs --member <address> (or --send-to <address>): the one member it puts on its list\n${USAGE}`;
	if (!writes && member) return '--member is used only with --writes';
	const waits = values.get('waits') ?? env.MADMIMI_RECORD_WAITS;
	const waitsMs = waits?.split(',').map((s) => Number(s.trim()) * 1000);
	if (waitsMs?.some((n) => !Number.isFinite(n) || n < 0))
		return '--waits takes seconds, comma-separated: 0,60,300';
	return {
		username,
		apiKey,
		baseUrl,
		writes,
		member,
		sendTo,
		out: values.get('out') ?? 'test/recorded',
		waitsMs,
	};
}

async function main(): Promise<void> {
	const options = parseArgs(process.argv.slice(2), process.env);
	if (typeof options === 'string') {
		console.error(options);
		process.exit(2);
	}
	const outcome = await record({ ...options, log: (line) => console.log(line) });
	process.exitCode = outcome.check.problems.length ? 1 : 0;
}

if (require.main === module) {
	main().catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : String(error));
		process.exit(1);
	});
}
