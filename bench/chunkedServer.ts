/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- a benchmark's helper process: started by the hugeAnswer scenario, never loaded by n8n; it tells that scenario where it listens and what it sent by IPC messages */
/**
 * The hugeAnswer scenario's `chunked` case (its own process, bundled beside the scenarios): any
 * GET answered with `bytes` of XML-ish filler, chunked (no Content-Length), after `latencyMs`, so
 * that the node must stop reading at its cap. Sends its parent (IPC) its URL, then
 * `{ sent, complete }` when an answer's connection closes.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const size = Number(process.argv[2]);
const latencyMs = Number(process.argv[3]);
const unit = Buffer.from(
	'<item>lorem ipsum dolor sit amet, consectetur adipiscing elit sed do eiusmod</item>\n'.repeat(
		800,
	),
);

async function answer(res: http.ServerResponse): Promise<void> {
	res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
	const head = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<filler>\n');
	res.write(head);
	let left = size - head.length;
	res.on('close', () => process.send?.({ sent: size - left, complete: left === 0 }));
	while (left > 0 && !res.destroyed) {
		const n = Math.min(left, unit.length);
		const more = res.write(n === unit.length ? unit : unit.subarray(0, n));
		left -= n;
		// back-pressure: wait until the answer can take more, or has closed
		if (!more) await Promise.race([once(res, 'drain'), once(res, 'close')]);
	}
	res.end();
}

// ends with the scenario's process
process.on('disconnect', () => process.exit(0));
const server = http.createServer((_req, res) => {
	setTimeout(() => void answer(res), latencyMs);
});
server.listen(0, '127.0.0.1', () =>
	process.send?.(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
);
