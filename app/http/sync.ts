import type { Mutation, PullAnswer, PushAnswer } from '@shared/sync';
import { apiJson } from './client';

export function pushMutations(mutations: Mutation[]): Promise<PushAnswer> {
  return apiJson<PushAnswer>('POST', '/api/sync/push', { mutations });
}

export function pullChanges(cursor: number, limit = 500): Promise<PullAnswer> {
  return apiJson<PullAnswer>('GET', `/api/sync/pull?cursor=${cursor}&limit=${limit}`);
}
