import { compactPullPath, decodePullPage } from '@shared/compact-pull';
import {
  PULL_COMPACT_MAX_LIMIT,
  type Mutation,
  type PullAnswer,
  type PushAnswer,
} from '@shared/sync';
import { apiJson } from './client';

export function pushMutations(mutations: Mutation[]): Promise<PushAnswer> {
  return apiJson<PushAnswer>('POST', '/api/sync/push', { mutations });
}

/** A page of the compact pull (shared/compact-pull.ts), validated and read back as a PullAnswer. */
export async function pullCompactChanges(
  cursor: number,
  limit = PULL_COMPACT_MAX_LIMIT,
): Promise<PullAnswer> {
  return decodePullPage(await apiJson<unknown>('GET', compactPullPath(cursor, limit)));
}
