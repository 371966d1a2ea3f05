/**
 * The API's endpoints, one table of routes per group (see Routes in types.ts): audience (the
 * spec's lists and members), members (the member endpoints beyond the spec), promotions, extras,
 * mailer (the Mailer). To add a group: write `routes/<group>.ts` exporting its Routes and list it
 * in ROUTES. Mark an answer whose names are our guess with guessedXml / guessedJson so that the
 * second vocabulary applies to it; a recorded answer uses xmlAnswer / jsonAnswer / textAnswer.
 */
import { audienceRoutes } from './audience';
import { extrasRoutes } from './extras';
import { mailerRoutes } from './mailer';
import { memberRoutes } from './members';
import { promotionRoutes } from './promotions';
import { NOT_FOUND } from './types';
import type { Answer, Call, Routes } from './types';

/** A route's path part: a word to match exactly, or a `:name` (with the extension it needs). */
type Part = { word: string } | { ext: string };

const ROUTES = [audienceRoutes, memberRoutes, promotionRoutes, extrasRoutes, mailerRoutes]
	.flatMap((group: Routes) => Object.entries(group))
	.map(([key, handle]) => {
		const [method, path] = key.split(' ');
		const parts = path.split('/').map((part): Part => {
			if (!part.startsWith(':')) return { word: part };
			return { ext: /\.[a-z]+$/.exec(part)?.[0] ?? '' };
		});
		return { method, parts, handle };
	});

/** The segments a route's `:name` parts match, or undefined when the path is not the route's. */
function match(parts: Part[], seg: string[]): string[] | undefined {
	if (parts.length !== seg.length) return undefined;
	const args: string[] = [];
	for (const [i, part] of parts.entries()) {
		if ('word' in part) {
			if (part.word !== seg[i]) return undefined;
		} else if (seg[i].endsWith(part.ext))
			args.push(seg[i].slice(0, seg[i].length - part.ext.length));
		else return undefined;
	}
	return args;
}

/** The answer of the first route that answers the call, or 404 with a body of one space. */
export function route(c: Call): Answer {
	for (const r of ROUTES) {
		const args = r.method === c.method ? match(r.parts, c.seg) : undefined;
		const answer = args && r.handle(c, ...args);
		if (answer !== undefined) return answer;
	}
	return NOT_FOUND;
}

export type { Answer, Call } from './types';
export { jsonAnswer, textAnswer } from './types';
