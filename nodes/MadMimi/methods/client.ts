import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { EDITOR_SETTINGS } from '../requestSettings';
import { MadMimiClient } from '../transport';

/** The client of the editor's dropdowns and searches: a person waits for them, so their retries are short. */
export function editorClient(ctx: ILoadOptionsFunctions): MadMimiClient {
	return new MadMimiClient(ctx, EDITOR_SETTINGS);
}
