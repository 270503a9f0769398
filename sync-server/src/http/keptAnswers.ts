import type { Context } from 'koa';
import { COMPRESS_THRESHOLD_BYTES, encode } from './compress';
import type { Encoding } from './precompressed';

interface Kept {
  version: number;
  /** The JSON as UTF-8: answered as it is, with no length to count or text to encode. */
  json: Buffer;
  /** The same, compressed the first time a browser taking that encoding asks. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** An answer as sent: its bytes, and their encoding (null: the JSON as it is). */
export interface KeptAnswer {
  bytes: Buffer;
  encoding: Encoding | null;
}

/** What an answer is made of: the same key at the same version is the same answer. */
export interface AnswerSource {
  key: string;
  /** Read before `make` runs, so an answer is never kept under a version newer than it. */
  version: number;
  /** The answer's value, made only when no answer is kept for this key and version. */
  make: () => unknown;
}

const sizeOf = (entry: Kept) =>
  entry.json.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);

/**
 * JSON answers made once per version of what they show, and compressed once per version and
 * encoding: a request whose answer is kept costs one lookup instead of reading, presenting,
 * serialising and compressing it. The caller names the version (her change sequence number,
 * which every write to her data takes); a newer one makes the answer anew. At most `keptBytes`
 * are kept: past it, the least recently asked answer goes. A `make` that throws keeps nothing.
 */
export function createKeptAnswers(keptBytes: number) {
  // A Map iterates in insertion order: re-inserting on each use keeps the oldest first.
  const kept = new Map<string, Kept>();
  let bytes = 0;
  const forget = (key: string, entry: Kept) => {
    kept.delete(key);
    bytes -= sizeOf(entry);
  };
  const keep = (key: string, entry: Kept) => {
    kept.set(key, entry);
    bytes += sizeOf(entry);
    for (const [oldest, each] of kept) {
      if (bytes <= keptBytes || oldest === key) break;
      forget(oldest, each);
    }
  };

  return async (source: AnswerSource, encoding: Encoding | null = null): Promise<KeptAnswer> => {
    const { key, version } = source;
    const hit = kept.get(key);
    if (hit) forget(key, hit);
    const entry: Kept =
      hit?.version === version
        ? hit
        : { version, json: Buffer.from(JSON.stringify(source.make())), encoded: {} };
    keep(key, entry);
    if (!encoding || entry.json.length < COMPRESS_THRESHOLD_BYTES) {
      return { bytes: entry.json, encoding: null };
    }
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded = await encode(entry.json, encoding);
      // Kept only while the entry is (a newer version may have replaced it meanwhile).
      if (kept.get(key) === entry) {
        forget(key, entry);
        entry.encoded[encoding] = encoded;
        keep(key, entry);
      }
    }
    return { bytes: encoded, encoding };
  };
}

/** Sends a kept answer as the JSON it is, in the encoding it was made in. */
export function sendKeptAnswer(ctx: Context, answer: KeptAnswer): void {
  ctx.body = answer.bytes;
  // What `ctx.type = 'json'` sets, without looking the type up on each answer.
  ctx.set('Content-Type', 'application/json; charset=utf-8');
  if (answer.encoding) ctx.set('Content-Encoding', answer.encoding);
}
