import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { requirePathName } from '../MadMimi/helpers/validation';
import { listSearch } from '../MadMimi/methods';
import { inItem } from '../MadMimi/actions/parameters';
import { pollClient } from '../MadMimi/api/client';
import { check, nowSeconds } from './cursor';
import type { EventName } from './events';
import { triggerEvent } from './events';
import { listLocator } from '../MadMimi/locators/list';
import {
	CLOCK_SKEW_MARGIN_SECONDS,
	DEFAULT_FULL_CHECK_HOURS,
	HOUR_SECONDS,
	MAX_FULL_CHECK_HOURS,
} from '../MadMimi/settings';

/** What a poll returns: one item per record, or null when there is nothing (n8n then starts no execution). */
function pollOutput(records: IDataObject[] | null): INodeExecutionData[][] | null {
	return records && records.length > 0 ? [records.map((json) => ({ json }))] : null;
}

export class MadMimiTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Mad Mimi Trigger',
		name: 'madMimiTrigger',
		icon: { light: 'file:../MadMimi/madMimi.svg', dark: 'file:../MadMimi/madMimi.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ {"mailingSent": "Mailing sent", "memberAddedToList": "Member added to list", "memberOptedOut": "Member opted out", "newMember": "New member"}[$parameter["event"]] }}',
		// n8n's nodes panel shows this node and Mad Mimi as one entry, "Mad Mimi", with this
		// description in place of the action node's (its useActionsGeneration.ts, for a trigger
		// named after a node with actions): so it says what both do
		description:
			'Manage audience lists, members, promotions and mailing statistics in Mad Mimi, or start a workflow when someone joins the audience or a list, opts out, or a mailing is sent',
		defaults: { name: 'Mad Mimi Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'madMimiApi', required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Mailing Sent',
						value: 'mailingSent',
						description:
							'One item per mailing that finished sending: its ID, its promotion, when it started and finished',
					},
					{
						name: 'Member Added to List',
						value: 'memberAddedToList',
						description:
							'One item per person added to the list below: the member, and when they joined it',
					},
					{
						name: 'Member Opted Out',
						value: 'memberOptedOut',
						description: 'One item per address that opted out (unsubscribed)',
					},
					{
						name: 'New Member',
						value: 'newMember',
						description:
							'One item per person added to the audience: their address, names, fields and lists',
					},
				],
				default: 'memberOptedOut',
			},
			listLocator({
				description: 'The audience list to watch',
				displayOptions: { show: { event: ['memberAddedToList'] } },
			}),
			{
				// n8n's loader puts its own Poll Times (default every minute) first in every polling
				// node's parameters (n8n-core's DirectoryLoader.applySpecialNodeParameters, with
				// commonPollingParameters): no field of the description sets its default, and a
				// pollTimes parameter of the node's own would be a second "Poll Times" in the panel.
				// So the notice says what to change. README's Trigger section says the rest
				displayName:
					'Set Poll Times to every 15 minutes (Mode "Every X", Value 15, Unit "Minutes"): n8n\'s default, every minute, asks Mad Mimi 1,440 times a day. Nothing is missed or sent twice, whatever the interval.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						displayName: 'Full Check Every (Hours)',
						name: 'fullCheckHours',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: MAX_FULL_CHECK_HOURS },
						default: DEFAULT_FULL_CHECK_HOURS,
						displayOptions: { show: { '/event': ['memberAddedToList', 'mailingSent'] } },
						hint: 'Between these, each check asks Mad Mimi what changed; this reads the whole list (or every promotion) to find what that cannot show',
						description:
							'A join hidden by someone leaving between two checks, or a new mailing of an old promotion, comes at the latest after this many hours. Lower costs more requests.',
					},
					{
						displayName: 'Safety Margin (Seconds)',
						name: 'skewSeconds',
						type: 'number',
						typeOptions: { minValue: 0, maxValue: 3600 },
						default: CLOCK_SKEW_MARGIN_SECONDS,
						hint: "Each check looks this far back past the last one, in case n8n's clock and Mad Mimi's differ. Nothing is emitted twice.",
						description:
							'Raise it only if events go missing because the two clocks are far apart; the default suits almost everyone',
					},
				],
			},
		],
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const name = this.getNodeParameter('event', 'memberOptedOut') as EventName;
		const options = this.getNodeParameter('options', {}) as {
			skewSeconds?: number;
			fullCheckHours?: number;
		};
		const skew = Math.max(0, Math.floor(options.skewSeconds ?? CLOCK_SKEW_MARGIN_SECONDS));
		const hours = Math.min(
			MAX_FULL_CHECK_HOURS,
			Math.max(1, options.fullCheckHours ?? DEFAULT_FULL_CHECK_HOURS),
		);
		const list =
			name === 'memberAddedToList'
				? inItem(this, 0, () =>
						requirePathName(this.getNodeParameter('list', '', { extractValue: true }), 'List'),
					)
				: '';
		// the trigger's requests are tried again as the action node's are; a check that still
		// fails throws, so its cursor stays and the next check catches up
		const event = triggerEvent(name, pollClient(this), this, list, {
			everySeconds: Math.round(hours * HOUR_SECONDS),
			skew,
			warn: (message) => this.logger.warn(message, { node: this.getNode().name }),
		});
		if (this.getMode() === 'manual') {
			const sample = await event.sample(nowSeconds());
			if (sample.length === 0) {
				throw new NodeOperationError(this.getNode(), event.nothingFound, {
					description:
						'Fetch Test Event shows a few recent real records to map fields from, and found none. Make one happen in Mad Mimi and fetch again; the active trigger does not depend on this.',
				});
			}
			return pollOutput(sample);
		}
		return pollOutput(
			await check(this, name === 'memberAddedToList' ? `${name}:${list}` : name, event, skew),
		);
	}
}
