import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { loadConfig } from '../../sync-server/src/config';
import { postgresDb, sqliteDb } from '../../sync-server/src/db/database';
import type { Db } from '../../sync-server/src/db/database';
import { DB_FILE_NAME, openDatabase } from '../../sync-server/src/db/open';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../../sync-server/src/sessions/cookie';
import type { Config } from '../../sync-server/src/config';
import type { Logger } from '../../sync-server/src/logger';
import type { OcrReader } from '../../sync-server/src/ocr/reader';
import { startServer } from '../../sync-server/src/server';
import type { RunningServer } from '../../sync-server/src/server';

export { SECURE_SESSION_COOKIE, SESSION_COOKIE };

/** A clock the test moves by hand. */
export class TestClock {
  constructor(public time = Date.now()) {}
  readonly now = () => this.time;
  advance(ms: number): void {
    this.time += ms;
  }
}

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Log lines written by the server, parsed. */
export class LogCapture {
  readonly lines: Record<string, unknown>[] = [];
  readonly raw: string[] = [];
  readonly logger: Logger = pino(
    { level: 'info' },
    new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        const text = chunk.toString();
        this.raw.push(text);
        for (const line of text.split('\n').filter(Boolean)) this.lines.push(JSON.parse(line));
        done();
      },
    }),
  );
  requestLines() {
    return this.lines.filter((line) => line.msg === 'request');
  }
  /** Lines logged at error level or worse. */
  errors() {
    return this.lines.filter((line) => typeof line.level === 'number' && line.level >= 50);
  }
}

export interface TestServer extends RunningServer {
  /**
   * The server's own database (Kysely), on SQLite or PostgreSQL: what a test reads to check
   * what was stored, or writes to seed what no request can make. Never destroy it: the server
   * closes it.
   */
  db: Db;
  dataDir: string;
  clock: TestClock;
  /** A new browser-like client with its own cookie jar. */
  client(): Client;
  /** Stops the server; `keepData` leaves DATA_DIR (and its PostgreSQL database) for a restart. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a DATA_DIR (restart: on PostgreSQL, its database too); a fresh one otherwise. */
  dataDir?: string;
  clock?: TestClock;
  logger?: Logger;
  /** A fake OCR reader (the real tesseract.js one otherwise). */
  ocr?: OcrReader;
}

/**
 * Which database the integration tests run on: SQLite in DATA_DIR (project `server`), or
 * PostgreSQL (project `server-postgres`, `TEST_DATABASE=postgres`). A test of something only
 * SQLite has (its file, its backup, its pragmas) is `describe.skipIf(onPostgres)`.
 */
export const onPostgres = process.env.TEST_DATABASE === 'postgres';

/**
 * The PostgreSQL cluster the global setup started for the run, as a URL of its maintenance
 * database: handed over by vitest's `provide('postgresUrl', …)` or the environment.
 */
function clusterUrl(): string {
  let provided: unknown;
  try {
    provided = (inject as (key: string) => unknown)('postgresUrl');
  } catch {
    provided = undefined; // outside a vitest worker
  }
  const url = typeof provided === 'string' && provided ? provided : process.env.TEST_POSTGRES_URL;
  if (!url) {
    throw new Error(
      'TEST_DATABASE=postgres but no cluster: run the server-postgres project ' +
        '(its global setup starts one) or set TEST_POSTGRES_URL.',
    );
  }
  return url;
}

/** The PostgreSQL database of each data folder made here: it goes with the folder. */
const databaseOfDataDir = new Map<string, string>();

