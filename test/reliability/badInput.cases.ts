/**
 * Bad input: fuzzed list names, emails, addon keys and IDs given through expressions (as data
 * arrives in n8n). Each one either reaches the service as ONE encoded path segment carrying
 * exactly the value given (white space around it dropped, IDs as numbers), or is refused with a
 * message naming the field and no request. Malformed values refused before any request:
 * refusals.cases.ts.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Emulator, RecordedRequest } from '../../emulator';
import { runNode } from '../harness';
import { logs } from './capture';
import { byItem, hunt, isErrorItem } from './checks';
import { byName } from './support';
import { nodeParams } from '../node/setup';

/** C0 controls, DEL and C1 controls: what the node refuses in names. */
const hasControl = (text: string) =>
	[...text].some(
		(c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f),
	);
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Pieces that break paths, queries, encodings and parsers. */
const SPECIALS = [
	' ',
	'/',
	'?',
	'#',
	'%',
	'&',
	'=',
	'+',
	'..',
	'%2F',
	'%00',
	'%E9',
	'%%',
	'\\',
	';',
	':',
	'@',
	'"',
	"'",
	'<b>',
	'[x]',
	'{x}',
	'|',
	'^',
	'`',
	'~',
	'*',
	'!',
	'$',
	',',
];
const UNICODE = [
	'é',
	'Zoë',
	'日本語',
	'😀',
	'ß',
	'e\u0301',
	'\u202E',
	'ﬁ',
	'İ',
	...['\u200b', '\u00a0x', '\ufeff'],
];
const CONTROLS = ['\t', '\n', '\r\n', '\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085'];
const SURROGATES = ['\ud800', '\udfff'];

/** One fuzz value and what must happen to it. */
interface Fuzz {
	value: unknown;
	/** The path segment the service must receive, or undefined when the node must refuse it. */
	segment?: string;
}

function listFuzz(): Fuzz[] {
	const names: string[] = [];
	for (const p of [...SPECIALS, ...UNICODE]) names.push(`List ${p} A`, `${p}${p}end`);
	for (const p of [...CONTROLS, ...SURROGATES]) names.push(`bad${p}name`);
	names.push(
		'.',
		'..',
		'...',
		'./x',
		'a/../b',
		'../',
		'%2e%2e',
		'.%2E',
		'x/',
		'/x',
		'//',
		'?',
		'#',
		'%',
		...[' .. ', '  ', '', '  padded  ', 'a'.repeat(300)],
	);
	return names.map((value) => {
		const t = value.trim();
		const refused = t === '' || t === '.' || t === '..' || hasControl(t) || LONE_SURROGATE.test(t);
		return { value, segment: refused ? undefined : t };
	});
}

function emailFuzz(): Fuzz[] {
	const reach = [
		'a/b',
		'a?b',
		'a#b',
		'a%b',
		'a&b',
		'a=b',
		'a+b',
		'a!b',
		'a$b',
		'a*b',
		'a~b',
		"o'brien",
		'a{b}',
		'a|b',
		'a^b',
		'a`b',
		'%2F',
		'a%2Fb',
		'zoë',
		'日本',
		'😀',
		'first.last',
		'a-b_c',
	]
		.map((local) => `${local}@example.com`)
		.concat([
			'jane@exämple.com',
			'jane@例え.jp',
			'jane@ex-ample.co.uk',
			'UPPER@EXAMPLE.COM',
			' padded@example.com ',
		]);
	const refuse = [
		'a..b@example.com',
		'.a@example.com',
		'a.@example.com',
		'a@example..com',
		'plainaddress',
		'@example.com',
		'a@',
		'a@b',
		'a@@example.com',
		'<a@example.com>',
		'a,b@example.com',
		'a;b@example.com',
		'a:b@example.com',
		'"a"@example.com',
		'a\\b@example.com',
		'a(b)@example.com',
		'a[b]@example.com',
		'a@example.c',
		'mailto:a@example.com?x',
		'a@example.com, b@example.com',
		'a@example.com\nBcc: x@example.com',
		'a@exa mple.com',
		...['a b@example.com', ''],
	].concat([...CONTROLS, ...SURROGATES].map((c) => `a${c}b@example.com`));
	return [
		...reach.map((value) => ({ value, segment: value.trim() })),
		...refuse.map((value) => ({ value })),
	];
}

