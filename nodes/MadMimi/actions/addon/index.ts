import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../types';

// Filled in by the operations of this resource (issue 4).
export const operations: Record<string, Operation> = {};

export const description: INodeProperties[] = [];
