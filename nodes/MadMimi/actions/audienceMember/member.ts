import type { INodeProperties } from 'n8n-workflow';

/** The Include Opted Out option of the member reads. */
export const includeSuppressedOption: INodeProperties = {
	displayName: 'Include Opted Out',
	name: 'includeSuppressed',
	type: 'boolean',
	default: false,
	description: 'Whether to include the members who opted out (suppressed members)',
};
