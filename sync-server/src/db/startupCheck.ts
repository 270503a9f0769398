import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DB_FILE_NAME, PRIVATE_FILE_MODE } from './open';
import type { SqliteConnection as Db } from './open';

/** Written in DATA_DIR once a start succeeded: from then on, its database must be there. */
export const INSTALLED_MARKER = 'besties.installed';

/**
 * Databases up to this size are checked in full at start (PRAGMA quick_check reads every
 * page: about a second a gigabyte from the page cache, a few more from the disk). A larger
 * one starts unchecked, with a warning.
 */
export const QUICK_CHECK_MAX_BYTES = 1024 ** 3;

/** Where a start's warnings go: the server's logger, or the console of `npm run migrate`. */
export interface StartLogger {
  warn(details: object, message: string): void;
}

/** A start refused because of what DATA_DIR holds; its message says what to do. */
export class StartRefused extends Error {
  override name = 'StartRefused';
}

/** Folders only an install that ran writes: her images, profile pictures, backups. */
const INSTALL_SIGNS = ['images', 'profile-images', 'backups'];

function showsInstall(dataDir: string): string | undefined {
  if (existsSync(path.join(dataDir, INSTALLED_MARKER))) return INSTALLED_MARKER;
  return INSTALL_SIGNS.find((name) => {
    try {
      return readdirSync(path.join(dataDir, name)).length > 0;
    } catch {
      return false;
    }
  });
}

/**
 * Refuses a missing or empty (zero-byte) database where DATA_DIR shows an install that ran:
 * SQLite would start it as a new database, every account silently gone.
 */
export function refuseLostDatabase(dataDir: string): void {
  const file = path.join(dataDir, DB_FILE_NAME);
  const size = existsSync(file) ? statSync(file).size : undefined;
  if (size !== undefined && size > 0) return;
  const sign = showsInstall(dataDir);
  if (!sign) return;
  throw new StartRefused(
    `The database ${file} is ${size === undefined ? 'missing' : 'empty (0 bytes)'}, but ` +
      `DATA_DIR holds an install that ran (${sign}). Refusing to start it as a new, empty ` +
      `database: restore it from a backup (DATA_DIR/backups), or, to start afresh on purpose, ` +
      `remove ${path.join(dataDir, INSTALLED_MARKER)} and the database files.`,
  );
}

/**
 * Refuses a database with damaged pages (PRAGMA quick_check), so the server never answers
 * health ok while sign-ins fail. A database past QUICK_CHECK_MAX_BYTES is not checked (it
 * would hold the start for seconds); that is logged.
 */
export function checkIntegrity(db: Db, logger: StartLogger): void {
  if (db.memory) return;
  const size = statSync(db.name).size;
  if (size > QUICK_CHECK_MAX_BYTES) {
    logger.warn({ bytes: size }, 'database too large to check at start; not checked');
    return;
  }
  let problems: string[];
  try {
    problems = db.prepare<[], string>('PRAGMA quick_check(5)').pluck().all();
  } catch (error) {
    problems = [(error as Error).message];
  }
  if (problems.length === 1 && problems[0] === 'ok') return;
  throw new StartRefused(
    `The database ${db.name} is damaged (PRAGMA quick_check: ${problems.join('; ')}). ` +
      `Refusing to start: restore it from a backup (DATA_DIR/backups).`,
  );
}

/** Marks DATA_DIR as an install that ran (see refuseLostDatabase). */
export function markInstalled(dataDir: string): void {
  const marker = path.join(dataDir, INSTALLED_MARKER);
  if (existsSync(marker)) return;
  writeFileSync(marker, 'Besties started here: its database must not go missing.\n', {
    mode: PRIVATE_FILE_MODE,
  });
}
