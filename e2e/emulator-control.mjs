/**
 * The emulator's control endpoints (emulator/README.md), and API calls made as a Mad Mimi
 * client would make them, for the end-to-end suites.
 */
import assert from 'node:assert/strict';

import { DEMO_CREDENTIALS } from '../scripts/lib/constants.mjs';

export class EmulatorControl {
	constructor(baseUrl, { timeoutMs = 30000 } = {}) {
		this.baseUrl = baseUrl;
		this.timeoutMs = timeoutMs;
	}
	async call(method, route, body) {
		const response = await fetch(`${this.baseUrl}/__emulator/${route}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(this.timeoutMs),
		});
		assert.ok(response.ok, `emulator ${method} ${route}: HTTP ${response.status}`);
		const text = await response.text();
		return text ? JSON.parse(text) : undefined;
	}
	requests() {
		return this.call('GET', 'requests');
	}
	state() {
		return this.call('GET', 'state');
	}
	/** Adds a fault rule (emulator/README.md, "Faults"; a RegExp path as {"regex": "..."}). */
	fault(rule) {
		return this.call('POST', 'faults', rule);
	}
	/** Forgets the requests recorded so far. */
	async clearRequests() {
		await this.call('DELETE', 'requests');
	}
	async reset() {
		await this.call('POST', 'reset', { seed: 'demo' });
		await this.call('DELETE', 'requests');
	}
	/** An API call as a client would make it (to change data the way the service would). */
	async api(method, route, form) {
		const body = new URLSearchParams({
			username: DEMO_CREDENTIALS.username,
			api_key: DEMO_CREDENTIALS.apiKey,
			...form,
		});
		const response = await fetch(`${this.baseUrl}${route}`, {
			method,
			body,
			signal: AbortSignal.timeout(this.timeoutMs),
		});
		assert.ok(response.ok, `emulator ${method} ${route}: HTTP ${response.status}`);
		return await response.text();
	}
	/** Members opt out, as through Mad Mimi: an import with the "opt out" column. */
	async optOut(emails) {
		await this.api('POST', '/audience_members', {
			csv_file: `email,opt out\n${emails.map((e) => `${e},1`).join('\n')}\n`,
		});
	}
}
