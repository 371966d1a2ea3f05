import type { Exchange, ProbeRequest, Target } from './types';

/*
 * One exchange with the service, exactly once: no retry, whatever the answer. A probe is asked
 * once (the issue: "each read once"), and a write repeated after a cut could be done twice: a
 * second email is the one thing this command must never cause. The credentials go in the query
 * string of a GET and in the form of a write, as the service takes them; they are never part of
 * what is returned.
 */

const TIMEOUT_MS = 60_000;

export async function exchange(
	target: Target,
	probe: string,
	request: ProbeRequest,
): Promise<Exchange> {
	const all = new URLSearchParams({
		username: target.username,
		api_key: target.apiKey,
		...(request.params ?? {}),
	}).toString();
	const url = `${target.baseUrl.replace(/\/+$/, '')}${request.path}`;
	const init: RequestInit = {
		method: request.method,
		headers: {
			Accept: request.accept ?? '*/*',
			...(request.method === 'GET' ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
		},
		signal: AbortSignal.timeout(TIMEOUT_MS),
		redirect: 'manual',
	};
	if (request.method !== 'GET') init.body = all;
	try {
		const res = await fetch(request.method === 'GET' ? `${url}?${all}` : url, init);
		const body = await res.text();
		return {
			probe,
			request,
			status: res.status,
			contentType: res.headers.get('content-type') ?? '',
			body,
			at: new Date().toISOString(),
		};
	} catch (error) {
		// the key is in the URL: an error message that quotes it is cut to its cause's code
		const cause = (error as { cause?: { code?: string } }).cause?.code;
		const name = error instanceof Error ? error.name : 'Error';
		return {
			probe,
			request,
			status: 0,
			contentType: '',
			body: '',
			at: new Date().toISOString(),
			error: cause ?? name,
		};
	}
}
