import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_CHECKPOINT_PAGES, startCheckpointing } from './checkpointer';
import { openDatabase } from './open';
import type { LegacyDb as Db } from './open';

let root: string;
let file: string;
let db: Db;
const stops: (() => Promise<void>)[] = [];

/** About 2 MB of rows: some 500 pages, under SQLite's own checkpoint at 1,000. */
function writeRows(): void {
  const insert = db.prepare('INSERT INTO t (x) VALUES (?)');
  db.transaction(() => {
    for (let n = 0; n < 500; n += 1) insert.run('x'.repeat(4000));
  })();
}

const sizeOf = (name: string) => statSync(name).size;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'besties-checkpoint-'));
  file = path.join(root, 'x.sqlite');
  db = openDatabase(file);
  db.exec('CREATE TABLE t (x TEXT)');
  // Everything so far in the database file: what follows is in the WAL until copied.
  db.pragma('wal_checkpoint(TRUNCATE)');
});
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
  if (db.open) db.close();
  rmSync(root, { recursive: true, force: true });
});

describe('startCheckpointing', () => {
  it('copies committed writes into the database file from its worker, not in a commit', async () => {
    stops.push(startCheckpointing({ db, logger: pino({ level: 'silent' }), everyMs: 20 }));
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(FALLBACK_CHECKPOINT_PAGES);
    const before = sizeOf(file);
    writeRows();
    // Under 1,000 pages a commit copies nothing itself: the file grows only by the worker.
    await vi.waitFor(() => expect(sizeOf(file)).toBeGreaterThan(before + 1_000_000), {
      timeout: 10_000,
    });
  });

  it('copies nothing without it, under 1,000 pages (what the test above relies on)', async () => {
    const before = sizeOf(file);
    writeRows();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sizeOf(file)).toBe(before);
  });

  it("gives the checkpoints back to the server's connection when its worker fails", async () => {
    const logged: unknown[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(line) });
    // The file gone under the running server: the worker cannot open it.
    unlinkSync(file);
    stops.push(startCheckpointing({ db, logger, everyMs: 20 }));
    await vi.waitFor(() => expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000), {
      timeout: 10_000,
    });
    expect(String(logged[0])).toContain('the checkpointer stopped');
  });

  it('keeps a process that awaits its stop running until the worker is gone', () => {
    // Its worker never keeps the process alive; awaited alone, a stop used to end the process
    // there (exit 13, the database never closed).
    const here = path.dirname(fileURLToPath(import.meta.url));
    const script = `
      import { pino } from 'pino';
      import { startCheckpointing } from ${JSON.stringify(path.join(here, 'checkpointer.ts'))};
      import { openDatabase } from ${JSON.stringify(path.join(here, 'open.ts'))};
      const db = openDatabase(${JSON.stringify(path.join(root, 'child.sqlite'))});
      await startCheckpointing({ db, logger: pino({ level: 'silent' }) })();
      db.close();
      console.log('closed');`;
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: path.join(here, '../../..'), encoding: 'utf8', timeout: 30_000 },
    );
    expect({ status: child.status, stdout: child.stdout.trim() }).toEqual({
      status: 0,
      stdout: 'closed',
    });
  });

  it('stops its worker, once or twice, and does nothing for a database in memory', async () => {
    const stop = startCheckpointing({ db, logger: pino({ level: 'silent' }), everyMs: 20 });
    await stop();
    await stop();
    const memory = openDatabase(':memory:');
    await startCheckpointing({ db: memory, logger: pino({ level: 'silent' }) })();
    expect(memory.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    memory.close();
  });
});
