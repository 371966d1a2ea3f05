import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class MadMimiApi implements ICredentialType {
	name = 'madMimiApi';

	displayName = 'Mad Mimi API';

	icon: Icon = {
		light: 'file:../nodes/MadMimi/madMimi.svg',
		dark: 'file:../nodes/MadMimi/madMimi.dark.svg',
	};

	documentationUrl = 'https://github.com/madmimi-n8n/n8n-nodes-madmimi#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Username',
			name: 'username',
			type: 'string',
			placeholder: 'name@email.com',
			required: true,
			default: '',
			hint: 'The email address you sign in to Mad Mimi with',
			description:
				'Mad Mimi names the account by it: it is sent with the API key in every request (the username parameter)',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			// shown under the field: where to find it is the one thing a newcomer needs here
			hint: 'In Mad Mimi: Account → API',
			description: 'The API key of your Mad Mimi account, found in Mad Mimi under Account → API',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.madmimi.com',
			// the node refuses any other (transport/http.ts, baseUrlRefusal): n8n's credential form
			// checks only required fields, so the hint is where the rule is said
			hint: 'Leave as it is, unless you go through a proxy. The API key travels in the address of each request: use https; http only for a local emulator on 127.0.0.1',
			description:
				"Address of the Mad Mimi API. It must start with https://; http:// is refused except for 127.0.0.1, localhost or [::1] (a local emulator), since the API key is sent in each request's address.",
		},
	];

	// The service takes both values as parameters (query string), not as headers
	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			qs: {
				username: '={{$credentials.username}}',
				api_key: '={{$credentials.apiKey}}',
			},
		},
	};

	// n8n sends the Test request to the Base URL as it is: a plain-http address other than this
	// machine's is asked over https instead, so that the key never travels in clear (the node
	// refuses such an address outright: transport/http.ts)
	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{ String($credentials.baseUrl).trim().replace(/^http:\\/\\/(?!(127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}|localhost|\\[::1\\])(:\\d+)?(\\/|$))/i, "https://") }}',
			url: '/audience_lists/lists.xml',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'Mad Mimi refused these credentials ("Unable to authenticate", or "You do not have the rights to use this API" for an account without API access). Check the username (your sign-in email) and the API key (Mad Mimi → Account → API).',
				},
			},
		],
	};
}
