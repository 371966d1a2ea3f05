import { defineResource } from '../types';
import * as getAll from './getAll.operation';
import * as getTransactionalCount from './getTransactionalCount.operation';
import * as save from './save.operation';
import * as search from './search.operation';
import * as send from './send.operation';
import * as trash from './trash.operation';

export const resource = defineResource({
	displayName: 'Promotion',
	value: 'promotion',
	defaultOperation: 'getAll',
	operations: [
		{
			name: 'Get Many',
			value: 'getAll',
			description: 'Get the promotions of the account, with their mailings',
			action: 'Get many promotions',
			forModel:
				'Lists the promotions (email designs) of the account, the most recently changed first (as Mad Mimi orders them; sending a promotion does not move it: use Mailing → Get Many for recent sends), up to a limit (50 unless set), each with its mailings. Returns one record per promotion',
			run: getAll,
		},
		{
			name: 'Get Transactional Count',
			value: 'getTransactionalCount',
			description: 'Count the transactional emails sent with a promotion on a day',
			action: 'Get transactional count of a promotion',
			forModel:
				'Counts the transactional emails sent with a promotion (its exact name) on a day (YYYY-MM-DD). Returns { count }',
			run: getTransactionalCount,
		},
		{
			name: 'Save',
			value: 'save',
			description: 'Create a promotion, or update the one with the same name',
			action: 'Save a promotion',
			forModel:
				'Creates a promotion (email design) from HTML or text, or replaces the content of the one with that exact name. Returns its ID',
			run: save,
		},
		{
			name: 'Search',
			value: 'search',
			description: 'Find promotions by name, ID or date',
			action: 'Search promotions',
			forModel:
				'Finds promotions by a text in their name, an exact name, an ID, or a date range (ISO 8601). Returns one record per promotion with its mailings',
			run: search,
		},
		{
			name: 'Send',
			value: 'send',
			description:
				'Send a promotion to chosen audience lists, or to the whole audience, as a new mailing',
			action: 'Send a promotion',
			forModel:
				'Sends a saved promotion (its exact name) to lists (exact names, comma-separated) or to the whole audience, as a new mailing to every member on them. Returns the mailing ID and the promotion ID, to read its statistics',
			run: send,
		},
		{
			name: 'Trash',
			value: 'trash',
			description: 'Move a promotion to the trash',
			action: 'Trash a promotion',
			forModel:
				'Moves a promotion (its ID, a number) to the trash; its mailings and statistics stay',
			run: trash,
		},
	],
});
