import { defineResource } from '../types';
import * as getAll from './getAll.operation';
import * as getLinks from './getLinks.operation';
import * as getRecipients from './getRecipients.operation';
import * as getStats from './getStats.operation';

export const resource = defineResource({
	displayName: 'Mailing',
	value: 'mailing',
	defaultOperation: 'getStats',
	operations: [
		{
			name: 'Get Links',
			value: 'getLinks',
			description: 'Get the links in a mailing, with their clicks',
			action: 'Get links of a mailing',
			forModel: 'Lists the links of a mailing (promotion ID, mailing ID) with their clicks',
			run: getLinks,
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description:
				'Get the mailings (sends) of the account, newest first by when they started sending, with their promotion; filter by date sent or promotion',
			action: 'Get many mailings',
			forModel:
				"Lists mailings (sends of a promotion), newest first by when they started sending, up to a limit (50 unless set), optionally sent after or before a date (ISO 8601) or of one promotion (its ID). A mailing not started yet, without send dates, comes first when it was made after the last send (queued), last when older (a draft). Returns each mailing's ID, promotion ID and name, subject and send dates",
			run: getAll,
		},
		{
			name: 'Get Recipients',
			value: 'getRecipients',
			description:
				'Get the recipients of a mailing by outcome: sent, views (opened), clicked, unsubscribed, bounced…',
			action: 'Get recipients of a mailing',
			forModel:
				'Lists the recipients of a mailing (promotion ID, mailing ID) with an outcome: sent, read, clickedThru, optOut, bounced, forwarded or abused, up to a limit (50 unless set)',
			run: getRecipients,
		},
		{
			name: 'Get Stats',
			value: 'getStats',
			description:
				'Get the counters of a mailing: sent, views (opened), clicked, unsubscribed, bounced…',
			action: 'Get stats of a mailing',
			forModel:
				'Gets the statistics of a mailing (promotion ID and mailing ID, numbers): sent, views (opens), clicks, bounces, unsubscribes, spam reports',
			run: getStats,
		},
	],
});
