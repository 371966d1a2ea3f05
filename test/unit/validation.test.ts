import { hasControlChars, isEmail, printable } from '../../nodes/MadMimi/helpers/validation';
import { itemsByPlace } from '../../nodes/MadMimi/actions/audienceMember/import/common';

describe('isEmail', () => {
	test.each([
		'jane@example.com',
		'Jane.Doe@Example.COM',
		'jane+newsletter@example.com',
		'jane.doe+tag+more@mail.example.co.uk',
		'j_d-o.e@sub-domain.example.org',
		"o'brien@example.ie",
		'1234@example.com',
		'jane@bücher.de',
		'jane@例え.テスト',
		'zoë@exämple.com',
		'jane@xn--bcher-kva.de',
		'a@b.co',
	])('accepts %p', (address) => {
		expect(isEmail(address)).toBe(true);
	});

	test.each([
		['empty', ''],
		['missing @', 'jane.example.com'],
		['two @', 'jane@doe@example.com'],
		['nothing before @', '@example.com'],
		['nothing after @', 'jane@'],
		['no dot in domain', 'jane@localhost'],
		['space inside', 'jane doe@example.com'],
		['space in domain', 'jane@exa mple.com'],
		['leading space', ' jane@example.com'],
		['trailing space', 'jane@example.com '],
		['non-breaking space', 'jane\u00a0doe@example.com'],
		['tab', 'jane\t@example.com'],
		['line break', 'jane@example.com\n'],
		['CR LF injection', 'jane@example.com\r\nBcc: x@y.com'],
		['NUL', 'jane\u0000@example.com'],
		['DEL', 'jane\u007f@example.com'],
		['double dot in local part', 'a..b@x.com'],
		['double dot in domain', 'jane@example..com'],
		['trailing dot domain', 'jane@example.com.'],
		['one-letter TLD', 'jane@example.c'],
		['display name form', 'Jane <jane@example.com>'],
		['comma list', 'a@x.com,b@x.com'],
		['semicolon list', 'a@x.com;b@x.com'],
		['too long', `${'a'.repeat(250)}@example.com`],
	])('rejects %s (%p)', (_name, address) => {
		expect(isEmail(address)).toBe(false);
	});
});

describe('hasControlChars', () => {
	test.each(['\u0000', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f', 'abc\ndef'])(
		'finds a control char in %p',
		(text) => {
			expect(hasControlChars(text)).toBe(true);
		},
	);
	test.each(['', 'plain text', 'Zoë 😀 日本', ' spaces ', '~!@#$%^&*()'])(
		'finds none in %p',
		(text) => {
			expect(hasControlChars(text)).toBe(false);
		},
	);
});

describe('printable', () => {
	test('control characters are shown as \\u escapes', () => {
		expect(printable('a\nb\tc\u0000d\u007f')).toBe('a\\u000ab\\u0009c\\u0000d\\u007f');
	});
	test('ordinary text, including unicode, is unchanged', () => {
		expect(printable('Zoë 😀 日本')).toBe('Zoë 😀 日本');
	});
	test('long text is cut at 80 characters with an ellipsis', () => {
		const out = printable('x'.repeat(200));
		expect(out).toBe(`${'x'.repeat(80)}…`);
	});
	test('text of exactly 80 characters is not cut', () => {
		expect(printable('y'.repeat(80))).toBe('y'.repeat(80));
	});

	// a cut on UTF-16 code units would leave a lone high surrogate where an emoji straddles position 80
	test('cutting never splits a surrogate pair', () => {
		const out = printable(`a${'😀'.repeat(100)}`);
		expect(out.endsWith('…')).toBe(true);
		expect(out.slice(0, -1)).not.toMatch(/[\uD800-\uDBFF]$/);
	});
});

describe('items as a person counts them', () => {
	test.each([
		[[3], 'the 4th item'],
		[[0, 1], 'the 1st and 2nd items'],
		[[0, 10, 11, 12, 20], 'the 1st, 11th, 12th, 13th and 21st items'],
		[[1, 2, 3, 4, 5, 6, 7], 'the 2nd, 3rd, 4th, 5th, 6th, … (7 in all) items'],
	])('%j → %s', (indexes, text) => {
		expect(itemsByPlace(indexes)).toBe(text);
	});
});
