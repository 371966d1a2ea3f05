/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- a benchmark's helper process: started by the hugeAnswer scenario, never loaded by n8n; it tells that scenario where it listens and what it sent on its standard output */
/**
 * The hugeAnswer scenario's `chunked` case (its own process, bundled beside the scenarios): any
 * GET answered with `bytes` of XML-ish filler, chunked (no Content-Length), after `latencyMs`, so
 * that the node must stop reading at its cap. Prints `listening on <url>`, then `closed
 * {"sent":…,"complete":…}` when an answer's connection closes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const size = Number(process.argv[2]);
const latencyMs = Number(process.argv[3]);
const unit = Buffer.from(
	'<item>lorem ipsum dolor sit amet, consectetur adipiscing elit sed do eiusmod</item>\n'.repeat(
		800,
	),
);

/** Resolves once the answer can take more (drain) or has closed: the write loop's back-pressure. */
function writable(res: http.ServerResponse): Promise<void> {
	return new Promise((resolve) => {
		const done = () => {
			res.off('drain', done);
			res.off('close', done);
			resolve();
		};
		res.on('drain', done);
		res.on('close', done);
	});
}

async function answer(res: http.ServerResponse): Promise<void> {
	res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
	const head = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<filler>\n');
	res.write(head);
	let left = size - head.length;
	res.on('close', () =>
		console.log('closed ' + JSON.stringify({ sent: size - left, complete: left === 0 })),
	);
	while (left > 0 && !res.destroyed) {
		const n = Math.min(left, unit.length);
		const more = res.write(n === unit.length ? unit : unit.subarray(0, n));
		left -= n;
		if (!more) await writable(res);
	}
	res.end();
}

const server = http.createServer((_req, res) => {
	setTimeout(() => void answer(res), latencyMs);
});
server.listen(0, '127.0.0.1', () =>
	console.log('listening on http://127.0.0.1:' + (server.address() as AddressInfo).port),
);
