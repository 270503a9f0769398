import type { Context } from 'koa';
import { LRUCache } from 'lru-cache';
import { COMPRESS_THRESHOLD_BYTES, encode } from './compress';
import type { Encoding } from './precompressed';

interface Kept {
  version: string;
  /** Milliseconds (the app's clock) at which the answer stops being true; Infinity: never. */
  until: number;
  /** The JSON as UTF-8: answered as it is, with no text to encode again. */
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
  /**
   * What the answer depends on, read from the database by this request before `make` runs
   * (her change number, her plan), so an answer is never kept under a version newer than it.
   */
  version: string;
  /** Now, on the app's clock: an answer past its `until` is made again. */
  now: number;
  /** The answer's value and until when it holds; made only when none is kept for the version. */
  make: () => Promise<{ value: unknown; until?: number }>;
}

const sizeOf = (entry: Kept) =>
  entry.json.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0) + 64;

/**
 * JSON answers made once per version of what they show, and compressed once per version and
 * encoding: a request whose answer is kept costs the reads of its version instead of reading,
 * presenting, serialising and compressing the answer. The version is read from the database
 * by every request, so an answer kept here is never older than what another process wrote.
 * At most `keptBytes` are kept, the least recently asked going first (lru-cache). A `make`
 * that throws keeps nothing.
 */
export function keptAnswers(keptBytes: number) {
  const kept = new LRUCache<string, Kept>({ maxSize: keptBytes, sizeCalculation: sizeOf });

  return async (source: AnswerSource, encoding: Encoding | null): Promise<KeptAnswer> => {
    const { key, version, now } = source;
    let entry = kept.get(key);
    if (!entry || entry.version !== version || now >= entry.until) {
      const made = await source.make();
      entry = {
        version,
        until: made.until ?? Infinity,
        json: Buffer.from(JSON.stringify(made.value)),
        encoded: {},
      };
      kept.set(key, entry);
    }
    if (!encoding || entry.json.length < COMPRESS_THRESHOLD_BYTES) {
      return { bytes: entry.json, encoding: null };
    }
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded = await encode(entry.json, encoding);
      // Kept only while the entry is (a newer version may have replaced it meanwhile), as a
      // new entry so that its size counts the new bytes.
      if (kept.peek(key) === entry) {
        kept.set(key, { ...entry, encoded: { ...entry.encoded, [encoding]: encoded } });
      }
    }
    return { bytes: encoded, encoding };
  };
}

export type KeptAnswers = ReturnType<typeof keptAnswers>;

/** Sends a kept answer as the JSON it is, in the encoding it was made in. */
export function sendKeptAnswer(ctx: Context, answer: KeptAnswer): void {
  ctx.body = answer.bytes;
  ctx.set('Content-Type', 'application/json; charset=utf-8');
  if (answer.encoding) ctx.set('Content-Encoding', answer.encoding);
}
