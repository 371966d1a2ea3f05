import { Prober } from './prober';
import { readAll } from './reads';
import { sendOne } from './send';
import type { SessionOptions, Target } from './types';
import { writeAll } from './writes';

/*
 * One whole session against a target: the reads, then the writes with `--writes`, then the one
 * email with `--send-to`. The same session runs against the service and, for the comparison,
 * against an in-process emulator with the demo data, which finds its own ids the same way. What
 * it did is its prober's: every exchange in order, the notes a person must read, what was skipped.
 */
export async function runSession(target: Target, options: SessionOptions): Promise<Prober> {
	const p = new Prober(target, options);
	const stamp = Math.floor(options.now() / 1000);
	await readAll(p);
	if (options.writes) await writeAll(p, options.writes.member, stamp);
	if (options.sendTo) await sendOne(p, options.sendTo, stamp);
	return p;
}
