import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { printable } from '../../helpers/validation';
import { itemError } from '../itemLoop';

export function domainField(description: string): INodeProperties {
	return {
		displayName: 'Domain',
		name: 'domain',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. shop.example.com',
		description,
		hint: 'The host name only, without https:// or a path',
	};
}

// one label: letters, digits and inner hyphens, at most 63 characters
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
// the last label: letters (or an IDN in xn-- form)
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/** Whether a text is a host name with at least two labels (example.com), after IDN conversion. */
function isHostName(text: string): boolean {
	if (text.length === 0 || text.length > 253) return false;
	const labels = text.split('.');
	if (labels.length < 2) return false;
	return labels.every((l) => LABEL.test(l)) && TOP_LABEL.test(labels[labels.length - 1]);
}

/** The IDN form of a host name (bücher.de → xn--bcher-kva.de), or undefined when it is none. */
function asciiHost(text: string): string | undefined {
	// plain ASCII host names need no conversion
	if (/^[\x21-\x7e]*$/.test(text)) return text;
	try {
		const host = new URL(`http://${text}/`).hostname;
		return host === '' ? undefined : host;
	} catch {
		return undefined;
	}
}

/** The `domain` field, trimmed and checked to be a host name, before any request. */
export function requireDomain(ctx: IExecuteFunctions, itemIndex: number): string {
	const value = ctx.getNodeParameter('domain', itemIndex, '') as unknown;
	const domain = (value === undefined || value === null ? '' : String(value))
		.trim()
		.replace(/\.$/, '');
	if (domain === '') {
		throw itemError(
			ctx,
			itemIndex,
			'The field "Domain" is empty',
			'Give a domain such as example.com or shop.example.com.',
		);
	}
	if (/^[a-z][a-z0-9+.-]*:\/\//i.test(domain) || domain.includes('/')) {
		throw itemError(
			ctx,
			itemIndex,
			`The field "Domain" is not a domain name: "${printable(domain)}"`,
			'Give the host name only, e.g. shop.example.com for https://shop.example.com/cart: no https://, no path.',
		);
	}
	const ascii = /[\s:@?#\\%]/.test(domain) ? undefined : asciiHost(domain);
	if (ascii === undefined || !isHostName(ascii)) {
		throw itemError(
			ctx,
			itemIndex,
			`The field "Domain" is not a domain name: "${printable(domain)}"`,
			'A domain looks like example.com or shop.example.com: letters, digits and hyphens, parts separated by dots, no spaces.',
		);
	}
	return domain;
}
