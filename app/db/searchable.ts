import type { Memory } from '@shared/memory';
import { lockedHere } from './chats';
import { db, type LocalChat, type LocalMessage, type MessageBlock } from './db';

/** Everything of hers that search looks through (app/search/), as the device holds it now. */
export interface SearchableHistory {
  chats: LocalChat[];
  /** Every message of those chats: the server's (in blocks) and hers not placed yet. */
  messages: LocalMessage[];
  /** What her besties remember, her edits and forgets not synced yet already in (memories.ts). */
  memories: Memory[];
}

/**
 * Blocks read at a time: unpacking 1,000 blocks (50,000 messages) in one read would hold the
 * page for a fifth of a second; a hundred at a time leaves room for her keystrokes between.
 */
const BLOCKS_PER_READ = 100;

/**
 * Her chats with all their messages, and her memories, read whole (wrap in liveQuery: any write
 * to them reads it again). Nothing while her data here is locked, as her history and her
 * memories show nothing then.
 */
export async function searchableHistory(): Promise<SearchableHistory> {
  if (await lockedHere()) return { chats: [], messages: [], memories: [] };
  return db.transaction('r', db.chats, db.messages, db.messageBlocks, db.memories, async () => {
    const [chats, keys, unplaced, memories] = await Promise.all([
      db.chats.toArray(),
      db.messageBlocks.toCollection().primaryKeys(),
      db.messages.toArray(),
      db.memories.toArray(),
    ]);
    const blocks: MessageBlock[] = [];
    for (let from = 0; from < keys.length; from += BLOCKS_PER_READ) {
      const [first, last] = [keys[from]!, keys[Math.min(keys.length, from + BLOCKS_PER_READ) - 1]!];
      blocks.push(
        ...(await db.messageBlocks.where(':id').between(first, last, true, true).toArray()),
      );
    }
    return {
      chats,
      messages: [...blocks.flatMap((block) => block.messages), ...unplaced],
      memories,
    };
  });
}
