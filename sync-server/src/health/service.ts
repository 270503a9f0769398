import { readFileSync } from 'node:fs';
import { lastBackgroundWriteFailure } from '../db/backgroundWrites';
import { isDatabaseUnavailable } from '../db/database';
import type { Deps } from '../deps';
import * as repo from './repo';

/** What monitoring sees: states and provider kinds only, never a key, a path or a host. */
export interface Health {
  ok: boolean;
  /** `unavailable`: PostgreSQL is out of reach (stopped, restarting); `error`: it answered wrong. */
  database: 'ok' | 'error' | 'unavailable';
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
    if (isDatabaseUnavailable(error)) {
      deps.logger.warn({ err: error }, 'health check: the database is out of reach');
      return 'unavailable';
    }
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
