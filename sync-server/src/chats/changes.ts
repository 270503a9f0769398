import type { Deps } from '../deps';
import * as repo from './repo';
import type { ChatRow, MessageRow } from './repo';

/**
 * Her chat and message rows changed after `cursor` (a number of her change sequence), in that
 * order, at most `limit` of them, and whether more follow. Tombstones are chat rows with
 * `deletedAt` set.
 */
export function changesSince(
  deps: Deps,
  q: { userId: string; cursor: number; limit: number },
): { chats: ChatRow[]; messages: MessageRow[]; cursor: number; hasMore: boolean } {
  const more = { ...q, limit: q.limit + 1 };
  const merged = [
    ...repo.chatsChangedSince(deps.legacyDb, more).map((row) => ({ kind: 'chat' as const, row })),
    ...repo
      .messagesChangedSince(deps.legacyDb, more)
      .map((row) => ({ kind: 'message' as const, row })),
  ].sort((a, b) => a.row.changeSeq - b.row.changeSeq);
  const page = merged.slice(0, q.limit);
  return {
    chats: page.flatMap((item) => (item.kind === 'chat' ? [item.row] : [])),
    messages: page.flatMap((item) => (item.kind === 'message' ? [item.row] : [])),
    cursor: page.at(-1)?.row.changeSeq ?? q.cursor,
    hasMore: merged.length > q.limit,
  };
}

/** Chats by id in any state (tombstones too); for presenting messages with their persona. */
export function chatsByIds(deps: Deps, ids: string[]): ChatRow[] {
  return repo.chatsByIds(deps.legacyDb, [...new Set(ids)]);
}

export function messagesByIds(deps: Deps, ids: string[]): MessageRow[] {
  return repo.messagesByIds(deps.legacyDb, [...new Set(ids)]);
}

/** Her change sequence number now (0 before her first write): what a pull from 0 reaches. */
export function changeSeqOfUser(deps: Deps, userId: string): number {
  return repo.changeSeqOf(deps.legacyDb, userId);
}
