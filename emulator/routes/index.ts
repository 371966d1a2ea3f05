/**
 * The API's endpoints, one route module per group: audience (the spec's lists and members),
 * members (the member endpoints beyond the spec; it shares `audience_members` and `audience_lists`
 * with audience, asked after it), promotions, extras, mailer (the Mailer).
 *
 * To add a group: write `routes/<group>.ts` exporting a RouteModule (`name`, the first path segments it answers in
 * `roots`, and `handle(call)` returning an Answer, or undefined for a path that is not one of its
 * own), and list it in ROUTE_MODULES. Several modules may share a root (the member endpoints can
 * claim `audience_members` beside routes/audience.ts): they are asked in this order and the first
 * answer wins. Mark an answer whose names are our guess with guessedXml / guessedJson so that the
 * second vocabulary applies to it; a recorded answer uses xmlAnswer / jsonAnswer / textAnswer.
 */
import { audienceRoutes } from './audience';
import { extrasRoutes } from './extras';
import { mailerRoutes } from './mailer';
import { memberRoutes } from './members';
import { promotionRoutes } from './promotions';
import { NOT_FOUND } from './types';
import type { Answer, Call, RouteModule } from './types';

const ROUTE_MODULES: readonly RouteModule[] = [
	audienceRoutes,
	memberRoutes,
	promotionRoutes,
	extrasRoutes,
	mailerRoutes,
];

/** The answer of the first module that answers the call, or 404 with a body of one space. */
export function route(c: Call, modules: readonly RouteModule[] = ROUTE_MODULES): Answer {
	const root = c.seg[0] ?? '';
	for (const module of modules) {
		if (!module.roots.includes(root)) continue;
		const answer = module.handle(c);
		if (answer !== undefined) return answer;
	}
	return NOT_FOUND;
}

export type { Answer, Call } from './types';
export { jsonAnswer, textAnswer } from './types';
