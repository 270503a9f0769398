import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverSources = path.resolve(import.meta.dirname, '..');

/** `LIMIT ?`, `OFFSET @n` and the like: a bare parameter where SQLite plans with its value. */
const BARE_LIMIT = /\b(?:LIMIT|OFFSET)\s+[?@:$]/g;

describe('prepared statements', () => {
  it('never bind LIMIT or OFFSET to a bare parameter, which makes SQLite compile them at each run', () => {
    const files = readdirSync(serverSources, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      [...readFileSync(path.join(serverSources, file), 'utf8').matchAll(BARE_LIMIT)].map(
        (match) => `${file}: ${match[0]}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
