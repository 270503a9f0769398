/**
 * `npm run bench:server`: the real server (its own process, on loopback, default config but
 * for the limits named in the table) driven by autocannon at 100 connections with signed-in
 * users: list chats, open a chat, send a message (built-in reply engine), a sync pull page (the
 * compact page her device asks for, with the rows it has not pulled yet); beside a bare Koa
 * hello-world measured the same way in the same run. Every request says what a browser says it
 * accepts (brotli, gzip), so answers cost what hers cost, compression included. Prints
 * requests/s, p50/p99 and errors for each; exits 1 on a missed budget. Last, bare Koa sends the
 * list's own answer (its bytes and headers, recorded), to show how much of the list's share the
 * answer's shape alone takes. Then the same four routes on PostgreSQL: a private cluster, two
 * server processes on one database, each driven with half the connections.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Request } from 'autocannon';
import { compactPullPath } from '@shared/compact-pull';
import { makeDataDir } from '../tests/integration/harness';
import type { RecordedAnswer } from './bare-koa';
import { freePort, startProcess, stopProcess, waitUntilUp } from './process';
import { report } from './report';
import type { Check } from './report';
import { seedHistory, withDataDirDb } from './seed';
import { startCluster } from '../scripts/postgres/cluster';
import { postgresDb } from '../sync-server/src/db/database';
import type { Db } from '../sync-server/src/db/database';

const CONNECTIONS = 100;
const WARMUP_SECONDS = 3;
const SECONDS = 10;
const USERS = 10;
const CHATS_PER_USER = 20;
const MESSAGES_PER_CHAT = 30;
/** Rows each user's devices have not pulled yet: the pull page measured. */
const DELTA_MESSAGES = 10;

const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const BUDGET = {
  listChatsShare: 0.4,
  p99Ms: 50,
  /** PostgreSQL with two processes on this machine (the database on it too). */
  postgresP99Ms: 100,
};

/**
 * The server's limits raised for the bench only, so a limit never answers its load with a
 * 429: each of 10 users sends hundreds of messages a second here, a real one at most a few a
 * minute. The built-in engine's pause between the pieces of a reply (a typing effect, no work)
 * is off, so a send measures the server, not a timer.
 */
const BENCH_ENV = {
  REPLY_LIMIT_FREE_PER_HOUR: '100000000',
  REPLY_JOB_CONCURRENCY: '64',
  BUILTIN_REPLY_PIECE_DELAY_MS: '0',
};

interface User {
  id: string;
  cookie: string;
  chatIds: string[];
  cursor: string;
}

async function register(baseUrl: string, index: number): Promise<Omit<User, 'chatIds' | 'cursor'>> {
  const answer = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${index}@example.com`, password: 'bench-pass-123' }),
  });
  const body = (await answer.json()) as { id: string };
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  const cookie = answer.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('register set no session cookie');
  return { id: body.id, cookie };
}

async function getJson<T>(baseUrl: string, pathname: string, cookie: string): Promise<T> {
  const answer = await fetch(`${baseUrl}${pathname}`, { headers: { cookie } });
  if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}`);
  return (await answer.json()) as T;
}

/** An answer as it came over the wire: its headers and its bytes, still compressed. */
function recordAnswer(url: string, headers: Record<string, string>): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    const asked = httpRequest(url, { headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () => {
        if (answer.statusCode !== 200) reject(new Error(`${url} answered ${answer.statusCode}`));
        const pairs: [string, string][] = [];
        for (let index = 0; index < answer.rawHeaders.length; index += 2) {
          pairs.push([answer.rawHeaders[index] ?? '', answer.rawHeaders[index + 1] ?? '']);
        }
        resolve({ headers: pairs, bodyBase64: Buffer.concat(chunks).toString('base64') });
      });
    });
    asked.on('error', reject);
    asked.end();
  });
}

/** The cursor a device that pulled everything now holds. */
async function cursorNow(baseUrl: string, cookie: string): Promise<string> {
  let page = { cursor: '0', hasMore: true };
  while (page.hasMore) {
    page = await getJson<typeof page>(
      baseUrl,
      `/api/sync/pull?cursor=${page.cursor}&limit=1000`,
      cookie,
    );
  }
  return String(page.cursor);
}

