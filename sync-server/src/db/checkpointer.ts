import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger';
import type { LegacyDb as Db } from './open';

/**
 * WAL pages past which a commit on the server's own connection checkpoints anyway, on the main
 * thread: a bound on the WAL (~40 MB) should the checkpointer fall behind. A PASSIVE checkpoint
 * run beside a stream of writes copies what was committed when it began and never catches up
 * with the writes after; one run right after a commit, with no write beside it, copies the
 * rest and lets the next write start the WAL again from its beginning.
 */
export const FALLBACK_CHECKPOINT_PAGES = 10_000;

/** SQLite's own default: the server's connection checkpoints itself again without a worker. */
const SQLITE_DEFAULT_CHECKPOINT_PAGES = 1000;

/** How often the checkpointer copies the WAL into the database file. */
export const CHECKPOINT_EVERY_MS = 250;

/**
 * The worker's code, plain JavaScript run by `eval`: a worker starts outside tsx's loader, and
 * this much needs none. It opens its own connection and checkpoints (PASSIVE: never waits,
 * never holds up a write) every `everyMs`, flushing the WAL before and the database after
 * (synchronous FULL). It posts only what went wrong.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = FULL');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(String(error && error.message ? error.message : error));
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Copies the WAL back into the database file from a worker thread, so the server's event loop
 * never does. SQLite otherwise checkpoints inside the commit that takes the WAL past 1,000
 * pages: under a stream of sends, a tenth of the server's time spent copying pages and
 * flushing the database file while every request waited. The server's connection now
 * checkpoints only past FALLBACK_CHECKPOINT_PAGES, and again at SQLite's default should the
 * worker fail. Answers a function that stops the worker (before the database is closed).
 */
export function startCheckpointing(props: {
  db: Db;
  logger: Logger;
  everyMs?: number;
}): () => Promise<void> {
  const { db, logger } = props;
  if (db.memory) return () => Promise.resolve();
  db.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file: db.name,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      everyMs: props.everyMs ?? CHECKPOINT_EVERY_MS,
    },
  });
  worker.unref();
  let stopped = false;
  worker.on('message', (message: string) => logger.warn({ message }, 'a checkpoint failed'));
  worker.on('error', (error) => logger.error({ err: error }, 'the checkpointer stopped'));
  const exited = new Promise<void>((resolve) =>
    worker.on('exit', () => {
      if (!stopped && db.open) {
        db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_CHECKPOINT_PAGES}`);
      }
      resolve();
    }),
  );
  return () => {
    stopped = true;
    // Held until it has exited: awaited alone, an unref'd worker lets the process end first.
    worker.ref();
    worker.postMessage('stop');
    return exited;
  };
}
