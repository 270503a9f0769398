import { inTransaction } from '../db/database';
import type { Db } from '../db/database';
import type { Deps } from '../deps';
import * as repo from './repo';
import type { ChatRow, MessageRow } from './repo';
import { memoriesChangedSince } from '../memory/repo';
import type { MemoryRow } from '../memory/repo';

/**
 * Her chat, message and memory rows changed after `cursor` (a number of her change sequence), in that
 * order, at most `limit` of them, and whether more follow. Tombstones are chat rows with
 * `deletedAt` set.
 */
export async function changesSince(
  deps: Deps,
  q: { userId: string; cursor: number; limit: number },
): Promise<{
  chats: ChatRow[];
  messages: MessageRow[];
  memories: MemoryRow[];
  cursor: number;
  hasMore: boolean;
}> {
  const more = { ...q, limit: q.limit + 1 };
  // Read in one transaction, so from one state of her data: a write landing between two
  // separate reads could put the cursor past a chat change the first read did not see.
  const { chats, messages, memories } = await inTransaction(
    deps.db,
    async (db) => ({
      chats: await repo.chatsChangedSince(db, more),
      messages: await repo.messagesChangedSince(db, more),
      memories: await memoriesChangedSince(db, more),
    }),
    { readOnly: true },
  );
  const merged = [
    ...chats.map((row) => ({ kind: 'chat' as const, row })),
    ...messages.map((row) => ({ kind: 'message' as const, row })),
    ...memories.map((row) => ({ kind: 'memory' as const, row })),
  ].sort((a, b) => a.row.changeSeq - b.row.changeSeq);
  const page = merged.slice(0, q.limit);
  return {
    chats: page.flatMap((item) => (item.kind === 'chat' ? [item.row] : [])),
    messages: page.flatMap((item) => (item.kind === 'message' ? [item.row] : [])),
    memories: page.flatMap((item) => (item.kind === 'memory' ? [item.row] : [])),
    cursor: page.at(-1)?.row.changeSeq ?? q.cursor,
    hasMore: merged.length > q.limit,
  };
}

/** Chats by id in any state (tombstones too); for presenting messages with their persona. */
export async function chatsByIds(deps: Deps, ids: string[]): Promise<ChatRow[]> {
  return repo.chatsByIds(deps.db, [...new Set(ids)]);
}

export async function messagesByIds(deps: Deps, ids: string[]): Promise<MessageRow[]> {
  return repo.messagesByIds(deps.db, [...new Set(ids)]);
}

/** Her change sequence number now (0 before her first write): what a pull from 0 reaches. */
export async function changeSeqOfUser(deps: Deps, userId: string): Promise<number> {
  return repo.changeSeqOf(deps.db, userId);
}

/**
 * Her writes take turns from here to the end of the transaction `db` (PostgreSQL): call first
 * in a transaction run with `lockedRows`.
 */
export const lockHerChanges = (db: Db, userId: string): Promise<void> =>
  repo.lockHerChanges(db, userId);
