import type { IDataObject } from 'n8n-workflow';

/** One page of a paged read: its records, and the number of pages when the answer states it. */
export interface Page {
	records: IDataObject[];
	/** How many entries the page held, when `records` are derived from them (filtered, or the mailings of promotions). */
	size?: number;
	pageCount?: number;
}

/** The page size to ask for: the most a page holds, or the Limit when it is smaller (at least 1). */
export function pageSizeFor(limit: number | undefined, maxPerPage: number): number {
	return limit === undefined ? maxPerPage : Math.min(maxPerPage, Math.max(1, Math.floor(limit)));
}

interface PagingOptions {
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
 *   (tries.ts): a page that fails here failed for good.
 */
export async function collectPages(
	fetchPage: (page: number) => Promise<IDataObject[] | Page>,
	options: PagingOptions,
): Promise<IDataObject[]> {
	const read = new PagedRead(fetchPage, options);
	const first = asPage(await fetchPage(1));
	read.take(first.records);
	if (read.hasEnough() || read.isLast(1, first)) return read.records();
	read.bound(first);
	return await read.rest();
}

/** What the ordered emission of settled pages found. */
type Emission = 'more' | 'complete' | { error: unknown };

/** The pages after the first one, read through a sliding window and put out in page order. */
class PagedRead {
	private readonly out: IDataObject[] = [];
	private readonly settled = new Map<number, Settled>();
	private readonly inFlight = new Map<number, Promise<Settled>>();
	private readonly window: number;
	/** The next page to ask for, and the first page not yet in the output. */
	private next = 2;
	private emit = 2;
	/** The last page that can exist: stated by the answer, needed for the Limit, or found short; Infinity while unknown. */
	private lastPage = Infinity;
	private failed = false;

	constructor(
		private readonly fetchPage: (page: number) => Promise<IDataObject[] | Page>,
		private readonly options: PagingOptions,
	) {
		this.window = Math.max(1, Math.floor(options.window ?? 1));
	}

	take(records: IDataObject[]): void {
		for (const record of records) this.out.push(record);
	}

	hasEnough(): boolean {
		return this.options.limit !== undefined && this.out.length >= this.options.limit;
	}

	records(): IDataObject[] {
		const { limit } = this.options;
		return limit !== undefined && this.out.length > limit ? this.out.slice(0, limit) : this.out;
	}

	isLast(page: number, answer: Page): boolean {
		return answer.pageCount !== undefined
			? page >= answer.pageCount
			: (answer.size ?? answer.records.length) < this.options.pageSize;
	}

	/** The last page that can exist, from the first page: the count it states, or the pages the Limit needs when every entry is a record. */
	bound(first: Page): void {
		const { limit, pageSize } = this.options;
		this.lastPage = first.pageCount ?? Infinity;
		if (limit !== undefined && first.size === undefined)
			this.lastPage = Math.min(this.lastPage, Math.ceil(limit / pageSize));
	}

	async rest(): Promise<IDataObject[]> {
		for (;;) {
			this.launchAhead();
			if (this.inFlight.size === 0) break;
			await this.settleNext();
			const emission = this.emitReady();
			if (emission !== 'more') {
				// nothing is left behind: the requests still in flight settle first
				await Promise.allSettled(this.inFlight.values());
				if (emission === 'complete') return this.records();
				throw emission.error;
			}
			if (this.failed && this.inFlight.size === 0) {
				// a page failed past one that is still missing: the earliest failure is the one to say
				const earliest = this.earliestFailure();
				if (earliest) throw earliest.error;
			}
		}
		return this.records();
	}

	/**
	 * A sliding window over the page numbers: never more than `window` pages ahead of the first
	 * page not yet in the output, so a slow page holds the read-ahead back; nothing new after a
	 * failure.
	 */
	private launchAhead(): void {
		while (!this.failed && this.next < this.emit + this.window && this.next <= this.lastPage) {
			const page = this.next++;
			const promise = this.fetchPage(page).then(
				(answer): Settled => ({ page, answer: asPage(answer) }),
				(error: unknown): Settled => ({ page, error }),
			);
			this.inFlight.set(page, promise);
		}
	}

	/** Waits for the first request in flight to settle, and notes what it says about the end. */
	private async settleNext(): Promise<void> {
		const result = await Promise.race(this.inFlight.values());
		this.inFlight.delete(result.page);
		this.settled.set(result.page, result);
		if ('error' in result) this.failed = true;
		else if (this.isLast(result.page, result.answer))
			this.lastPage = Math.min(this.lastPage, result.page);
	}

	/** Puts out the records of the pages that are next in order, as soon as the pages before them are in. */
	private emitReady(): Emission {
		while (this.settled.has(this.emit) && this.emit <= this.lastPage) {
			const page = this.settled.get(this.emit)!;
			this.settled.delete(this.emit);
			if ('error' in page) return { error: page.error };
			this.take(page.answer.records);
			this.emit++;
			if (this.hasEnough()) return 'complete';
		}
		return this.emit > this.lastPage ? 'complete' : 'more';
	}

	private earliestFailure(): { error: unknown } | undefined {
		const failures = [...this.settled.values()].filter(
			(s): s is { page: number; error: unknown } => 'error' in s,
		);
		return failures.sort((a, b) => a.page - b.page)[0];
	}
}
