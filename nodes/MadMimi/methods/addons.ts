import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

// Filled in with searchAddons (issue 4).
export const addonListSearch: Record<string, (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>> = {};
