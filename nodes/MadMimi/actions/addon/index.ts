import { defineResource } from '../types';
import * as activate from './activate.operation';
import * as deactivate from './deactivate.operation';
import * as getAll from './getAll.operation';
import * as getAvailable from './getAvailable.operation';
import * as toggle from './toggle.operation';

export const resource = defineResource({
	displayName: 'Addon',
	value: 'addon',
	defaultOperation: 'getAll',
	operations: [
		{
			name: 'Activate',
			value: 'activate',
			description: 'Activate an addon, unless it is already activated',
			action: 'Activate an addon',
			forModel:
				'Activates an addon (its key or ID) unless it is already active. Returns its status',
			run: activate,
		},
		{
			name: 'Deactivate',
			value: 'deactivate',
			description: 'Deactivate an addon, unless it is already deactivated',
			action: 'Deactivate an addon',
			forModel:
				'Deactivates an addon (its key or ID) unless it is already inactive. Returns its status',
			run: deactivate,
		},
		{
			name: 'Get Available',
			value: 'getAvailable',
			description: 'Get every addon Mad Mimi offers, with its description and whether it is paid',
			action: 'Get available addons',
			forModel: 'Lists every addon Mad Mimi offers, with its description and whether it is paid',
			run: getAvailable,
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description: "Get the account's addons with their status",
			action: 'Get many addons',
			forModel: "Lists the account's addons with whether each is activated",
			run: getAll,
		},
		{
			name: 'Toggle',
			value: 'toggle',
			description: 'Switch an addon on when it is off, or off when it is on',
			action: 'Toggle an addon',
			forModel:
				'Switches an addon (its key or ID) to the other status. Prefer activate or deactivate: they say which status they leave',
			run: toggle,
		},
	],
});
