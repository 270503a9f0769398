import { PULL_DEFAULT_LIMIT, type Mutation, type PullAnswer, type PushAnswer } from '@shared/sync';
import { apiJson } from './client';

export function pushMutations(mutations: Mutation[]): Promise<PushAnswer> {
  return apiJson<PushAnswer>('POST', '/api/sync/push', { mutations });
}

export function pullChanges(cursor: number, limit = PULL_DEFAULT_LIMIT): Promise<PullAnswer> {
  return apiJson<PullAnswer>('GET', `/api/sync/pull?cursor=${cursor}&limit=${limit}`);
}
