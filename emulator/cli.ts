/* eslint-disable no-console, @n8n/community-nodes/no-restricted-globals -- the emulator's command line: prints its address and credentials, reads its arguments */
/**
 * Runs the emulator as a process:
 *   ts-node --transpile-only emulator/cli.ts [--port N] [--host H] [--latency MS] [--seed demo|empty]
 *     [--vocabulary guessed|second] [--date-style -0400|-0500|+0200|+0530|UTC|+0300]
 * EMULATOR_PORT also sets the port (the flag wins). Default port 8787. Stops on SIGINT/SIGTERM.
 */
import { ALL_DATE_STYLES, DEMO_CREDENTIALS, isVocabulary, startEmulator } from './index';
import type { DateStyle, SeedName, Vocabulary } from './index';

const USAGE =
	'usage: cli.ts [--port N] [--host H] [--latency MS] [--seed demo|empty] [--vocabulary guessed|second] ' +
	`[--date-style ${ALL_DATE_STYLES.join('|')}]`;

interface CliOptions {
	port: number;
	host: string;
	latencyMs: number;
	seed: SeedName;
	vocabulary: Vocabulary;
	dateStyle?: DateStyle;
}

function fail(message: string): never {
	console.error(message);
	console.error(USAGE);
	process.exit(2);
}

function parseArgs(argv: string[]): CliOptions {
	const envPort = process.env.EMULATOR_PORT;
	const options: CliOptions = {
		port: envPort !== undefined && envPort !== '' ? Number(envPort) : 8787,
		host: '127.0.0.1',
		latencyMs: 0,
		seed: 'demo',
		vocabulary: 'guessed',
	};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		const [flag, inline] = arg.includes('=')
			? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
			: [arg, undefined];
		const value = (): string => {
			const v = inline ?? argv[++i];
			if (v === undefined) fail(`${flag} needs a value`);
			return v;
		};
		switch (flag) {
			case '--port':
				options.port = Number(value());
				break;
			case '--host':
				options.host = value();
				break;
			case '--latency':
				options.latencyMs = Number(value());
				break;
			case '--seed': {
				const seed = value();
				if (seed !== 'demo' && seed !== 'empty') fail('--seed must be demo or empty');
				options.seed = seed;
				break;
			}
			case '--vocabulary': {
				const vocabulary = value();
				if (!isVocabulary(vocabulary)) fail('--vocabulary must be guessed or second');
				options.vocabulary = vocabulary;
				break;
			}
			case '--date-style': {
				const style = value();
				if (!(ALL_DATE_STYLES as readonly string[]).includes(style))
					fail(`--date-style must be one of ${ALL_DATE_STYLES.join(', ')}`);
				options.dateStyle = style as DateStyle;
				break;
			}
			case '--help':
			case '-h':
				console.log(USAGE);
				process.exit(0);
				break;
			default:
				fail(`unknown argument ${arg}`);
		}
	}
	if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535)
		fail('port must be 0..65535');
	if (!Number.isFinite(options.latencyMs) || options.latencyMs < 0)
		fail('latency must be a number >= 0');
	return options;
}

async function main(): Promise<void> {
	const options = parseArgs(process.argv.slice(2));
	const emulator = await startEmulator(options);
	console.log(`Mad Mimi emulator listening on ${emulator.baseUrl}`);
	console.log(`username: ${DEMO_CREDENTIALS.username}`);
	console.log(`api_key: ${DEMO_CREDENTIALS.apiKey}`);
	let stopping = false;
	const stop = (): void => {
		if (stopping) return;
		stopping = true;
		emulator.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
	console.error(err instanceof Error ? err.message : String(err));
	process.exit(1);
});
