import type { IExecuteFunctions, NodeApiError } from 'n8n-workflow';

import type { MailContentSource } from '../../helpers/mailer';
import { printable } from '../../helpers/validation';
import { getMadMimiCredentials } from '../../transport';
import type { Refusal } from '../../transport/errors';
import { answerError } from '../../transport/errors';

/** The Mailer's 409: the promotion named does not exist, and the send brought no content of its own. */
export function promotionMissing(promotionName: string, source: MailContentSource): Refusal {
	return (status, text) => {
		if (status !== 409 && !/do not have a promotion/i.test(text)) return undefined;
		return {
			message: `Mad Mimi has no promotion named "${printable(promotionName)}"`,
			description:
				source === 'promotion'
					? 'Check the name (upper and lower case count) against Promotion → Get Many, or set "Content Source" to HTML or Plain Text: with content of its own, the send creates the promotion.'
					: 'Check the name (upper and lower case count) against Promotion → Get Many.',
		};
	};
}

/** An answer of 200 that is not what the operation expects (an ID, a word). */
export async function answerErrorFor(ctx: IExecuteFunctions, endpoint: string, itemIndex: number, reason: string, body: string): Promise<NodeApiError> {
	const credentials = await getMadMimiCredentials(ctx);
	return answerError({ node: ctx.getNode(), secrets: [credentials.apiKey], endpoint, itemIndex }, reason, body);
}
