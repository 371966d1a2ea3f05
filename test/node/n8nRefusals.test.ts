/**
 * What n8n itself refuses before the node runs, from the node's description: a required field
 * left empty, and a typed resource-locator value that does not fit its mode. Each is refused
 * with n8n's message and nothing reaches Mad Mimi.
 */
import { DEMO_IDS } from '../../emulator';
import { nodeParams, refusedBeforeAnyRequest, useEmulator } from './setup';

const env = useEmulator();

const locator = (mode: string, value: string) => ({ __rl: true, mode, value });

refusedBeforeAnyRequest(env, [
	{
		name: 'Signup Form → Get with the required Webform ID left empty',
		parameters: nodeParams('signupForm', 'get', { webformId: '' }),
		message: /Parameter "Webform ID" is required/,
	},
	{
		name: 'Analytics Domain → Add with the required Domain left empty',
		parameters: nodeParams('analyticsDomain', 'add', { domain: '' }),
		message: /Parameter "Domain" is required/,
	},
	{
		name: 'Audience List → Create with the required Name left empty',
		parameters: nodeParams('audienceList', 'create', { name: '' }),
		message: /Parameter "Name" is required/,
	},
	{
		name: 'Email → Send with the required Promotion left empty',
		parameters: nodeParams('email', 'send', { promotionName: '', recipient: 'jane@example.com' }),
		message: /Parameter "Promotion" is required/,
	},
	{
		name: 'Addon → Toggle with the required Addon left empty',
		parameters: nodeParams('addon', 'toggle', { addon: locator('list', '') }),
		message: /Parameter "Addon" is required/,
	},
	{
		name: 'Addon → Toggle with a typed ID of letters',
		parameters: nodeParams('addon', 'toggle', { addon: locator('id', 'abc') }),
		message: /An addon ID is a number, e\.g\. 3/,
	},
	{
		name: 'Addon → Toggle with a typed key with a space',
		parameters: nodeParams('addon', 'toggle', { addon: locator('key', 'ab testing') }),
		message: /A key has only letters, digits, underscores and hyphens, e\.g\. ab_testing/,
	},
	{
		name: 'Mailing → Get Stats with a typed mailing ID that is not a number',
		parameters: nodeParams('mailing', 'getStats', {
			promotionId: locator('id', String(DEMO_IDS.promotions.weeklyDigest)),
			mailingId: locator('id', 'latest'),
		}),
		message: /mailing ID is a whole number/,
	},
	{
		name: 'Promotion → Trash with a typed ID that is not a number',
		parameters: nodeParams('promotion', 'trash', { promotionId: locator('id', 'abc') }),
		message: /promotion ID is a whole number/,
	},
]);
