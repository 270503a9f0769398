import { chmodSync, closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DATA_DIR_MODE, DB_FILE_NAME, openDatabase, PRIVATE_FILE_MODE } from './open';

export const BACKUPS_DIR = 'backups';
/** The most pages one backup step may copy (SQLite's int limit): the whole database. */
const ALL_PAGES = 0x7fffffff;

const pad = (n: number) => String(n).padStart(2, '0');

/** `besties-YYYYMMDD-HHMMSS.sqlite`, in UTC. */
export function backupFileName(at: Date): string {
  const day = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}`;
  const time = `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
  return `besties-${day}-${time}.sqlite`;
}

/**
 * Where a backup goes: `to` when it names a .sqlite file, a dated file inside `to` when it
 * names a folder, else a dated file in DATA_DIR/backups.
 */
export function backupPath(props: { dataDir: string; to?: string; at: Date }): string {
  if (props.to?.endsWith('.sqlite')) return path.resolve(props.to);
  const dir = props.to ? path.resolve(props.to) : path.join(props.dataDir, BACKUPS_DIR);
  return path.join(dir, backupFileName(props.at));
}

/**
 * Copies DATA_DIR's database with SQLite's online backup API: safe while the server runs
 * (it reads a consistent snapshot; WAL lets the server keep writing meanwhile). The copy is
 * written beside its final name and renamed when whole, owner-only, in an owner-only folder.
 * Answers the backup's path. The database alone: her images (DATA_DIR/images) and the session
 * secret are files of their own.
 */
export async function backupDatabase(props: {
  dataDir: string;
  to?: string;
  now?: () => number;
}): Promise<string> {
  const source = path.join(props.dataDir, DB_FILE_NAME);
  if (!existsSync(source)) throw new Error(`No database to back up at ${source}`);
  const destination = backupPath({ ...props, at: new Date((props.now ?? Date.now)()) });
  if (existsSync(destination)) throw new Error(`${destination} already exists`);
  mkdirSync(path.dirname(destination), { recursive: true, mode: DATA_DIR_MODE });
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  closeSync(openSync(partial, 'w', PRIVATE_FILE_MODE));
  const db = openDatabase(source);
  try {
    // All pages in one step, inside one read transaction: stepping a few pages at a time
    // would start over after every write the running server makes, and might never finish.
    await db.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  chmodSync(partial, PRIVATE_FILE_MODE);
  renameSync(partial, destination);
  return destination;
}
