/**
 * Bad input refused before any request: malformed emails, dates and ranges, and required fields
 * left empty by an expression, each with a message naming the field, with and without
 * "Continue On Fail".
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Emulator } from '../../emulator';
import { runNode } from '../harness';
import { logs } from './capture';
import { byItem, hunt } from './checks';
import { byName } from './support';
import { nodeParams } from '../node/setup';

interface RefusalCase {
	name: string;
	parameters: INodeParameters;
	/** Values given through `{{ $json.v }}`; each must be refused. */
	values: unknown[];
	message: RegExp;
	/** Extra fields on every input item. */
	extra?: IDataObject;
}

const EMPTY_VALUES: unknown[] = ['', '   ', null, '\t\n'];
const NOT_EMAILS = [
	'plainaddress',
	'a@b',
	'a..b@example.com',
	'<a@example.com>',
	'mailto:a@example.com?x',
	'@example.com',
	'a@',
	...['a b@example.com', 'a@example.com, b@example.com', 'a@example.com\nBcc: x@example.com'],
	'a@exa mple.com',
];
const NOT_DATES = [
	'2024-02-30',
	'2024-13-01',
	'2024-01-01T25:00:00',
	'2024-01-01T10:61:00',
	'12/31/2024',
	'2024-1-1',
	'NaN',
	'Infinity',
	'2024-01-01T00:00:00+25:00',
	'{}',
	...['last tuesday', 'tomorrow at noon'],
];

const REFUSALS: RefusalCase[] = [
	{
		name: 'malformed emails (audienceList.addMember)',
		parameters: nodeParams('audienceList', 'addMember', {
			list: byName('Newsletter'),
			email: '={{ $json.v }}',
		}),
		values: NOT_EMAILS,
		message: /^The field "Email" is not a valid email address/,
	},
	{
		name: 'malformed emails (childAccount.create)',
		parameters: nodeParams('childAccount', 'create', {
			email: '={{ $json.v }}',
			password: 'pw-123456',
		}),
		values: NOT_EMAILS,
		message: /^The field "Email" is not a valid email address/,
	},
	{
		name: 'malformed dates (audienceMember.getOptedOut)',
		parameters: { resource: 'audienceMember', operation: 'getOptedOut', since: '={{ $json.v }}' },
		values: NOT_DATES,
		message: /^The field "Since" is (not a valid date|not a date n8n can read)/,
	},
	{
		name: 'malformed dates (audienceMember.countNew start)',
		parameters: nodeParams('audienceMember', 'countNew', {
			start: '={{ $json.v }}',
			end: '2024-05-01T00:00:00Z',
		}),
		values: NOT_DATES,
		message: /^The field "Start" is (not a valid date|not a date n8n can read)/,
	},
	{
		name: 'malformed dates (promotion.getTransactionalCount)',
		parameters: nodeParams('promotion', 'getTransactionalCount', {
			promotionName: 'API: Receipt',
			date: '={{ $json.v }}',
		}),
		values: NOT_DATES,
		message: /^The field "Date" is (not a valid date|not a date n8n can read)/,
	},
	{
		name: 'reversed ranges (audienceMember.countNew)',
		parameters: nodeParams('audienceMember', 'countNew', {
			start: '={{ $json.v }}',
			end: '={{ $json.end }}',
		}),
		values: ['2024-05-02T00:00:00Z', '2024-05-01T00:00:01Z', '2030-01-01T00:00:00Z'],
		extra: { end: '2024-05-01T00:00:00Z' },
		message: /^The field "End" is before "Start"$/,
	},
	{
		name: 'reversed ranges (promotion.search by date)',
		parameters: nodeParams('promotion', 'search', {
			searchBy: 'dateRange',
			fromDate: '={{ $json.v }}',
			toDate: '2024-06-01T00:00:00',
		}),
		values: ['2024-06-02T00:00:00', '2024-06-01T00:00:01', '2099-01-01T00:00:00'],
		message: /^The field "To" is before "From"$/,
	},
	{
		name: 'empty list name (audienceList.create)',
		parameters: { resource: 'audienceList', operation: 'create', name: '={{ $json.v }}' },
		values: EMPTY_VALUES,
		message: /^The field "Name" is empty$/,
	},
	{
		name: 'empty email (audienceMember.isSuppressed)',
		parameters: { resource: 'audienceMember', operation: 'isSuppressed', email: '={{ $json.v }}' },
		values: EMPTY_VALUES,
		message: /^The field "Email" is empty$/,
	},
	{
		name: 'empty promotion name (promotion.save)',
		parameters: nodeParams('promotion', 'save', {
			promotionName: '={{ $json.v }}',
			contentSource: 'html',
			rawHtml: '<p>x</p>',
		}),
		values: EMPTY_VALUES,
		message: /^The field "Promotion Name" is empty$/,
	},
	{
		name: 'empty HTML (promotion.save)',
		parameters: nodeParams('promotion', 'save', {
			promotionName: 'X',
			contentSource: 'html',
			rawHtml: '={{ $json.v }}',
		}),
		values: EMPTY_VALUES,
		message: /^The field "HTML" is empty$/,
	},
	{
		name: 'empty domain (analyticsDomain.add)',
		parameters: { resource: 'analyticsDomain', operation: 'add', domain: '={{ $json.v }}' },
		values: EMPTY_VALUES,
		message: /^The field "Domain" is empty$/,
	},
	{
		name: 'empty email (childAccount.create)',
		parameters: nodeParams('childAccount', 'create', {
			email: '={{ $json.v }}',
			password: 'pw-123456',
		}),
		values: EMPTY_VALUES,
		message: /^The field "Email" is empty$/,
	},
	{
		name: 'empty password (childAccount.create)',
		parameters: nodeParams('childAccount', 'create', {
			email: 'new.child@example.com',
			password: '={{ $json.v }}',
		}),
		values: ['', null],
		message: /^The field "Password" is empty$/,
	},
];

export function refusals(env: { readonly emulator: Emulator }): void {
	test.each(REFUSALS)('$name: refused before any request, naming the field', async (c) => {
		const input = c.values.map((v) => ({ json: { v, ...c.extra } as IDataObject }));
		// a missing field (undefined) too, where emptiness is what is tested
		if (c.message.source.includes('is empty')) input.push({ json: { ...c.extra } });
		const mark = logs.mark();
		const result = await runNode({ parameters: c.parameters, continueOnFail: true }, input);
		const stop = await runNode({ parameters: c.parameters }, input);
		expect(hunt(c.name, result, mark)).toEqual([]);
		expect(env.emulator.requests).toEqual([]);
		const groups = byItem(result.items, input.length);
		const wrong = groups
			.map((out, i) => ({ value: input[i].json.v, out: out.map((o) => o.json) }))
			.filter(
				({ out }) =>
					out.length !== 1 ||
					typeof out[0].error !== 'string' ||
					!c.message.test(String(out[0].error)) ||
					out[0].httpCode !== undefined,
			);
		expect(wrong).toEqual([]);
		// without Continue On Fail the first item stops the run, named
		expect(stop.error?.message).toMatch(c.message);
		expect(stop.error?.context?.itemIndex).toBe(0);
		expect(String(stop.error?.description ?? '').length).toBeGreaterThan(10);
	});
}