/**
 * Users with chats (seeded straight into the database, through `seedWith`) and a few rows not
 * pulled yet.
 */
async function seedUsers(
  baseUrl: string,
  seedWith: <T>(use: (db: Db) => Promise<T>) => Promise<T>,
): Promise<User[]> {
  const users: User[] = [];
  for (let index = 0; index < USERS; index += 1) {
    const { id, cookie } = await register(baseUrl, index);
    await seedWith((db) =>
      seedHistory(db, { userId: id, chats: CHATS_PER_USER, messagesPerChat: MESSAGES_PER_CHAT }),
    );
    const cursor = await cursorNow(baseUrl, cookie);
    await seedWith((db) =>
      seedHistory(db, { userId: id, chats: 1, messagesPerChat: DELTA_MESSAGES }),
    );
    const chats = await getJson<{ id: string }[]>(baseUrl, '/api/chats', cookie);
    users.push({ id, cookie, cursor, chatIds: chats.map((chat) => chat.id) });
  }
  return users;
}

interface Target {
  method: 'GET' | 'POST';
  /** The request for the n-th call: spread over users and chats. */
  request(n: number): { path: string; cookie: string; body?: string };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** The serving process's CPU time per answer (µs): what load elsewhere does not change. */
  cpuMicros: number;
}

/** CPU seconds (user + system) a process has used so far; NaN where /proc is missing. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function drive(
  baseUrl: string,
  target: Target,
  seconds: number,
  pid: number | undefined,
  connections = CONNECTIONS,
): Promise<Figures> {
  let n = 0;
  const request: Request = {
    method: target.method,
    setupRequest: (req) => {
      const next = target.request(n);
      n += 1;
      return {
        ...req,
        path: next.path,
        headers: {
          // What Chromium sends with the app's every fetch: answers are compressed as hers are.
          'accept-encoding': BROWSER_ACCEPT_ENCODING,
          cookie: next.cookie,
          ...(next.body ? { 'content-type': 'application/json' } : {}),
        },
        body: next.body,
      };
    },
  };
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [request],
  });
  if (process.env.BENCH_VERBOSE) {
    const { latency, errors, timeouts, non2xx, statusCodeStats } = result;
    console.log(JSON.stringify({ latency, errors, timeouts, non2xx, statusCodeStats }));
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon's `errors` are the socket errors, timeouts among them.
    errors: result.non2xx + result.errors,
    requests: result.requests.total + result.errors,
    cpuMicros: ((cpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, result.requests.total),
  };
}

async function measure(baseUrl: string, target: Target, pid: number | undefined) {
  await drive(baseUrl, target, WARMUP_SECONDS, pid);
  return drive(baseUrl, target, SECONDS, pid);
}

function targets(users: User[]): Record<string, Target> {
  const userOf = (n: number) => users[n % users.length] as User;
  const chatOf = (n: number) => {
    const user = userOf(n);
    const chatId = user.chatIds[Math.floor(n / users.length) % user.chatIds.length] as string;
    return { user, chatId };
  };
  return {
    'list chats': {
      method: 'GET',
      request: (n) => ({ path: '/api/chats', cookie: userOf(n).cookie }),
    },
    'open a chat': {
      method: 'GET',
      request: (n) => {
        const { user, chatId } = chatOf(n);
        return { path: `/api/chats/${chatId}`, cookie: user.cookie };
      },
    },
    'sync pull page': {
      method: 'GET',
      request: (n) => {
        const user = userOf(n);
        // Her device's request: the compact page the app's sync engine asks for.
        return { path: compactPullPath(user.cursor), cookie: user.cookie };
      },
    },
    'send a message': {
      method: 'POST',
      request: (n) => {
        const { user, chatId } = chatOf(n);
        return {
          path: `/api/chats/${chatId}/messages`,
          cookie: user.cookie,
          body: JSON.stringify({ message: 'School was so weird today, can I tell you about it?' }),
        };
      },
    },
  };
}

/** Drives `target` on two servers at once, half the connections each, as a balancer would. */
async function measureBoth(
  urls: [string, string],
  target: Target,
  pids: [number | undefined, number | undefined],
): Promise<Figures> {
  const both = () =>
    Promise.all([0, 1].map((i) => drive(urls[i]!, target, SECONDS, pids[i], CONNECTIONS / 2)));
  await Promise.all(
    [0, 1].map((i) => drive(urls[i]!, target, WARMUP_SECONDS, pids[i], CONNECTIONS / 2)),
  );
  const [a, b] = (await both()) as [Figures, Figures];
  return {
    rps: a.rps + b.rps,
    p50: Math.max(a.p50, b.p50),
    p99: Math.max(a.p99, b.p99),
    errors: a.errors + b.errors,
    requests: a.requests + b.requests,
    cpuMicros: (a.cpuMicros + b.cpuMicros) / 2,
  };
}

