import type { IDataObject } from 'n8n-workflow';

import type { MadMimiClient } from '../transport';

/**
 * The account's drip campaigns (GET /drip_campaigns/list.xml). No source shows this document's
 * names: one record per child of its root, the drips of a campaign as the array the document's
 * shape makes of them (parsing/xml.ts).
 */
export async function dripCampaigns(api: MadMimiClient): Promise<IDataObject[]> {
	return await api.xmlRecords({ method: 'GET', path: ['drip_campaigns', 'list'] });
}
