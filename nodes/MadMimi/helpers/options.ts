import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { InputError, printable } from './validation';

/** Letters and digits only, lower case: `Clicked Thru`, `clicked-thru` and `clickedThru` alike. */
const loose = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The option an options field's value names, or undefined. An expression, or an AI model filling
 * the field, may give an option's name ("Clicked Thru") or its value in another case or spelling:
 * either is taken.
 */
function optionNamed(property: INodeProperties, given: unknown): string | undefined {
	const options = (property.options ?? []) as INodePropertyOptions[];
	const exact = options.find((option) => option.value === given);
	if (exact) return exact.value as string;
	const wanted = loose(String(given ?? ''));
	const near = options.find(
		(option) => loose(String(option.value)) === wanted || loose(option.name) === wanted,
	);
	return near ? (near.value as string) : undefined;
}

/** Why a value is refused by an options field, with the values the field takes. */
function refusedOption(
	property: INodeProperties,
	given: unknown,
): { message: string; description: string } {
	const options = (property.options ?? []) as INodePropertyOptions[];
	return {
		message: `The field "${property.displayName}" cannot be "${printable(String(given ?? ''))}"`,
		description: `Give one of: ${options.map((option) => (String(option.value) === option.name ? option.name : `${String(option.value)} (${option.name})`)).join(', ')}.`,
	};
}

export function optionsField(properties: INodeProperties[], name: string): INodeProperties {
	const property = properties.find((p) => p.name === name && p.type === 'options');
	if (!property) throw new Error(`No options field "${name}" among the operation's fields`);
	return property;
}

/**
 * The value given to the options field `name` (among `properties`, the operation's fields), as
 * `optionNamed` takes it; anything else is an InputError, with the values the field takes.
 */
export function optionValue<T extends string>(
	properties: INodeProperties[],
	name: string,
	given: unknown,
): T {
	const property = optionsField(properties, name);
	const value = optionNamed(property, given);
	if (value !== undefined) return value as T;
	const { message, description } = refusedOption(property, given);
	throw new InputError(message, description);
}