/**
 * The same four routes on PostgreSQL: a private cluster on this machine, two server processes
 * on one database, the load split between them. Answers its checks.
 */
async function measurePostgres(
  dataDir: string,
  children: ChildProcess[],
  only: string | undefined,
): Promise<Check[]> {
  const cluster = await startCluster();
  try {
    const url = await cluster.createDatabase('bench_server');
    const env = {
      ...BENCH_ENV,
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'postgres'),
      DATABASE_URL: url,
      SESSION_SECRET: 'bench-session-secret-of-more-than-32-characters',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
    };
    const urls: string[] = [];
    const pids: (number | undefined)[] = [];
    for (const name of ['a', 'b']) {
      const port = await freePort();
      const server = startProcess(
        'sync-server/src/main.ts',
        { ...env, PORT: String(port) },
        path.join(dataDir, `server-postgres-${name}.log`),
      );
      children.push(server);
      urls.push(`http://127.0.0.1:${port}`);
      pids.push(server.pid);
      // One after the other: the first makes the tables.
      await waitUntilUp(`${urls.at(-1)}/api/health`, server);
    }
    const seedDb = postgresDb(url, { max: 2 });
    let users: User[];
    try {
      users = await seedUsers(urls[0]!, (use) => use(seedDb));
    } finally {
      await seedDb.destroy();
    }
    const checks: Check[] = [];
    for (const [name, target] of Object.entries(targets(users))) {
      if (only && name !== only) continue;
      const figures = await measureBoth(
        urls as [string, string],
        target,
        pids as [number | undefined, number | undefined],
      );
      checks.push({
        measure: `PostgreSQL, 2 processes: ${name}`,
        value: fmt(figures),
        budget: '',
        ok: true,
      });
      checks.push({
        measure: `PostgreSQL, 2 processes: ${name}: p99 (ms)`,
        value: String(figures.p99),
        budget: `< ${BUDGET.postgresP99Ms}`,
        ok: figures.p99 < BUDGET.postgresP99Ms,
      });
      checks.push({
        measure: `PostgreSQL, 2 processes: ${name}: errors of ${figures.requests}`,
        value: String(figures.errors),
        budget: '0',
        ok: figures.errors === 0,
      });
    }
    return checks;
  } finally {
    await Promise.all(children.splice(0).map(stopProcess));
    cluster.stop();
  }
}

const fmt = (figures: Figures) =>
  `${Math.round(figures.rps)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ` +
  `${figures.errors} errors, ${Math.round(figures.cpuMicros)} µs CPU each`;

/** Bare Koa measured alone (its own process, stopped after), with its env (ANSWER_FILE). */
async function measureBareKoa(
  dataDir: string,
  children: ChildProcess[],
  env: Record<string, string> = {},
): Promise<Figures> {
  const koaPort = await freePort();
  const koa = startProcess(
    'bench/bare-koa.ts',
    { ...env, PORT: String(koaPort) },
    path.join(dataDir, 'koa.log'),
  );
  children.push(koa);
  const koaUrl = `http://127.0.0.1:${koaPort}`;
  await waitUntilUp(koaUrl, koa);
  const figures = await measure(
    koaUrl,
    { method: 'GET', request: () => ({ path: '/', cookie: '' }) },
    koa.pid,
  );
  await stopProcess(koa);
  return figures;
}

