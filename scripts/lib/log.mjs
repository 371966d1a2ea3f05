/**
 * What the tooling prints, and the output of the processes it starts: piped to a log file and,
 * on request, to the console, its last 64 KB kept for error messages and for waiting on a line
 * (scripts/lib/processes.mjs).
 */
import fs from 'node:fs';

export function log(message) {
	process.stdout.write(`${message}\n`);
}

export function seconds(ms) {
	return `${(ms / 1000).toFixed(1)} s`;
}

/** Seconds since `start` (a `Date.now()`), one decimal, without the unit. */
export function secondsSince(start) {
	return ((Date.now() - start) / 1000).toFixed(1);
}

export function lastLines(text, count = 40) {
	return text.split('\n').slice(-count).join('\n');
}

/**
 * Pipes a child's stdout and stderr to `logFile` (appended) and, with `echo`, to the console.
 * Returns `{ tail, append(text), drained, end() }`: `tail` is the last 64 KB, `drained` resolves
 * once both streams have closed, `end()` closes the log file.
 */
export function pipeOutput(child, { logFile, echo = false } = {}) {
	const out = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : undefined;
	let tail = '';
	const onData = (chunk) => {
		const text = chunk.toString();
		out?.write(text);
		if (echo) process.stdout.write(text);
		tail = (tail + text).slice(-65536);
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);
	const streamEnded = (stream) =>
		new Promise((resolve) => (stream.readableEnded ? resolve() : stream.once('close', resolve)));
	return {
		get tail() {
			return tail;
		},
		/** Adds a line of our own (a spawn error) to the tail. */
		append(text) {
			tail += text;
		},
		drained: Promise.all([streamEnded(child.stdout), streamEnded(child.stderr)]),
		end() {
			out?.end();
		},
	};
}
