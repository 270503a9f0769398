import type { Db } from '../db/open';
import { presentChatSummary } from './present';
import { changeSeqOf, listChats } from './repo';

/** How many bytes of lists are kept, over all users, before the least recently asked goes. */
export const CHAT_LIST_KEPT_BYTES = 8 * 1024 * 1024;

interface Kept {
  version: number;
  /** The JSON as UTF-8: answered as it is, with no length to count or text to encode. */
  json: Buffer;
}

/**
 * Her chat list as the JSON `GET /api/chats` answers, made once per version of her data.
 * Every write to her chats takes the next number of her change sequence (`nextChangeSeq`,
 * which sync relies on too), so a list made at her current number is her list now: a request
 * costs one lookup instead of reading, presenting and serialising every chat. Writes from
 * another process (a restore, a script) count the same way.
 * Her number is read before her list, so a write landing between the two leaves the list newer
 * than its number, never older: the next request makes it again.
 */
export function createChatList(db: Db, keptBytes = CHAT_LIST_KEPT_BYTES) {
  // A Map iterates in insertion order: re-inserting on each use keeps the oldest first.
  const kept = new Map<string, Kept>();
  let bytes = 0;
  const forget = (userId: string, entry: Kept) => {
    kept.delete(userId);
    bytes -= entry.json.length;
  };

  return (userId: string): Buffer => {
    const version = changeSeqOf(db, userId);
    const hit = kept.get(userId);
    if (hit) forget(userId, hit);
    const entry =
      hit?.version === version
        ? hit
        : {
            version,
            json: Buffer.from(JSON.stringify(listChats(db, userId).map(presentChatSummary))),
          };
    kept.set(userId, entry);
    bytes += entry.json.length;
    for (const [oldest, each] of kept) {
      if (bytes <= keptBytes || oldest === userId) break;
      forget(oldest, each);
    }
    return entry.json;
  };
}
