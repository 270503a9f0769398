import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const brotliAtBest = promisify(brotliCompress);
const gzipAtBest = promisify(gzip);

export type Encoding = 'br' | 'gzip';

export interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

interface Entry extends Compressed {
  mtimeMs: number;
  size: number;
}

/** A build's hashed files number in the tens; past this the least recently asked goes. */
const MAX_ENTRIES = 500;
/** Larger files (none in a build today) are left to the per-request compressor. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

/**
 * The built app's content-hashed files, compressed once at brotli's and gzip's highest levels
 * (fewer bytes than the per-request compressor's quality, and no compression work
 * per request). The work runs in the background on libuv's pool: until a file is ready, its
 * answers are compressed per request as before, so no request ever waits for it.
 */
export function precompressedFiles() {
  const ready = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  const working = new Set<string>();

  async function compress(file: string, mtimeMs: number, size: number): Promise<void> {
    try {
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotliAtBest(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        gzipAtBest(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      ready.set(file, { br, gzip: gz, mtimeMs, size });
    } catch {
      // Gone or unreadable: its requests keep the ordinary path, which answers for it.
    } finally {
      working.delete(file);
    }
  }

  return {
    /** The file's compressed bytes when ready; otherwise starts on them and answers undefined. */
    get(file: string, stats: { mtimeMs: number; size: number }): Compressed | undefined {
      const entry = ready.get(file);
      if (entry && entry.mtimeMs === stats.mtimeMs && entry.size === stats.size) return entry;
      if (stats.size <= MAX_FILE_BYTES && !working.has(file)) {
        ready.delete(file);
        working.add(file);
        void compress(file, stats.mtimeMs, stats.size);
      }
      return undefined;
    },
  };
}