function addonKeyFuzz(): Fuzz[] {
	const reach = ['ab_testing', 'social_sharing', 'AB-1', 'x', '9lives', 'a_b-c_d', 'Z9'];
	const refuse = [
		'ab/testing',
		'ab?x',
		'ab#x',
		'ab%20x',
		'ab&x',
		'ab=x',
		'ab+x',
		'..',
		'.',
		'_lead',
		'-lead',
		'ünï',
		'😀',
		'\uD800',
		'ab.x',
		'ab:x',
		...['ab testing', 'ab\tx', 'ab\nx', ''],
	];
	return [
		...reach.map((value) => ({ value, segment: value })),
		...refuse.map((value) => ({ value })),
	];
}

function idFuzz(): Fuzz[] {
	const reach: Array<[unknown, string]> = [
		['3', '3'],
		[' 3 ', '3'],
		['0003', '3'],
		[3, '3'],
		['\t3\n', '3'],
	];
	const refuse: unknown[] = [
		'3/4',
		'3?x',
		'3#',
		'3%2F',
		'3&x=1',
		'3=',
		'+3',
		'-1',
		'0',
		'3.5',
		'1e3',
		'0x10',
		'٣',
		'３',
		'9007199254740993',
		'..',
		'abc',
		'null',
		...['3 4', '', '  ', -3, 0, 3.5],
	];
	return [
		...reach.map(([value, segment]) => ({ value, segment })),
		...refuse.map((value) => ({ value })),
	];
}

interface PathCase {
	name: string;
	field: string;
	fuzz: () => Fuzz[];
	parameters: INodeParameters;
	/** The segments of the request for a value's segment. */
	segments: (segment: string) => string[];
	/** The raw (encoded) path for a value's segment. */
	rawPath: (segment: string) => string;
	/** A request the operation makes after the one with the value in its path (its value is not in the path). */
	followUp?: RegExp;
}

const enc = encodeURIComponent;

const PATH_CASES: PathCase[] = [
	{
		name: 'list names (audienceList.addMember)',
		field: 'List',
		fuzz: listFuzz,
		parameters: nodeParams('audienceList', 'addMember', {
			list: byName('={{ $json.v }}'),
			email: 'ann.archer@example.com',
		}),
		segments: (s) => ['audience_lists', s, 'add'],
		rawPath: (s) => `/audience_lists/${enc(s)}/add`,
	},
	{
		name: 'list names (audienceList.delete, last segment)',
		field: 'List',
		fuzz: listFuzz,
		parameters: { resource: 'audienceList', operation: 'delete', list: byName('={{ $json.v }}') },
		segments: (s) => ['audience_lists', s],
		rawPath: (s) => `/audience_lists/${enc(s)}`,
	},
	{
		name: 'emails (audienceMember.getLists)',
		field: 'Email',
		fuzz: emailFuzz,
		parameters: { resource: 'audienceMember', operation: 'getLists', email: '={{ $json.v }}' },
		segments: (s) => ['audience_members', s, 'lists.xml'],
		rawPath: (s) => `/audience_members/${enc(s)}/lists.xml`,
	},
	{
		name: 'addon keys (addon.toggle, By Key)',
		field: 'Addon',
		fuzz: addonKeyFuzz,
		parameters: nodeParams('addon', 'toggle', {
			addon: { __rl: true, mode: 'key', value: '={{ $json.v }}' },
		}),
		segments: (s) => ['addon', s, 'toggle'],
		rawPath: (s) => `/addon/${enc(s)}/toggle`,
	},
	{
		name: 'promotion IDs (mailing.getStats)',
		field: 'Promotion',
		fuzz: idFuzz,
		parameters: nodeParams('mailing', 'getStats', {
			promotionId: { __rl: true, mode: 'id', value: '={{ $json.v }}' },
			mailingId: { __rl: true, mode: 'id', value: '34' },
		}),
		segments: (s) => ['promotions', s, 'mailings', '34.xml'],
		rawPath: (s) => `/promotions/${enc(s)}/mailings/34.xml`,
		// the promotion's name and the mailing's dates, searched by the ID as a query parameter
		followUp: /^\/promotions\/search\.xml$/,
	},
	{
		name: 'webform IDs (signupForm.get, last segment)',
		field: 'Webform ID',
		fuzz: idFuzz,
		parameters: { resource: 'signupForm', operation: 'get', webformId: '={{ $json.v }}' },
		segments: (s) => ['signups', `${s}.json`],
		rawPath: (s) => `/signups/${enc(s)}.json`,
	},
];

