import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { MIN_REDACTED_SECRET_CHARS, SERVICE_TEXT_MAX_CHARS } from '../settings';
import type { Refusal } from './refusals';

/*
 * How every error of the transport is made: one NodeApiError, its message and description in the
 * user's words with the API key redacted, the request it was for kept on its context. Apart from
 * the wordings (refusals.ts, failures.ts, inDoubt.ts) because each of them builds on it, and
 * because the rule that no error carries the key is checked here once, for all of them.
 */

/** Why a request failed, as n8n-workflow's NodeApiError declares it (its `failure` option), for n8n's engine and poll backoff. */
export type Failure = NonNullable<ConstructorParameters<typeof NodeApiError>[2]>['failure'];

/**
 * Replaces every secret (and its URI-encoded forms) in a text by `***`, and cuts any `api_key=`
 * query value whatever it is: for what the user reads (messages, descriptions, the service's text).
 */
export function redactAll(text: string, secrets: string[]): string {
	return redactValues(text, secrets).replace(/(api_key=)[^&\s"'<>]*/gi, '$1***');
}

/** Replaces every secret and its URI-encoded forms by `***`, and nothing else: for answers whose other text must stay as it is. */
export function redactValues(text: string, secrets: string[]): string {
	let out = text;
	for (const secret of secrets) {
		if (!secret || secret.length < MIN_REDACTED_SECRET_CHARS) continue;
		const encoded = encodeURIComponent(secret);
		const forms = new Set([
			secret,
			encoded,
			encoded.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
			encodeURI(secret),
			new URLSearchParams({ k: secret }).toString().slice(2),
		]);
		for (const form of forms) if (out.includes(form)) out = out.split(form).join('***');
	}
	return out;
}

/** The service's text of an error answer, readable: HTML tags stripped, white space folded, cut. */
export function serviceText(body: string, max = SERVICE_TEXT_MAX_CHARS): string {
	const text = body
		.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
		.replace(/<[^>]+>/g, ' ')
		.replace(/&nbsp;/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** What every error knows of the request it is for. */
export interface ErrorContext {
	node: INode;
	secrets: string[];
	/** Where the request went, without credentials (`GET /audience_lists/lists.xml`): kept on the error's context for debugging, never in its message or description, which speak the user's words. */
	endpoint: string;
	/** What a 404 means for this operation, in the user's words. */
	notFound?: string;
	/** What a refusal means for this operation (the status and the service's text), in the user's words. */
	refusal?: Refusal;
	itemIndex?: number;
}

/** Builds the node's NodeApiError: message and description redacted, the request kept on its context. */
export function apiError(
	request: ErrorContext,
	code: string,
	message: string,
	description: string,
	failure?: Failure,
): NodeApiError {
	const safeMessage = redactAll(message, request.secrets);
	const safeDescription = redactAll(description, request.secrets);
	const isHttpStatus = /^\d{3}$/.test(code);
	// A plain, already-redacted object: the original error (whose config holds the request
	// URL with the api_key in its query string) is never attached to what n8n shows or stores.
	const response: JsonObject = { message: safeMessage, description: safeDescription, code };
	const error = new NodeApiError(request.node, response, {
		message: safeMessage,
		description: safeDescription,
		httpCode: isHttpStatus ? code : undefined,
		itemIndex: request.itemIndex,
		failure,
	});
	// NodeApiError swaps a message that mentions a system error code (ECONNREFUSED, EPERM…)
	// for a generic sentence of its own; ours says what to do, so it is put back.
	error.message = safeMessage;
	error.description = safeDescription;
	if (!isHttpStatus) error.context.errorCode = code;
	error.context.request = request.endpoint;
	return error;
}