async function onCluster<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: clusterUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database of the cluster, by a name no other test (or worker) uses. */
async function createTestDatabase(): Promise<string> {
  const name = `besties_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await onCluster((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(clusterUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)).replace(/"/g, '');
  await onCluster((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/**
 * A fresh temporary DATA_DIR; on PostgreSQL also a fresh database that goes with it (a server
 * started again on this folder, after `stop({ keepData: true })`, finds the same data).
 */
export async function makeDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'besties-test-'));
  if (onPostgres) databaseOfDataDir.set(dataDir, await createTestDatabase());
  return dataDir;
}

/** The DATABASE_URL of a data folder's server: null on SQLite (the file in DATA_DIR). */
export function databaseUrlOf(dataDir: string): string | null {
  if (!onPostgres) return null;
  const url = databaseOfDataDir.get(dataDir);
  if (!url) {
    throw new Error(`${dataDir} has no PostgreSQL database: make it with makeDataDir()`);
  }
  return url;
}

/**
 * The environment a server process (this one's or a child's) runs a data folder with:
 * DATA_DIR, and DATABASE_URL on PostgreSQL.
 */
export function dataEnvOf(dataDir: string): Record<string, string> {
  const databaseUrl = databaseUrlOf(dataDir);
  return { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
}

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    ...dataEnvOf(dataDir),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    STATIC_DIR: path.join(dataDir, 'no-build-here'),
    ...env,
  });
}

/**
 * A Kysely Db on a data folder's database (its SQLite file, or its PostgreSQL database) over a
 * connection of the test's own: to read or seed it while no server of this process has it
 * open (before the start, after the stop, under a server in a child process), or to write
 * beside a running server as another process would. `await db.destroy()` closes it (or use
 * `withDataOf`). Otherwise, while a test server runs here, use its `server.db`.
 */
export function openDataOf(dataDir: string): Db {
  const databaseUrl = databaseUrlOf(dataDir);
  if (databaseUrl) return postgresDb(databaseUrl, { max: 2 });
  return sqliteDb(openDatabase(path.join(dataDir, DB_FILE_NAME)));
}

/** Runs `use` with `openDataOf(dataDir)`, closing it afterwards. */
export async function withDataOf<T>(dataDir: string, use: (db: Db) => Promise<T>): Promise<T> {
  const db = openDataOf(dataDir);
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/** The real server on an ephemeral port over a temporary DATA_DIR (and database). */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  let dataDir = options.dataDir;
  if (dataDir === undefined) dataDir = await makeDataDir();
  else if (onPostgres && !databaseOfDataDir.has(dataDir)) {
    databaseOfDataDir.set(dataDir, await createTestDatabase());
  }
  const dir = dataDir;
  const clock = options.clock ?? new TestClock();
  const running = await startServer(testConfig(dir, options.env), {
    now: clock.now,
    logger: options.logger,
    ocr: options.ocr,
  });
  return {
    ...running,
    dataDir: dir,
    clock,
    client: () => new Client(running.url),
    stop: async ({ keepData = false } = {}) => {
      await running.close();
      if (keepData) return;
      await rm(dir, { recursive: true, force: true });
      const databaseUrl = databaseOfDataDir.get(dir);
      if (databaseUrl) {
        databaseOfDataDir.delete(dir);
        await dropTestDatabase(databaseUrl);
      }
    },
  };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  setCookies: string[];
}

/** Every answer any client received, so a test can check nothing secret ever left. */
export const allAnswers: Answer[] = [];

/** The same browser (her cookies) talking to `server`: another process on the same data. */
export function sameBrowserOn(server: TestServer, client: Client): Client {
  const other = server.client();
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

/** fetch with a cookie jar, like a browser talking to one origin. */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    method: string,
    pathname: string,
    options: { json?: unknown; body?: string | Uint8Array; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(new URL(pathname, this.baseUrl), {
      method,
      headers,
      body: body as BodyInit | undefined,
    });
    const setCookies = response.headers.getSetCookie();
    for (const cookie of setCookies) this.keep(cookie);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const answer = {
      status: response.status,
      headers: response.headers,
      text,
      body: parsed,
      setCookies,
    };
    allAnswers.push(answer);
    return answer;
  }

  get(pathname: string, headers?: Record<string, string>) {
    return this.request('GET', pathname, { headers });
  }

  post(pathname: string, json?: unknown, headers?: Record<string, string>) {
    return this.request('POST', pathname, { json, headers });
  }

  private keep(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute));
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** Cookie attributes by lower-case name (`HttpOnly` -> 'httponly': ''). */
export function cookieAttributes(setCookie: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const part of setCookie.split(';').slice(1)) {
    const [name = '', ...value] = part.trim().split('=');
    attributes[name.toLowerCase()] = value.join('=');
  }
  return attributes;
}

/** The session cookie set by an answer, under its http or its https (`__Host-`) name. */
export function sessionCookieOf(answer: Answer): string | undefined {
  return answer.setCookies.find(
    (cookie) =>
      cookie.startsWith(`${SESSION_COOKIE}=`) || cookie.startsWith(`${SECURE_SESSION_COOKIE}=`),
  );
}

/** The tables of a database (sorted by name, no views), on either engine. */
export async function tablesOf(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .filter((table) => !table.isView)
    .map((table) => table.name)
    .sort();
}

/** A table's columns in their order, on either engine (SQLite's PRAGMA table_info). */
export async function columnsOf(db: Db, table: string): Promise<string[]> {
  const tables = await db.introspection.getTables();
  const found = tables.find((each) => each.name === table && !each.isView);
  if (!found) throw new Error(`no table ${table}`);
  return found.columns.map((column) => column.name);
}

export type Row = Record<string, unknown>;

/** Every row of a table (whatever its name: what a test walks over every table with). */
export async function rowsOf(db: Db, table: string): Promise<Row[]> {
  const { rows } = await sql<Row>`SELECT * FROM ${sql.table(table)}`.execute(db);
  return rows;
}

/** Every row of every table in the database, by table name. */
export async function everyRowOf(db: Db): Promise<Map<string, Row[]>> {
  const rows = new Map<string, Row[]>();
  for (const table of await tablesOf(db)) rows.set(table, await rowsOf(db, table));
  return rows;
}
