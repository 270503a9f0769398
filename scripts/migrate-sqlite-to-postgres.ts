/**
 * Moves an install's data from SQLite (DATA_DIR/besties.sqlite) into an empty PostgreSQL
 * database (DATABASE_URL): `npm run migrate-sqlite-to-postgres`. Stop the server first.
 *
 * It creates the tables on PostgreSQL (the same migrations the server runs), refuses a
 * database that already holds data, copies every table in one transaction (parents before
 * children, a chat's messages in their order so a reply follows the message it answers), puts
 * each user's storage count back as it was (the triggers counted the copied rows again), and
 * checks that every table holds as many rows as the SQLite file. The SQLite file is opened
 * read-only and left as it was. Her images stay where they are, in DATA_DIR.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../sync-server/src/config';
import { postgresDb } from '../sync-server/src/db/database';
import type { Db } from '../sync-server/src/db/database';
import { migrate, readMigrations } from '../sync-server/src/db/migrate';
import { DB_FILE_NAME } from '../sync-server/src/db/open';
import type { Tables } from '../sync-server/src/db/tables';

/** Every table but schema_migrations, parents before the tables that reference them. */
export const TABLES_IN_ORDER: (keyof Tables)[] = [
  'users',
  'sessions',
  'password_resets',
  'rate_limits',
  'user_change_seq',
  'entitlements',
  'presented_tiers',
  'chats',
  'messages',
  'memories',
  'reply_jobs',
  'processed_mutations',
  'images',
  'profile_image_files',
  'purchases',
  'payment_events',
  'purchase_claims',
  'test_payment_intents',
  'referral_counts',
];

/** How a table's rows are read: in an order its references can be inserted in. */
const ORDER_BY: Partial<Record<keyof Tables, string>> = {
  messages: 'chat_id, chat_seq, created_at, id',
};

const BATCH_ROWS = 500;

export interface MoveReport {
  tables: { table: string; rows: number }[];
}

export class MoveRefused extends Error {
  override name = 'MoveRefused';
}

type Row = Record<string, unknown>;

function latestVersion(): number {
  return Math.max(...readMigrations().map((migration) => migration.version));
}

/** Copies `sqliteFile` into the empty database `target`; throws MoveRefused when it cannot. */
export async function moveToPostgres(sqliteFile: string, target: Db): Promise<MoveReport> {
  if (!existsSync(sqliteFile))
    throw new MoveRefused(`There is no SQLite database at ${sqliteFile}.`);
  const source = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const version =
      (
        source.prepare('SELECT max(version) AS v FROM schema_migrations').get() as {
          v: number | null;
        }
      ).v ?? 0;
    if (version !== latestVersion()) {
      throw new MoveRefused(
        `${sqliteFile} is at schema version ${version}, this release at ${latestVersion()}: ` +
          'start this release once on it (or run `npm run migrate` without DATABASE_URL), then move it.',
      );
    }
    await migrate(target);
    for (const table of TABLES_IN_ORDER) {
      const { count } = await target
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      if (Number(count) > 0) {
        throw new MoveRefused(
          `The PostgreSQL database already holds data (${count} rows in ${table}): ` +
            'move into a new, empty database.',
        );
      }
    }
    const report: MoveReport = { tables: [] };
    await target.transaction().execute(async (trx) => {
      for (const table of TABLES_IN_ORDER) {
        const order = ORDER_BY[table];
        const read = source.prepare(`SELECT * FROM ${table}${order ? ` ORDER BY ${order}` : ''}`);
        let batch: Row[] = [];
        let rows = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          await trx
            .insertInto(table)
            .values(batch as never)
            .execute();
          rows += batch.length;
          batch = [];
        };
        for (const row of read.iterate() as Iterable<Row>) {
          batch.push(row);
          if (batch.length >= BATCH_ROWS) await flush();
        }
        await flush();
        report.tables.push({ table, rows });
      }
      // The storage triggers added each copied message and image to her count again.
      for (const user of source
        .prepare('SELECT id, storage_bytes AS bytes FROM users')
        .iterate() as Iterable<{ id: string; bytes: number }>) {
        await trx
          .updateTable('users')
          .set({ storage_bytes: user.bytes })
          .where('id', '=', user.id)
          .execute();
      }
      for (const { table, rows } of report.tables) {
        const { count } = await trx
          .selectFrom(table as keyof Tables)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        if (Number(count) !== rows) {
          throw new Error(`${table}: ${rows} rows read from SQLite, ${count} in PostgreSQL.`);
        }
      }
    });
    await sql`ANALYZE`.execute(target);
    return report;
  } finally {
    source.close();
  }
}

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    console.error('Set DATABASE_URL to the PostgreSQL database to move into (postgres://...).');
    return 2;
  }
  const file = path.join(config.dataDir, DB_FILE_NAME);
  const target = postgresDb(config.databaseUrl);
  try {
    const report = await moveToPostgres(file, target);
    for (const { table, rows } of report.tables) console.log(`${table}: ${rows}`);
    console.log(
      `Moved ${file} into PostgreSQL. Set DATABASE_URL in the server's settings and start it.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof MoveRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await target.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
