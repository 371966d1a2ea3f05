/* eslint-disable @n8n/community-nodes/no-restricted-imports -- the emulator is test code: a stand-in for the Mad Mimi service, run by jest and by `npm run emulator`, never loaded by n8n */
/**
 * What the emulator keeps of an API request (`emu.requests`, `GET /__emulator/requests`): made at
 * its arrival from the request line and headers (newRecord), completed by its body (takeBody).
 * The server sets the rest as the request goes on (fault, authenticated, status).
 */
import type { IncomingMessage } from 'node:http';
// decodeURIComponent, or of a malformed escape what can be decoded
import { unescape as decodeComponent } from 'node:querystring';

import { parseUrlEncoded } from './requestBody';

export interface RecordedRequest {
	/** As sent (GET, POST, PUT, DELETE). */
	method: string;
	/** After the _method override (uppercase). */
	effectiveMethod: string;
	/** Path exactly as received, still percent-encoded, no query string. */
	rawPath: string;
	/** Decoded path. */
	path: string;
	/** Decoded path segments (the raw path split on '/', each decoded; empty segments dropped). */
	segments: string[];
	query: Record<string, string>;
	/** Parsed application/x-www-form-urlencoded body, {} otherwise. */
	form: Record<string, string>;
	/** Query and form merged (form wins), without username, api_key and _method. */
	params: Record<string, string>;
	headers: Record<string, string | string[] | undefined>;
	/** Raw body text. */
	body: string;
	authenticated: boolean;
	/** Status answered (0 when a fault reset or hung the connection, or the client went away). */
	status: number;
	/** The fault applied to it, when one was: its respond as a word ("reset", "resetAfterWork", "hang") or its status ("429"). */
	fault?: string;
	/** Clock time (ms) it arrived. */
	at: number;
}

/**
 * The request target split into the raw path and the raw query (both still percent-encoded); an
 * absolute target (`http://host/path`) loses its scheme and host, and the fragment is dropped.
 */
export function splitTarget(url: string): { rawPath: string; rawQuery: string } {
	// [scheme://host] path [?query] [#fragment]
	const m = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/]*)?([^?#]*)(?:\?([^#]*))?/i.exec(url);
	return { rawPath: m?.[1] || '/', rawQuery: m?.[2] ?? '' };
}

/** The record of a request as it arrives (clock time `at`): no body, form or params yet, status 0. */
export function newRecord(
	req: IncomingMessage,
	method: string,
	rawPath: string,
	rawQuery: string,
	at: number,
): RecordedRequest {
	const rawSegments = rawPath.split('/').filter((s) => s !== '');
	return {
		method,
		effectiveMethod: method,
		rawPath,
		path: decodeComponent(rawPath),
		segments: rawSegments.map(decodeComponent),
		query: parseUrlEncoded(rawQuery),
		form: {},
		params: {},
		headers: { ...req.headers },
		body: '',
		authenticated: false,
		status: 0,
		at,
	};
}

/**
 * Completes a record with its body: the text, the form, the effective method (a POST's `_method`
 * of DELETE, PUT or PATCH, in the form or the query) and the params (query and form, form wins,
 * without the credentials and `_method`).
 */
export function takeBody(
	record: RecordedRequest,
	contentType: string | undefined,
	body: Buffer,
): void {
	const { method, query } = record;
	const bodyText = body.toString('utf8');
	record.body = bodyText;
	const form = (contentType ?? '').toLowerCase().includes('application/x-www-form-urlencoded')
		? parseUrlEncoded(bodyText)
		: {};
	record.form = form;
	const override = (form._method ?? (method === 'POST' ? query._method : undefined) ?? '')
		.trim()
		.toUpperCase();
	if (method === 'POST' && ['DELETE', 'PUT', 'PATCH'].includes(override))
		record.effectiveMethod = override;
	const params: Record<string, string> = { ...query, ...form };
	delete params.username;
	delete params.api_key;
	delete params._method;
	record.params = params;
}
