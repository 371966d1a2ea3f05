/* The shapes every part of `npm run record` passes around: what is asked, and what came back. */

/** Where the probes go: the service (or an emulator standing in for it) and the account's credentials. */
export interface Target {
	baseUrl: string;
	username: string;
	apiKey: string;
}

/** One request of a probe, the credentials left out (they are added when it is sent, never stored). */
export interface ProbeRequest {
	method: 'GET' | 'POST' | 'PUT';
	/** The path as sent: each segment URI-encoded. */
	path: string;
	/** Query parameters of a GET, form fields otherwise. */
	params?: Record<string, string>;
	/** An Accept header other than the default (`GET /promotions` asked for JSON). */
	accept?: string;
}

/** One exchange: a probe's request and what came back (status 0: no answer, `error` says why). */
export interface Exchange {
	probe: string;
	request: ProbeRequest;
	status: number;
	contentType: string;
	body: string;
	/** When the answer came, ISO 8601 (UTC). */
	at: string;
	error?: string;
}

/** What a session may do beyond reading. */
export interface SessionOptions {
	/** With `--writes`: the address of the one member put on the list it creates. */
	writes?: { member: string };
	/** With `--send-to`: the one address emailed. */
	sendTo?: string;
	/** Waits between the send and each read of its evidence, from the send (default 0, 1 min, 5 min). */
	waitsMs: number[];
	/** How it waits: injected, so a test waits nothing. */
	sleep: (ms: number) => Promise<void>;
	/** The clock of the names it gives (`n8n-nodes-madmimi record <timestamp>`) and of its reads. */
	now: () => number;
	/** Progress lines, for a person watching. */
	log: (line: string) => void;
}
