import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireEmail } from '../../../helpers/validation';
import { continueOrStop } from '../../itemLoop';
import type { ImportPerson } from '../../memberImport';
import { readMemberFields } from '../../memberFields';
import { itemFieldReader, perItem } from '../../parameters';

/** One person the list should hold: every input item with their address, read as one. */
export interface SyncPerson extends ImportPerson {
	/** The address in lower case: Mad Mimi knows one member per address, whatever its case. */
	key: string;
	/** The service's field name → the value given (the later item's where two give one). */
	columns: Record<string, string>;
	/** The service's field name → the name the output gives it (`first_name` → `firstName`). */
	labels: Record<string, string>;
	/** Every input item holding the address, in input order; the person is the last one's (`itemIndex`). */
	items: number[];
}

/** The run's input, read: its people, the items that could not be read, and who must stay. */
export interface SyncInput {
	/** In the order of each person's first item. */
	people: SyncPerson[];
	/** The error items of items that could not be read (Continue On Fail), by input item. */
	failed: Map<number, IDataObject>;
	/**
	 * Addresses of items whose address was read but whose fields were not: they take no part in
	 * the plan, and are never taken off the list for being missing from it.
	 */
	kept: Set<string>;
	/** How many input items there are. */
	itemCount: number;
}

/**
 * Reads every input item as Create or Update does (`email`, `additionalFields`; each read once
 * when it holds no expression: perItem), and joins the items of one address into one person, the
 * later items' fields over the earlier ones'. An item that cannot be read (no valid address, a
 * custom field that cannot be a field) fails alone with Continue On Fail; without it the run stops
 * here, before any request.
 */
export function readSyncInput(ctx: IExecuteFunctions, itemCount: number, list: string): SyncInput {
	// `{{ $json.email }}` and the like are read from the item itself (itemFieldReader): the same
	// values as n8n's expression engine gives, a hundred times faster on 100,000 people
	const emailField = itemFieldReader(ctx, 'email');
	const emailOf = perItem(ctx, 'email', (i) =>
		requireEmail(emailField ? emailField(i) : ctx.getNodeParameter('email', i, ''), 'Email'),
	);
	const mappedFields = itemFieldReader(ctx, 'additionalFields');
	const fieldsOf = perItem(ctx, 'additionalFields', (i) =>
		readMemberFields(ctx, i, 'additionalFields', mappedFields?.(i)),
	);
	const input: SyncInput = { people: [], failed: new Map(), kept: new Set(), itemCount };
	const byKey = new Map<string, SyncPerson>();
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		let email: string;
		try {
			email = emailOf(itemIndex);
		} catch (error) {
			input.failed.set(itemIndex, continueOrStop(ctx, error, itemIndex));
			continue;
		}
		const key = email.toLowerCase();
		let fields: ReturnType<typeof fieldsOf>;
		try {
			fields = fieldsOf(itemIndex);
		} catch (error) {
			input.failed.set(itemIndex, { email, ...continueOrStop(ctx, error, itemIndex) });
			input.kept.add(key);
			continue;
		}
		const known = byKey.get(key);
		if (known) {
			Object.assign(known.columns, fields.columns);
			Object.assign(known.labels, fields.labels);
			known.items.push(itemIndex);
			known.itemIndex = itemIndex;
			known.email = email;
			continue;
		}
		const person: SyncPerson = {
			itemIndex,
			email,
			key,
			lists: [list],
			optOut: false,
			columns: { ...fields.columns },
			labels: { ...fields.labels },
			items: [itemIndex],
		};
		byKey.set(key, person);
		input.people.push(person);
	}
	// an address whose fields failed in one item is kept out of the plan, whatever its other items say
	if (input.kept.size > 0) {
		input.people = input.people.filter((person) => {
			if (!input.kept.has(person.key)) return true;
			for (const itemIndex of person.items)
				input.failed.set(itemIndex, {
					email: person.email,
					action: 'skipped',
					reason: 'another item with this address could not be read, so nothing is done for it',
				});
			return false;
		});
	}
	return input;
}
