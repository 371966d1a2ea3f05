import type { INodeProperties } from 'n8n-workflow';

/*
 * What an AI model is told each operation does, when the node is an AI Agent's tool.
 *
 * n8n describes a node used as a tool by its operation's `action` text followed by "in <node>"
 * (n8n-workflow's makeDescription, "Set Automatically"): the editor's short action texts ("Get
 * many members") tell a model nothing of what the tool needs or returns. The tool variant of the
 * node gets these texts instead (MadMimi.node.ts, `usableAsTool.replacements`), so the editor's
 * panel keeps its short ones. Each says what the tool does, what it needs (with formats), what it
 * returns, and any filter applied by default. n8n appends " in Mad Mimi".
 */

/** By `resource:operation`; a test checks that every operation has one. */
export const TOOL_ACTIONS: Readonly<Record<string, string>> = {
	'audienceMember:createOrUpdate':
		"Adds a person to the audience by email address, or updates the member with that address, optionally putting them on a list (the list's exact name) with first name, last name and custom fields (a JSON object). Returns the member's fields, the list and the import ID",
	'audienceMember:get':
		'Gets one member by email address (opted out or not). Returns the member\'s fields, whether they opted out ("suppressed") and their lists; fails when there is no such member',
	'audienceMember:getAll':
		"Lists audience members, newest first by default, up to a limit (50 unless set), optionally only one list's. Opted-out members are left out unless asked for. Returns one record per member; a last record says when there are more, and how many",
	'audienceMember:search':
		'Finds members whose email address or name contains a text (at most 100). Opted-out members are left out unless asked for. Returns one record per member',
	'audienceMember:update':
		"Changes a member's fields (first name, last name, custom fields as a JSON object) and adds them to or removes them from lists (exact names, comma-separated). Returns what was changed",
	'audienceMember:updateEmail':
		"Changes a member's email address (current address, new address). Returns both addresses",
	'audienceMember:isSuppressed':
		'Tells whether the member with an email address opted out (unsubscribed). Returns { email, suppressed: true or false }',
	'audienceMember:suppress':
		'Opts an email address out: Mad Mimi sends it no more promotions. Returns the address',
	'audienceMember:unsuppress':
		'Opts an opted-out member back in, so they receive promotions again. Returns the address',
	'audienceMember:getLists':
		'Gets the lists a member (by email address) is on. Returns one record per list',
	'audienceMember:getOptedOut':
		'Lists the email addresses that opted out since a date (ISO 8601; the last 7 days by default). Returns one record per address',
	'audienceMember:getPromotionAttempts':
		'Gets the emails and mailings sent to a member (by email address), with whether each was opened, clicked or bounced',
	'audienceMember:countNew':
		'Counts the members added between two dates (ISO 8601; the last 7 days by default). Returns { count }',
	'audienceMember:import':
		'Imports members in bulk from input items, a CSV or text, optionally onto a list (its exact name). Returns one record per person imported',
	'email:send':
		'Sends one email to one person (an email address): a saved promotion, by its exact name, with optional placeholder values. Returns the transaction ID (text) to check its delivery with Get Status',
	'email:getStatus':
		'Gets the delivery status of an email sent before, by its transaction ID (20 digits, as text): sent, received, bounced, opened, clicked, opted out…',
	'audienceList:getAll':
		"Lists the audience lists of the account, up to a limit (50 unless set). Returns each list's name, ID and member count",
	'audienceList:create': 'Creates an audience list with a new name. Returns its ID and name',
	'audienceList:delete':
		'Deletes an audience list (its exact name); its members stay in the audience',
	'audienceList:addMember':
		'Puts an existing member (email address) on a list (its exact name). New people: use the create-or-update tool',
	'audienceList:removeMember': 'Takes a member (email address) off a list (its exact name)',
	'audienceList:rename': 'Renames a list (its exact name) to a new name; its members stay on it',
	'audienceList:clear': 'Takes every member off a list (its exact name) and keeps the list',
	'promotion:getAll':
		'Lists the promotions (email designs) of the account, newest first, up to a limit (50 unless set), each with its mailings. Returns one record per promotion',
	'promotion:search':
		'Finds promotions by a text in their name, an exact name, an ID, or a date range (ISO 8601). Returns one record per promotion with its mailings',
	'promotion:save':
		'Creates a promotion (email design) from HTML or text, or replaces the content of the one with that exact name. Returns its ID',
	'promotion:send':
		'Sends a saved promotion (its exact name) to lists (exact names, comma-separated) or to the whole audience, as a new mailing to every member on them. Returns the mailing ID and the promotion ID, to read its statistics',
	'promotion:trash':
		'Moves a promotion (its ID, a number) to the trash; its mailings and statistics stay',
	'promotion:getTransactionalCount':
		'Counts the transactional emails sent with a promotion (its exact name) on a day (YYYY-MM-DD). Returns { count }',
	'mailing:getAll':
		"Lists mailings (sends of a promotion), newest first, up to a limit (50 unless set), optionally sent after or before a date (ISO 8601) or of one promotion (its ID). Returns each mailing's ID, promotion ID and name, subject and send dates",
	'mailing:getStats':
		'Gets the statistics of a mailing (promotion ID and mailing ID, numbers): sent, views (opens), clicks, bounces, unsubscribes, spam reports',
	'mailing:getRecipients':
		'Lists the recipients of a mailing (promotion ID, mailing ID) with an outcome: sent, read, clickedThru, optOut, bounced, forwarded or abused, up to a limit (50 unless set)',
	'mailing:getLinks': 'Lists the links of a mailing (promotion ID, mailing ID) with their clicks',
	'addon:getAll': "Lists the account's addons with whether each is activated",
	'addon:getAvailable':
		'Lists every addon Mad Mimi offers, with its description and whether it is paid',
	'addon:activate':
		'Activates an addon (its key or ID) unless it is already active. Returns its status',
	'addon:deactivate':
		'Deactivates an addon (its key or ID) unless it is already inactive. Returns its status',
	'addon:toggle':
		'Switches an addon (its key or ID) to the other status. Prefer activate or deactivate: they say which status they leave',
	'analyticsDomain:getAll':
		"Lists the account's analytics domains (links to them get Google Analytics tracking)",
	'analyticsDomain:add': 'Adds an analytics domain (e.g. example.com)',
	'analyticsDomain:delete': 'Removes an analytics domain (e.g. example.com)',
	'socialLink:getAll':
		"Lists the account's social links: each network's key and the address set for it",
	'socialLink:getAvailable':
		'Lists the social networks Mad Mimi can link to, with their keys and address formats',
	'socialLink:update':
		'Sets the address of one or more social links (key and URL); the others stay',
	'childAccount:getAll':
		'Lists the child accounts of the account, with their email addresses and names',
	'childAccount:create':
		'Creates a child account (email address, password, names). Returns its API key',
	'childAccount:update': 'Changes the details of a child account (its email address)',
	'childAccount:delete': 'Deletes a child account (its email address)',
	'childAccount:setPermissions':
		'Sets which lists (exact names, comma-separated) a child account (email address) can use fully, only read, or not see',
	'dripCampaign:getAll': 'Lists the drip campaigns of the account, each with its drips',
	'signupForm:get': 'Gets a signup form by its ID (a number): its fields and addresses',
};

