import type { IDataObject } from 'n8n-workflow';

/** One page of a paged read: its records, and the number of pages when the answer states it. */
export interface Page {
	records: IDataObject[];
	/** How many entries the page held, when `records` are derived from them (filtered, or the mailings of promotions). */
	size?: number;
	pageCount?: number;
}

export interface PagingOptions {
	/** Entries a full page holds: a shorter (or empty) page is the last one. */
	pageSize: number;
	/** Records wanted (a Limit), or undefined for all (Return All). */
	limit?: number;
	/** Page requests in flight at most (1: one page at a time). */
	window?: number;
}

type Settled = { page: number; answer: Page } | { page: number; error: unknown };

function asPage(answer: IDataObject[] | Page): Page {
	return Array.isArray(answer) ? { records: answer } : answer;
}

/**
 * Reads the pages of a paged answer, up to `window` requests in flight, and returns their records
 * in page order, each once:
 * - page 1 comes first, alone: it says whether there is more, and how many pages there are when
 *   the answer states it (the members documents): then exactly the pages that exist are read;
 * - otherwise (promotions, recipients) the next pages are read ahead, `window` at a time, and the
 *   first page shorter than `pageSize` (or empty) ends the reading: at most `window − 1` requests
 *   go past the end;
 * - a Limit asks for no page it does not need when every entry is a record;
 * - a failing page fails the read (after the requests in flight have settled, so none is left
 *   behind). A page's request has been tried again by then as far as the retry policy allows
 *   (MadMimiClient.request): a page that fails here failed for good.
 */
export async function collectPages(fetchPage: (page: number) => Promise<IDataObject[] | Page>, options: PagingOptions): Promise<IDataObject[]> {
	const { pageSize, limit } = options;
	const window = Math.max(1, Math.floor(options.window ?? 1));
	const out: IDataObject[] = [];
	const done = () => limit !== undefined && out.length >= limit;
	const finish = () => (limit !== undefined && out.length > limit ? out.slice(0, limit) : out);

	const first = asPage(await fetchPage(1));
	for (const record of first.records) out.push(record);
	const isLast = (page: number, answer: Page) =>
		answer.pageCount !== undefined ? page >= answer.pageCount : (answer.size ?? answer.records.length) < pageSize;
	if (done() || isLast(1, first)) return finish();

	// the last page that can exist: stated by the answer, or needed for the Limit (when every
	// entry of a page is a record), or unknown
	let lastPage = first.pageCount ?? Infinity;
	if (limit !== undefined && first.size === undefined) lastPage = Math.min(lastPage, Math.ceil(limit / pageSize));

	const settled = new Map<number, Settled>();
	const inFlight = new Map<number, Promise<Settled>>();
	let next = 2;
	let emit = 2;
	let failed = false;
	const launch = (page: number) => {
		const promise = fetchPage(page).then(
			(answer): Settled => ({ page, answer: asPage(answer) }),
			(error: unknown): Settled => ({ page, error }),
		);
		inFlight.set(page, promise);
	};

	for (;;) {
		// a sliding window over the page numbers: never more than `window` pages ahead of the first
		// page not yet in the output, so a slow page holds the read-ahead back
		while (!failed && next < emit + window && next <= lastPage) launch(next++);
		if (inFlight.size === 0) break;
		const result = await Promise.race(inFlight.values());
		inFlight.delete(result.page);
		settled.set(result.page, result);
		if ('error' in result) {
			// no new request after a failure; the ones in flight are awaited below
			failed = true;
		} else if (isLast(result.page, result.answer)) {
			lastPage = Math.min(lastPage, result.page);
		}
		// the records go out in page order, as soon as the pages before them are in
		while (settled.has(emit) && emit <= lastPage) {
			const page = settled.get(emit)!;
			settled.delete(emit);
			if ('error' in page) {
				await Promise.allSettled(inFlight.values());
				throw page.error;
			}
			for (const record of page.answer.records) out.push(record);
			emit++;
			if (done()) {
				await Promise.allSettled(inFlight.values());
				return finish();
			}
		}
		if (emit > lastPage) {
			await Promise.allSettled(inFlight.values());
			return finish();
		}
		if (failed && inFlight.size === 0) {
			// a page failed past one that is still missing: the earliest failure is the one to say
			const first = [...settled.values()].filter((s) => 'error' in s).sort((a, b) => a.page - b.page)[0];
			if (first && 'error' in first) throw first.error;
		}
	}
	return finish();
}
