import { defineResource } from '../types';
import * as get from './get.operation';

export const resource = defineResource({
	displayName: 'Signup Form',
	value: 'signupForm',
	defaultOperation: 'get',
	operations: [
		{
			name: 'Get',
			value: 'get',
			description: 'Get a signup form: its fields, colors and addresses',
			action: 'Get a signup form',
			forModel: 'Gets a signup form by its ID (a number): its fields and addresses',
			run: get,
		},
	],
});
