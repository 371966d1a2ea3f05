import type { IDataObject } from 'n8n-workflow';

import { addressLines, jsonList, parseJson, textInteger, xmlDocument, xmlList } from '../parsing';
import type { XmlList, XmlReadOptions } from '../parsing';
import type { RequestSettings } from '../settings';
import type { ErrorContext } from './apiError';
import { unreadableAnswerError } from './failures';
import type { MadMimiContext } from './http';
import { getMadMimiCredentials } from './http';
import type { Page } from './paging';
import { collectPages } from './paging';
import { refusedAnswerError } from './refusals';
import type { MadMimiRequest, OnceOnly, RequestPlace, Sender, WriteOnceOutcome } from './request';
import { errorContextOf } from './request';
import { sendWithTries, writeOnce } from './tries';
import type { WindowOutcome } from './window';
import { eachInWindow } from './window';

/*
 * The client api/ holds: one method per kind of answer (XML, JSON, text, a number, addresses),
 * each reading the body with parsing/ and turning what cannot be read into a clear error, and the
 * reads of many pages or values side by side. Apart from the policy of tries (tries.ts) because
 * nothing here decides whether a request is sent again: every method goes through `request`.
 */

/**
 * The node's one way to Mad Mimi: every request, with the account's credentials and the settings
 * it was made with (timeout, size cap, page window, retries). A request that meets a busy
 * service or a broken connection is tried again within the retry policy's bounds, as far as its
 * `repeat` allows; HTTP errors, network failures and unreadable answers become NodeApiErrors with
 * a message a user can act on, the api_key in none of them.
 */
export class MadMimiClient {
	private readonly sender: Sender;

	constructor(ctx: MadMimiContext, settings: RequestSettings, place: RequestPlace = {}) {
		this.sender = { ctx, settings, place };
	}

	/** Sends the request (tried again as its `repeat` and the retry policy allow) and returns the answer's body text. */
	async request(req: MadMimiRequest): Promise<string> {
		return await sendWithTries(this.sender, req);
	}

	/**
	 * A once-only write, sent by `send` (a request of this client with this `repeat`): first
	 * `repeat.askFirst`, when there is one and no earlier try of this node in this execution sent
	 * the write, then `send` only if that found nothing (tries.ts).
	 */
	async writeOnce<T>(repeat: OnceOnly, send: () => Promise<T>): Promise<WriteOnceOutcome<T>> {
		return await writeOnce(this.sender, repeat, send);
	}

	/** An XML list answer: one record per child element of its root, and the root's attributes. */
	async xmlList(req: MadMimiRequest, options?: XmlReadOptions): Promise<XmlList> {
		return await this.read({ ...req, format: 'xml' }, (body) => xmlList(body, options));
	}

	/** The records of an XML list answer, one per child element of its root, whatever its name. */
	async xmlRecords(req: MadMimiRequest, options?: XmlReadOptions): Promise<IDataObject[]> {
		return (await this.xmlList(req, options)).records;
	}

	/** An XML answer that is one record (the mailing statistics). */
	async xmlDocument(req: MadMimiRequest, options?: XmlReadOptions): Promise<IDataObject> {
		return await this.read({ ...req, format: 'xml' }, (body) => xmlDocument(body, options));
	}

	/**
	 * A JSON answer, keys in camelCase. An answer `{"success": false, "error": "…"}` (the service
	 * answers some refusals so, with 200) is a failure carrying the service's text.
	 */
	async json(req: MadMimiRequest): Promise<unknown> {
		const jsonReq: MadMimiRequest = { ...req, format: 'json' };
		const answer = await this.read(jsonReq, parseJson);
		if (
			answer !== null &&
			typeof answer === 'object' &&
			!Array.isArray(answer) &&
			(answer as IDataObject).success === false
		) {
			const said = (answer as IDataObject).error;
			throw refusedAnswerError(
				await this.errorContextOf(jsonReq),
				typeof said === 'string' ? said : JSON.stringify(said ?? ''),
			);
		}
		return answer;
	}

	/** The records of a JSON list answer (see jsonList), keys in camelCase. */
	async jsonList(req: MadMimiRequest): Promise<IDataObject[]> {
		return jsonList(await this.json(req));
	}

	/** A plain-text answer, trimmed (a word, an ID of any length). */
	async text(req: MadMimiRequest): Promise<string> {
		return (await this.request(req)).trim();
	}

	/**
	 * A plain-text answer of email addresses, one a line (suppressed_since): its non-empty lines.
	 * An answer that is not such a list is refused as unreadable, never read as addresses.
	 */
	async lines(req: MadMimiRequest): Promise<string[]> {
		return await this.read(req, addressLines);
	}

	/** A plain-text answer that is one integer. */
	async integer(req: MadMimiRequest): Promise<number> {
		return await this.read(req, textInteger);
	}

	/**
	 * The records of a paged read, pages asked for side by side up to the settings' page window
	 * (transport/paging.ts). Each page's request is tried again on its own, so a fault at page 37
	 * repeats page 37 and nothing before it.
	 */
	async pages(
		fetchPage: (page: number) => Promise<IDataObject[] | Page>,
		pageSize: number,
		limit?: number,
	): Promise<IDataObject[]> {
		return await collectPages(fetchPage, {
			pageSize,
			limit,
			window: this.sender.settings.pageWindow,
		});
	}

	/**
	 * One request per value, side by side up to the settings' page window, as Return All reads its
	 * pages (transport/window.ts): each tried again on its own as its `repeat` allows.
	 */
	async eachInWindow<T>(
		values: readonly T[],
		run: (value: T) => Promise<void>,
		stopAtFailure: boolean,
	): Promise<WindowOutcome[]> {
		return await eachInWindow(values, this.sender.settings.pageWindow, run, stopAtFailure);
	}

	/**
	 * The answer read by `read`, which throws (with the reason as its message) when the answer is
	 * not what the operation expects: that becomes a clear NodeApiError quoting the answer.
	 */
	async read<T>(req: MadMimiRequest, read: (body: string) => T): Promise<T> {
		const body = await this.request(req);
		try {
			return read(body);
		} catch (error) {
			// the readers are pure parsers: whatever they throw means the answer is unreadable
			throw unreadableAnswerError(
				await this.errorContextOf(req),
				error instanceof Error ? error.message : String(error),
				body,
			);
		}
	}

	private async errorContextOf(req: MadMimiRequest): Promise<ErrorContext> {
		return errorContextOf(this.sender, req, await getMadMimiCredentials(this.sender.ctx));
	}
}