function show(value: unknown): string {
	return JSON.stringify(value);
}

export function pathFuzz(env: { readonly emulator: Emulator }): void {
	test.each(PATH_CASES)(
		'$name: each value is one exact path segment, or refused naming the field',
		async (c) => {
			const fuzz = c.fuzz();
			const input: INodeExecutionData[] = fuzz.map((f) => ({
				json: { v: f.value } as IDataObject,
			}));
			const mark = logs.mark();
			const result = await runNode({ parameters: c.parameters, continueOnFail: true }, input);
			expect(result.error).toBeUndefined();
			expect(hunt(c.name, result, mark)).toEqual([]);

			const groups = byItem(result.items, fuzz.length);
			const requests = env.emulator.requests.filter((r) => !c.followUp?.test(r.rawPath));
			const problems: string[] = [];
			let r = 0;
			fuzz.forEach((f, i) => {
				const out = groups[i];
				if (out.length === 0) {
					problems.push(`${show(f.value)}: no output item`);
					return;
				}
				const refusal =
					out.length === 1 && isErrorItem(out[0]) && out[0].json.httpCode === undefined
						? out[0]
						: undefined;
				if (f.segment === undefined) {
					// must be refused before any request, naming the field
					if (!refusal) {
						problems.push(`${show(f.value)}: not refused (${show(out.map((o) => o.json))})`);
						return;
					}
					if (!String(refusal.json.error).includes(`"${c.field}"`))
						problems.push(
							`${show(f.value)}: refusal does not name "${c.field}": ${String(refusal.json.error)}`,
						);
					return;
				}
				if (refusal) {
					problems.push(
						`${show(f.value)}: refused, should reach the service (${String(refusal.json.error)})`,
					);
					return;
				}
				const request: RecordedRequest | undefined = requests[r++];
				if (!request) {
					problems.push(`${show(f.value)}: no request`);
					return;
				}
				const segmentsOk =
					JSON.stringify(request.segments) === JSON.stringify(c.segments(f.segment));
				const rawOk = request.rawPath === c.rawPath(f.segment);
				if (!segmentsOk || !rawOk)
					problems.push(
						`${show(f.value)}: arrived as ${show(request.segments)} (${request.rawPath})`,
					);
			});
			if (r !== requests.length) {
				problems.push(
					`${requests.length - r} request(s) more than values that should reach the service`,
				);
			}
			expect(problems).toEqual([]);
		},
	);

	test('values in the form body and the query string arrive exactly as given', async () => {
		const values = [
			'A & B',
			'a=b&c=d',
			'100% sure',
			'plus+sign',
			'hash#tag',
			'slash/name',
			'q?x',
			'Zoë 日本語 😀',
			'quote \' " <b>',
			'semi;colon',
			'tab-less, comma',
		];
		const created = await runNode(
			{
				parameters: { resource: 'audienceList', operation: 'create', name: '={{ $json.v }}' },
				continueOnFail: true,
			},
			values.map((v) => ({ json: { v } })),
		);
		const searched = await runNode(
			{
				parameters: nodeParams('promotion', 'search', {
					searchBy: 'query',
					query: '={{ $json.v }}',
				}),
				continueOnFail: true,
			},
			values.map((v) => ({ json: { v } })),
		);
		expect(created.items.filter(isErrorItem)).toEqual([]);
		expect(searched.items.filter(isErrorItem)).toEqual([]);
		const forms = env.emulator.requests
			.filter((q) => q.path === '/audience_lists.json')
			.map((q) => q.form.name);
		const queries = env.emulator.requests
			.filter((q) => q.path === '/promotions/search.xml')
			.map((q) => q.query.query);
		expect(forms).toEqual(values);
		expect(queries).toEqual(values);
		for (const v of values) expect(env.emulator.store.lists.has(v)).toBe(true);
	});
}
