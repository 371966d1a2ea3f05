/** Ports and HTTP on 127.0.0.1: a free port, whether one is taken, waiting for an address to answer. */
import { once } from 'node:events';
import net from 'node:net';

import { lastLines, seconds } from './log.mjs';

/** A TCP port free on 127.0.0.1 now, not handed out before by this process. */
const handedOut = new Set();
export async function freePort() {
	for (let attempt = 0; attempt < 50; attempt++) {
		const server = net.createServer();
		await once(server.listen(0, '127.0.0.1'), 'listening');
		const { port } = server.address();
		await once(server.close(), 'close');
		if (!handedOut.has(port)) {
			handedOut.add(port);
			return port;
		}
	}
	throw new Error('no free port found');
}

/** Whether something accepts connections on 127.0.0.1:port (within a second). */
export async function portInUse(port, host = '127.0.0.1') {
	const socket = net.connect({ port, host, timeout: 1000 });
	socket.on('timeout', () => socket.destroy(new Error('timeout')));
	try {
		await once(socket, 'connect');
		return true;
	} catch {
		return false;
	} finally {
		socket.destroy();
	}
}

/** Polls `url` until `ready(response)` is true. Rejects after `timeoutMs` or when `process` has ended. */
export async function waitForHttp(
	url,
	{ timeoutMs = 120000, ready = (r) => r.ok, process: proc } = {},
) {
	const deadline = Date.now() + timeoutMs;
	let lastError = '';
	while (Date.now() < deadline) {
		if (proc && !proc.alive)
			throw new Error(`${proc.name} ended while waiting for ${url}\n${lastLines(proc.output)}`);
		try {
			const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
			if (await ready(response)) return response;
			lastError = `HTTP ${response.status}`;
		} catch (error) {
			lastError = error.message;
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	throw new Error(
		`${url} not ready after ${seconds(timeoutMs)} (${lastError})${proc ? `\n${lastLines(proc.output)}` : ''}`,
	);
}