/** BENCH_ONLY: one route's name, e.g. 'sync pull page', to profile it alone. */
const only = process.env.BENCH_ONLY;
/** BENCH_ENGINES: `sqlite`, `postgres` or both (the default), comma-separated. */
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');

async function main() {
  const dataDir = await makeDataDir();
  const children: ChildProcess[] = [];
  try {
    const bare = await measureBareKoa(dataDir, children);

    const port = await freePort();
    const server = startProcess(
      'sync-server/src/main.ts',
      {
        ...BENCH_ENV,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
      },
      path.join(dataDir, 'server.log'),
    );
    children.push(server);
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${baseUrl}/api/health`, server);
    const users = await seedUsers(baseUrl, (use) => withDataDirDb(dataDir, use));
    const results: [string, Figures][] = [];
    for (const [name, target] of Object.entries(targets(users))) {
      if (only && name !== only) continue;
      if (!engines.includes('sqlite')) continue;
      results.push([name, await measure(baseUrl, target, server.pid)]);
    }
    // What the list's answer alone costs Koa: the same bytes and headers, none of the work.
    let sameAnswer: (Figures & { bytes: number }) | undefined;
    if (!only || only === 'list chats') {
      const user = users[0] as User;
      const answer = await recordAnswer(`${baseUrl}/api/chats`, {
        'accept-encoding': BROWSER_ACCEPT_ENCODING,
        cookie: user.cookie,
      });
      await stopProcess(server);
      const answerFile = path.join(dataDir, 'list-answer.json');
      writeFileSync(answerFile, JSON.stringify(answer));
      const bytes = Buffer.from(answer.bodyBase64, 'base64').length;
      sameAnswer = {
        ...(await measureBareKoa(dataDir, children, { ANSWER_FILE: answerFile })),
        bytes,
      };
    }

    const checks: Check[] = [
      {
        measure: `bare Koa hello-world (${CONNECTIONS} connections)`,
        value: fmt(bare),
        budget: 'baseline',
        ok: true,
      },
    ];
    if (sameAnswer) {
      checks.push({
        measure: `bare Koa sending list chats' own answer (its bytes and headers, no work)`,
        value:
          `${fmt(sameAnswer)}; ${sameAnswer.bytes} bytes of body; ` +
          `${((sameAnswer.rps / bare.rps) * 100).toFixed(1)} % of the hello-world`,
        budget: '',
        ok: true,
      });
    }
    for (const [name, figures] of results) {
      const share = figures.rps / bare.rps;
      checks.push({ measure: name, value: fmt(figures), budget: '', ok: true });
      const shareBudget = name === 'list chats' ? BUDGET.listChatsShare : undefined;
      if (shareBudget !== undefined) {
        checks.push({
          measure: `${name}: share of bare Koa's req/s (%)`,
          value: (share * 100).toFixed(1),
          budget: `>= ${shareBudget * 100}`,
          ok: share >= shareBudget,
        });
      }
      checks.push({
        measure: `${name}: p99 (ms)`,
        value: String(figures.p99),
        budget: `< ${BUDGET.p99Ms}`,
        ok: figures.p99 < BUDGET.p99Ms,
      });
      checks.push({
        measure: `${name}: errors (non-2xx, socket errors, timeouts) of ${figures.requests}`,
        value: String(figures.errors),
        budget: '0',
        ok: figures.errors === 0,
      });
    }
    if (engines.includes('postgres')) {
      checks.push(...(await measurePostgres(dataDir, children, only)));
    }
    checks.push({
      measure: 'limits raised for the bench',
      value: Object.entries(BENCH_ENV)
        .map(([name, value]) => `${name}=${value}`)
        .join(', '),
      budget: '',
      ok: true,
    });
    report('server', checks);
  } finally {
    await Promise.all(children.map(stopProcess));
    if (!process.env.BENCH_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
    else console.log(`data kept in ${dataDir}`);
  }
}

await main();