/** Shown only in n8n's tool variant of the node (its type's name ends in "Tool": n8n's `@tool` display condition). */
const IN_TOOL = { '@tool': [true] };

/**
 * The tool variant's description fields, in place of the two n8n adds to a tool (its "Set
 * Automatically" gives the short action text, and n8n 2.8 and 2.41 build the tool they run from
 * the node's own fields: `usableAsTool.replacements` reach the editor only). n8n uses a tool's
 * `toolDescription` as the model's description unless `descriptionType` is "auto": "Detailed"
 * gives the words above, by a hidden field per operation; "Set Manually", the user's own text.
 */
export function toolDescriptionFields(
	operations: Array<{ resource: string; operation: string }>,
): INodeProperties[] {
	const detailed: INodeProperties[] = operations.map(({ resource, operation }) => ({
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'hidden',
		default: `${TOOL_ACTIONS[`${resource}:${operation}`]} in Mad Mimi`,
		displayOptions: {
			show: {
				...IN_TOOL,
				descriptionType: ['detailed'],
				resource: [resource],
				operation: [operation],
			},
		},
	}));
	return [
		{
			displayName: 'Tool Description',
			name: 'descriptionType',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Detailed',
					value: 'detailed',
					description:
						'What the operation does, what it needs and what it returns, written for a model',
				},
				{ name: 'Set Manually', value: 'manual', description: 'A description of your own' },
			],
			default: 'detailed',
			displayOptions: { show: IN_TOOL },
		},
		{
			displayName: 'Description',
			name: 'toolDescription',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			required: true,
			description: 'Explain to the model what this tool does, what it needs and what it returns',
			displayOptions: { show: { ...IN_TOOL, descriptionType: ['manual'] } },
		},
		...detailed,
	];
}
