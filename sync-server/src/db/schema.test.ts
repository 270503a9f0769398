import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postgresDb, sqliteDb } from './database';
import type { Db, Engine } from './database';
import { migrate, readMigrations } from './migrate';
import { openDatabase } from './open';
import type { Tables } from './tables';
import { testPostgres } from './testPostgres';
import type { TestPostgres } from './testPostgres';
import { addUsers } from './testData';

/**
 * Every table and column of tables.ts, written out: the compiler holds this to Tables exactly
 * (a column missing here or one too many fails to compile), the tests hold the migrations to it.
 */
const COLUMNS: { [T in keyof Tables]: { [C in keyof Tables[T]]: true } } = {
  schema_migrations: { version: true, name: true, applied_at: true },
  users: {
    id: true,
    email: true,
    password_hash: true,
    name: true,
    profile_image: true,
    age_range: true,
    location: true,
    created_at: true,
    updated_at: true,
    theme: true,
    storage_bytes: true,
  },
  sessions: {
    id_hash: true,
    user_id: true,
    created_at: true,
    expires_at: true,
    public_id: true,
    user_agent: true,
    last_seen_at: true,
  },
  rate_limits: { bucket: true, key: true, window_start: true, count: true },
  user_change_seq: { user_id: true, seq: true },
  chats: {
    id: true,
    user_id: true,
    persona_id: true,
    title: true,
    created_at: true,
    updated_at: true,
    deleted_at: true,
    change_seq: true,
    last_crisis_at: true,
  },
  messages: {
    id: true,
    chat_id: true,
    user_id: true,
    role: true,
    content: true,
    is_crisis: true,
    reply_to: true,
    is_ocr: true,
    is_enhanced_ocr: true,
    image_url: true,
    extracted_text: true,
    analysis_type: true,
    ocr_analysis: true,
    ocr_structured_data: true,
    ocr_confidence: true,
    created_at: true,
    change_seq: true,
    chat_seq: true,
    reply_error: true,
    help_card: true,
    care: true,
    used_memories: true,
  },
  entitlements: { user_id: true, tier: true, expires_at: true, updated_at: true },
  password_resets: {
    token_hash: true,
    user_id: true,
    created_at: true,
    expires_at: true,
    used_at: true,
  },
  processed_mutations: { user_id: true, mutation_id: true, result: true, created_at: true },
  reply_jobs: {
    message_id: true,
    user_id: true,
    chat_id: true,
    state: true,
    attempts: true,
    lease_until: true,
    created_at: true,
    updated_at: true,
    replaces: true,
  },
  memories: {
    id: true,
    user_id: true,
    kind: true,
    subject: true,
    detail: true,
    date: true,
    persona_id: true,
    source_message_id: true,
    source_chat_id: true,
    created_at: true,
    updated_at: true,
    deleted_at: true,
    change_seq: true,
  },
  purchases: {
    id: true,
    payment_intent_id: true,
    provider: true,
    plan_id: true,
    amount: true,
    currency: true,
    user_id: true,
    email: true,
    status: true,
    created_at: true,
    updated_at: true,
    fulfilled_at: true,
    revoked_at: true,
    account_deleted_at: true,
    checkout_id: true,
  },
  payment_events: { id: true, type: true, received_at: true },
  presented_tiers: { user_id: true, tier: true, updated_at: true },
  images: {
    id: true,
    user_id: true,
    format: true,
    bytes: true,
    width: true,
    height: true,
    created_at: true,
  },
  profile_image_files: { url: true, user_id: true, bytes: true, created_at: true },
  referral_counts: { day: true, kind: true, count: true },
  test_payment_intents: {
    id: true,
    client_secret: true,
    idempotency_key: true,
    amount: true,
    currency: true,
    metadata: true,
    status: true,
    email: true,
    name: true,
    created_at: true,
    updated_at: true,
  },
  purchase_claims: {
    token_hash: true,
    purchase_id: true,
    created_at: true,
    expires_at: true,
    used_at: true,
    used_by: true,
  },
};

const expected = Object.fromEntries(
  Object.entries(COLUMNS).map(([table, columns]) => [table, Object.keys(columns).sort()]),
);

/** Columns that hold milliseconds (or sums of bytes): BIGINT, which PostgreSQL needs. */
const WIDE = /(_at|_until|window_start|storage_bytes)$/;

interface Column {
  table: string;
  column: string;
  type: string;
}

async function columnsOf(db: Db, engine: Engine): Promise<Column[]> {
  const query =
    engine === 'sqlite'
      ? sql<Column>`SELECT m.name AS "table", c.name AS "column", lower(c.type) AS type
          FROM sqlite_master m, pragma_table_info(m.name) c
          WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`
      : sql<Column>`SELECT table_name AS "table", column_name AS "column", data_type AS type
          FROM information_schema.columns WHERE table_schema = 'public'`;
  return (await query.execute(db)).rows;
}

function byTable(columns: Column[]): Record<string, string[]> {
  const tables: Record<string, string[]> = {};
  for (const { table, column } of columns) (tables[table] ??= []).push(column);
  for (const names of Object.values(tables)) names.sort();
  return tables;
}

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await testPostgres();
}, 60_000);
afterAll(() => postgres?.stop());

const openFresh = async (engine: Engine): Promise<Db> =>
  engine === 'sqlite'
    ? sqliteDb(openDatabase(':memory:'))
    : postgresDb(await postgres.createDatabase());

