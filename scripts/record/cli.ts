/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- the record command's entry point: reads its arguments (node:util) and environment, prints its table */
import { parseArgs as nodeParseArgs } from 'node:util';

import { baseUrlRefusal } from '../../nodes/MadMimi/transport/http';
import { record } from './record';
import type { RecordOptions } from './record';

/* CONTRIBUTING.md, "Checking the emulator against your account", says what each flag does. */
const USAGE =
	'npm run record -- --username <you@example.com> --api-key <key> [--base-url https://api.madmimi.com] ' +
	'[--writes --member <address>] [--send-to <your own address>] [--out test/recorded] [--waits 0,60,300]';

const TEXT = { type: 'string' } as const;
const FLAGS = {
	username: TEXT,
	'api-key': TEXT,
	'base-url': TEXT,
	writes: { type: 'boolean', default: false },
	member: TEXT,
	'send-to': TEXT,
	out: TEXT,
	waits: TEXT,
} as const;

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv): RecordOptions | string {
	let flags;
	try {
		flags = nodeParseArgs({ args: argv, options: FLAGS }).values;
	} catch (error) {
		return `unknown or incomplete argument (${(error as Error).message})\n${USAGE}`;
	}
	const { writes, member, out = 'test/recorded' } = flags;
	const username = flags.username ?? env.MADMIMI_USERNAME;
	const apiKey = flags['api-key'] ?? env.MADMIMI_API_KEY;
	if (!username || !apiKey) return `--username and --api-key are required\n${USAGE}`;
	const baseUrl = (flags['base-url'] ?? env.MADMIMI_BASE_URL ?? 'https://api.madmimi.com').replace(
		/\/+$/,
		'',
	);
	const refused = baseUrlRefusal(baseUrl);
	if (refused) return refused.replace('of the Mad Mimi credential ', '');
	const sendTo = flags['send-to'];
	if (writes && !member && !sendTo)
		return `--writes needs --member <address> (or --send-to <address>): the one member it puts on its list\n${USAGE}`;
	if (!writes && member) return '--member is used only with --writes';
	const waits = flags.waits ?? env.MADMIMI_RECORD_WAITS;
	const waitsMs = waits?.split(',').map((s) => Number(s.trim()) * 1000);
	if (waitsMs?.some((n) => !Number.isFinite(n) || n < 0))
		return '--waits takes seconds, comma-separated: 0,60,300';
	return { username, apiKey, baseUrl, writes, member, sendTo, out, waitsMs };
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
