import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

// Filled in with searchPromotions / searchMailings (issue 4).
export const promotionListSearch: Record<string, (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>> = {};
