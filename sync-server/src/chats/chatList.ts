import type { Db } from '../db/open';
import { COMPRESS_THRESHOLD_BYTES, encode } from '../http/compress';
import type { Encoding } from '../http/precompressed';
import { presentChatSummary } from './present';
import { changeSeqOf, listChats } from './repo';

/** How many bytes of lists are kept, over all users, before the least recently asked goes. */
export const CHAT_LIST_KEPT_BYTES = 8 * 1024 * 1024;

interface Kept {
  version: number;
  /** The JSON as UTF-8: answered as it is, with no length to count or text to encode. */
  json: Buffer;
  /** The same, compressed the first time a browser taking that encoding asks. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** Her list as answered: its bytes, and their encoding (null: the JSON as it is). */
export interface ChatListAnswer {
  bytes: Buffer;
  encoding: Encoding | null;
}

const sizeOf = (entry: Kept) =>
  entry.json.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);

/**
 * Her chat list as the JSON `GET /api/chats` answers, made once per version of her data, and
 * compressed once per version and encoding (compressing it on each request cost twice the
 * rest of the answer). Every write to her chats takes the next number of her change sequence
 * (`nextChangeSeq`, which sync relies on too), so a list made at her current number is her
 * list now: a request costs one lookup instead of reading, presenting, serialising and
 * compressing every chat. Writes from another process (a restore, a script) count the same way.
 * Her number is read before her list, so a write landing between the two leaves the list newer
 * than its number, never older: the next request makes it again.
 */
export function createChatList(db: Db, keptBytes = CHAT_LIST_KEPT_BYTES) {
  // A Map iterates in insertion order: re-inserting on each use keeps the oldest first.
  const kept = new Map<string, Kept>();
  let bytes = 0;
  const forget = (userId: string, entry: Kept) => {
    kept.delete(userId);
    bytes -= sizeOf(entry);
  };
  const keep = (userId: string, entry: Kept) => {
    kept.set(userId, entry);
    bytes += sizeOf(entry);
    for (const [oldest, each] of kept) {
      if (bytes <= keptBytes || oldest === userId) break;
      forget(oldest, each);
    }
  };

  return async (userId: string, encoding: Encoding | null = null): Promise<ChatListAnswer> => {
    const version = changeSeqOf(db, userId);
    const hit = kept.get(userId);
    if (hit) forget(userId, hit);
    const entry: Kept =
      hit?.version === version
        ? hit
        : {
            version,
            json: Buffer.from(JSON.stringify(listChats(db, userId).map(presentChatSummary))),
            encoded: {},
          };
    keep(userId, entry);
    if (!encoding || entry.json.length < COMPRESS_THRESHOLD_BYTES) {
      return { bytes: entry.json, encoding: null };
    }
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded = await encode(entry.json, encoding);
      // Kept only while the entry is (a newer version may have replaced it meanwhile).
      if (kept.get(userId) === entry) {
        forget(userId, entry);
        entry.encoded[encoding] = encoded;
        keep(userId, entry);
      }
    }
    return { bytes: encoded, encoding };
  };
}
