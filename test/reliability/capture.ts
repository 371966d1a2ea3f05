/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- test code: runs in jest, never inside n8n */
/**
 * Captures everything written while the reliability suite runs: n8n-core's logger (at debug
 * level, JSON format, so every log line carries its metadata: errors with their description,
 * the node with its parameters), process.stdout / process.stderr and the console methods.
 *
 * Import this module FIRST in a test file: n8n-core reads its log settings when the harness
 * loads it, and the harness sets N8N_LOG_LEVEL from MADMIMI_TEST_LOG_LEVEL.
 */
process.env.MADMIMI_TEST_LOG_LEVEL = 'debug';
process.env.N8N_LOG_LEVEL = 'debug';
process.env.N8N_LOG_FORMAT = 'json';

const chunks: string[] = [];
let bytes = 0;

function textOf(value: unknown): string {
	if (typeof value === 'string') return value;
	if (Buffer.isBuffer(value)) return value.toString('utf8');
	if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
	if (value instanceof Error) return `${value.message}\n${value.stack ?? ''}`;
	try {
		return JSON.stringify(value) ?? String(value);
	} catch {
		return String(value);
	}
}

function record(text: string): void {
	chunks.push(text);
	bytes += text.length;
}

type Write = typeof process.stdout.write;

/** n8n-core's JSON log lines: captured, kept out of the test output. */
const isN8nLogLine = (text: string) => text.startsWith('{"level":');

function wrapWrite(stream: { write: Write }): () => void {
	const original = stream.write;
	const wrapped = function (this: unknown, chunk: unknown, ...rest: unknown[]): boolean {
		const text = textOf(chunk);
		record(text);
		if (isN8nLogLine(text)) {
			const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
			callback?.();
			return true;
		}
		return (original as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
	};
	stream.write = wrapped as Write;
	return () => {
		stream.write = original;
	};
}

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

function wrapConsole(): () => void {
	const originals = CONSOLE_METHODS.map((name) => [name, console[name]] as const);
	for (const [name, original] of originals) {
		console[name] = (...args: unknown[]) => {
			record(args.map(textOf).join(' '));
			(original as (...a: unknown[]) => void).apply(console, args);
		};
	}
	return () => {
		for (const [name, original] of originals) console[name] = original;
	};
}

const restorers = [wrapWrite(process.stdout), wrapWrite(process.stderr), wrapConsole()];
// jest's console in a worker buffers into streams of its own, and n8n-core's logger (winston)
// writes straight to `console._stdout` / `console._stderr` when they exist: those are captured too
for (const name of ['_stdout', '_stderr'] as const) {
	const stream = (console as unknown as Record<string, { write?: Write } | undefined>)[name];
	if (
		stream &&
		typeof stream.write === 'function' &&
		stream !== process.stdout &&
		stream !== process.stderr
	) {
		restorers.push(wrapWrite(stream as { write: Write }));
	}
}

export const logs = {
	/** A position in the captured output. */
	mark(): number {
		return chunks.length;
	},
	/** Everything written since `mark` (or since the start). */
	since(mark = 0): string {
		return chunks.slice(mark).join('');
	},
	/** How many characters were captured in all. */
	get bytes(): number {
		return bytes;
	},
	/** How many n8n-core log lines were captured. */
	get n8nLines(): number {
		return chunks.filter(isN8nLogLine).length;
	},
	/** Puts the streams and console back (call in afterAll: the worker runs other files next). */
	stop(): void {
		while (restorers.length > 0) restorers.pop()!();
	},
};