describe.each(['sqlite', 'postgres'] as const)('the schema on %s', (engine) => {
  let db: Db;
  beforeEach(async () => {
    db = await openFresh(engine);
  });
  afterEach(() => db.destroy());

  it('has exactly the tables and columns of tables.ts after migrating a fresh database', async () => {
    expect(await migrate(db)).toEqual(readMigrations().map((migration) => migration.version));
    const columns = await columnsOf(db, engine);
    expect(byTable(columns)).toEqual(expected);
    const narrow = columns.filter((each) => WIDE.test(each.column) && each.type !== 'bigint');
    expect(narrow).toEqual([]);
  });

  it('counts her storage with triggers: messages, images and her profile picture', async () => {
    await migrate(db);
    const storage = async () =>
      (
        await db
          .selectFrom('users')
          .select('storage_bytes')
          .where('id', '=', 'u')
          .executeTakeFirstOrThrow()
      ).storage_bytes;
    await addUsers(db, ['u', 'v']);
    await db
      .insertInto('chats')
      .values({ id: 'c', user_id: 'u', persona_id: 1, created_at: 0, updated_at: 0, change_seq: 1 })
      .execute();
    expect(await storage()).toBe(0);

    // "héllo" is 6 bytes of UTF-8; the screenshot's text and analyses count too.
    await db
      .insertInto('messages')
      .values([
        {
          id: 'm1',
          chat_id: 'c',
          user_id: 'u',
          role: 'user',
          content: 'héllo',
          created_at: 0,
          change_seq: 2,
          chat_seq: 1,
        },
        {
          id: 'm2',
          chat_id: 'c',
          user_id: 'u',
          role: 'user',
          content: 'ab',
          extracted_text: 'abc',
          ocr_analysis: '{}',
          ocr_structured_data: '[1]',
          created_at: 0,
          change_seq: 3,
          chat_seq: 2,
        },
      ])
      .execute();
    expect(await storage()).toBe(6 + 2 + 3 + 2 + 3);
    await db.updateTable('messages').set({ content: 'abcd' }).where('id', '=', 'm2').execute();
    expect(await storage()).toBe(6 + 4 + 3 + 2 + 3);
    await db.deleteFrom('messages').where('id', '=', 'm1').execute();
    expect(await storage()).toBe(4 + 3 + 2 + 3);

    await db
      .insertInto('images')
      .values({
        id: 'i',
        user_id: 'u',
        format: 'png',
        bytes: 1000,
        width: 1,
        height: 1,
        created_at: 0,
      })
      .execute();
    expect(await storage()).toBe(1012);
    await db.deleteFrom('images').where('id', '=', 'i').execute();
    expect(await storage()).toBe(12);

    await db
      .insertInto('profile_image_files')
      .values([
        { url: '/p/1', user_id: 'u', bytes: 300, created_at: 0 },
        { url: '/p/2', user_id: 'u', bytes: 500, created_at: 0 },
      ])
      .execute();
    expect(await storage()).toBe(12);
    await db.updateTable('users').set({ profile_image: '/p/1' }).where('id', '=', 'u').execute();
    expect(await storage()).toBe(312);
    // Setting the same picture again changes nothing.
    await db.updateTable('users').set({ profile_image: '/p/1' }).where('id', '=', 'u').execute();
    expect(await storage()).toBe(312);
    // A new picture: its bytes count instead, and the old picture's row goes.
    await db.updateTable('users').set({ profile_image: '/p/2' }).where('id', '=', 'u').execute();
    expect(await storage()).toBe(512);
    await db.updateTable('users').set({ profile_image: null }).where('id', '=', 'u').execute();
    expect(await storage()).toBe(12);
    const files = await db.selectFrom('profile_image_files').select('url').execute();
    expect(files).toEqual([]);

    // Deleting the chat frees its messages' bytes; the other user never moved.
    await db.deleteFrom('chats').where('id', '=', 'c').execute();
    expect(await storage()).toBe(0);
    const other = await db
      .selectFrom('users')
      .select('storage_bytes')
      .where('id', '=', 'v')
      .executeTakeFirstOrThrow();
    expect(other.storage_bytes).toBe(0);
    // Deleting the user takes her rows with her, triggers and all.
    await db.deleteFrom('users').where('id', '=', 'u').execute();
  });

  it('checks a referral day is YYYY-MM-DD', async () => {
    await migrate(db);
    await db
      .insertInto('referral_counts')
      .values({ day: '2026-01-31', kind: 'help_shown', count: 1 })
      .execute();
    await expect(
      db
        .insertInto('referral_counts')
        .values({ day: '2026-1-31', kind: 'help_shown', count: 1 })
        .execute(),
    ).rejects.toThrow(/CHECK|check constraint/);
  });
});

describe('migrate on PostgreSQL', () => {
  it('applies each migration once when several processes start at once', async () => {
    const url = await postgres.createDatabase();
    const processes = [postgresDb(url), postgresDb(url), postgresDb(url)];
    try {
      const applied = await Promise.all(processes.map((db) => migrate(db)));
      expect(applied.flat().sort((a, b) => a - b)).toEqual(
        readMigrations().map((migration) => migration.version),
      );
      const [first] = processes;
      const recorded = await first!
        .selectFrom('schema_migrations')
        .select(['version', 'name'])
        .orderBy('version')
        .execute();
      expect(recorded).toEqual(readMigrations().map(({ version, name }) => ({ version, name })));
      expect(await Promise.all(processes.map((db) => migrate(db)))).toEqual([[], [], []]);
    } finally {
      await Promise.all(processes.map((db) => db.destroy()));
    }
  }, 60_000);
});
