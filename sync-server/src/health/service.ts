import { readFileSync } from 'node:fs';
import { lastBackgroundWriteFailure } from '../db/backgroundWrites';
import type { Deps } from '../deps';
import * as repo from './repo';

/** What monitoring sees: states and provider kinds only, never a key, a path or a host. */
export interface Health {
  ok: boolean;
  database: 'ok' | 'error';
  /** 'failing' from a background write's failure (a full disk) until one succeeds again. */
  writes: 'ok' | 'failing';
  replies: Deps['replies']['name'];
  payments: 'test' | 'stripe' | 'off';
  mail: Deps['mailer']['kind'];
  version: string;
}

const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

async function databaseState(deps: Deps): Promise<Health['database']> {
  try {
    await repo.countMigrations(deps.db);
    await repo.readEveryTable(deps.db);
    return 'ok';
  } catch (error) {
    deps.logger.error({ err: error }, 'health check: the database did not answer');
    return 'error';
  }
}

/** The server's state now; `ok` is false when the database does not answer or writes fail. */
export async function healthOf(deps: Deps): Promise<Health> {
  const database = await databaseState(deps);
  const writes = lastBackgroundWriteFailure(deps.db) === undefined ? 'ok' : 'failing';
  return {
    ok: database === 'ok' && writes === 'ok',
    database,
    writes,
    replies: deps.replies.name,
    payments: deps.payments?.kind ?? 'off',
    mail: deps.mailer.kind,
    version: VERSION,
  };
}
