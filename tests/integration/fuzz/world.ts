import type fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { SubscriptionTier } from '@shared/user';
import { startSession } from '../../../sync-server/src/sessions/lifecycle';
import type { Deps } from '../../../sync-server/src/deps';
import { grantTier } from '../../../sync-server/src/entitlements/service';
import Stripe from 'stripe';
import { FakeOpenAi } from '../fakes/openai';
import { FakeStripe, STRIPE_WEBHOOK_SECRET, stripeEnv } from '../fakes/stripe';
import { fakeReader, pixelBombPng, smallPng } from '../fakes/ocr';
import { rowsOf, SESSION_COOKIE, startTestServer, tablesOf, TestClock } from '../harness';
import type { TestServer } from '../harness';
import type { FuzzHeaders } from './arbitraries';
import type { IdKind, Known } from './routes';

/** Runs per property: small inside `npm test`, FUZZ_RUNS=400 in `npm run fuzz`. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 20);

/**
 * Tables left out of the before/after comparison, because they record rejected requests by
 * design: rate_limits counts every attempt (refused or not) and holds the failed-login
 * counters (login-email, login-ip), so a 400 or 401 or 429 rightly adds to it.
 */
const UNCOMPARED_TABLES = new Set(['rate_limits']);
/**
 * Columns left out: a session's last use is written (at most once a minute) by any
 * authenticated request, accepted or not, and the tests move the clock between routes.
 */
const UNCOMPARED_COLUMNS: Record<string, string[]> = { sessions: ['last_seen_at'] };

/** Every limit an env var can raise, raised, so the fuzzer mostly gets past the 429s. */
export const RAISED_LIMITS = {
  RATE_LIMIT_IP_PER_HOUR: '1000000',
  LOGIN_FAILURES_PER_EMAIL_PER_HOUR: '1000000',
  REPLY_LIMIT_FREE_PER_HOUR: '1000000',
  REPLY_LIMIT_PAID_PER_HOUR: '1000000',
  HASH_QUEUE: '10000',
  // One proxy hop: X-Forwarded-For (fuzzed) then chooses the client address.
  TRUST_PROXY: '1',
};

export interface FuzzRequest {
  method: string;
  /** Path and query, already encoded as the fuzzer wants them on the wire. */
  target: string;
  headers: FuzzHeaders & { contentType?: string };
  body?: string | Uint8Array;
  /** The Cookie header, given her real session cookie value (undefined for a visitor). */
  cookie: (session?: string) => string | undefined;
  /** Sign the body as Stripe would (when the server takes Stripe webhooks). */
  signWebhook?: boolean;
}

export interface Sent {
  status: number;
  text: string;
}

type Snapshot = Record<string, string[]>;

/** A real server on a temp DATA_DIR with a signed-in account, and the checks every run makes. */
export class FuzzWorld {
  readonly clock = new TestClock(Date.UTC(2026, 0, 15, 12));
  readonly known: Known;
  readonly failures: string[] = [];
  images!: { png: Uint8Array; bomb: Uint8Array };
  server!: TestServer;
  private readonly openai = new FakeOpenAi();
  private readonly stripe = new FakeStripe();
  private staticDir = '';
  private account: { email: string; password: string; session: string; userId: string } | undefined;
  private accounts = 0;
  private readonly onUnhandled = (error: unknown) => {
    this.failures.push(`unhandled: ${String((error as Error)?.stack ?? error)}`);
  };

  /**
   * Her real ids of each kind as the database held them after the last case: fast-check makes
   * a case synchronously, so they are read (asynchronously) before it, not while it is made.
   */
  private knownIds = new Map<IdKind, string[]>();

  /**
   * `tier`: her plan (granted at sign-up); `stripe`: payments go to a fake Stripe (else the
   * built-in test provider); `env`: the server's environment on top of ours.
   */
  constructor(
    private readonly options: {
      env?: Record<string, string>;
      tier?: SubscriptionTier;
      stripe?: boolean;
    } = {},
  ) {
    this.known = {
      email: () => this.account?.email ?? 'nobody@example.com',
      password: () => this.account?.password ?? 'fuzz-pass-1234',
      ids: (kind) => this.ids(kind),
    };
  }

  async start(): Promise<void> {
    process.on('unhandledRejection', this.onUnhandled);
    process.on('uncaughtException', this.onUnhandled);
    this.images = {
      png: new Uint8Array(await smallPng()),
      bomb: new Uint8Array(pixelBombPng(30_000, 30_000)),
    };
    this.staticDir = await builtApp();
    const openaiUrl = await this.openai.start();
    if (this.options.stripe) await this.stripe.start();
    this.server = await startTestServer({
      clock: this.clock,
      ocr: fakeReader(),
      logger: this.errorLog(),
      env: {
        STATIC_DIR: this.staticDir,
        OPENAI_BASE_URL: openaiUrl,
        OPENAI_MODERATION: 'false',
        ...(this.options.stripe ? stripeEnv(this.stripe) : {}),
        ...this.options.env,
      },
    });
  }

  async stop(): Promise<void> {
    await this.server?.stop();
    await this.openai.stop();
    if (this.options.stripe) await this.stripe.stop();
    await rm(this.staticDir, { recursive: true, force: true });
    process.off('unhandledRejection', this.onUnhandled);
    process.off('uncaughtException', this.onUnhandled);
    // Anything unhandled or logged after the last case (e.g. while shutting down) fails too.
    if (this.failures.length > 0) throw new Error(this.failures.join('\n'));
  }

  /** The server's logger, keeping only errors: a handler that threw something unknown logs one. */
  private errorLog() {
    return pino(
      { level: 'error' },
      new Writable({
        write: (chunk: Buffer, _encoding, done) => {
          for (const line of chunk.toString().split('\n').filter(Boolean)) {
            this.failures.push(`logged: ${line}`);
          }
          done();
        },
      }),
    );
  }

  /** A new hour: the per-user and per-address windows that no env var raises start again. */
  nextHour(): void {
    this.clock.advance(61 * 60 * 1000);
  }

  /** Signs in (again) when a run logged her out, ended her session or deleted her account. */
  async ensureSignedIn(): Promise<string> {
    if (this.account) {
      const check = await this.send(plain('GET', '/api/user'), this.account.session);
      if (check.status === 200) return this.account.session;
      if (this.ids('user').length > 0 && (await this.userExists(this.account.userId))) {
        this.account.session = await this.mintSession(this.account.userId);
        return this.account.session;
      }
    }
    await this.register();
    return this.account!.session;
  }

  /** A new account with a chat (her message and its reply), a screenshot and a picture. */
  private async register(): Promise<void> {
    this.accounts += 1;
    const email = `fuzz-${this.accounts}-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'fuzz-pass-1234';
    const answer = await this.api('POST', '/api/register', { email, password });
    if (answer.status !== 201) throw new Error(`register failed: ${answer.status} ${answer.text}`);
    const userId = JSON.parse(answer.text).id as string;
    this.account = { email, password, session: answer.session, userId };
    if (this.options.tier && this.options.tier !== 'free') {
      // Between runs, to give her a plan without a payment each time.
      await grantTier(
        { db: this.server.db, now: this.clock.now },
        { userId, tier: this.options.tier, expiresAt: null },
      );
    }
    const chat = await this.api(
      'POST',
      '/api/chats',
      { id: randomUUID(), messageId: randomUUID(), personaId: 1, message: 'hello bestie' },
      answer.session,
    );
    if (chat.status !== 201) throw new Error(`seeding a chat failed: ${chat.status} ${chat.text}`);
    for (const [target, field] of [
      ['/api/ocr/upload?ocr=false', 'image'],
      ['/api/user/profile-image', 'profileImage'],
    ] as const) {
      const form = new FormData();
      form.append(
        field,
        new Blob([this.images.png as BlobPart], { type: 'image/png' }),
        'seed.png',
      );
      const response = await fetch(new URL(target, this.server.url), {
        method: 'POST',
        headers: { cookie: `${SESSION_COOKIE}=${answer.session}` },
        body: form,
      });
      if (!response.ok) throw new Error(`seeding ${target} failed: ${response.status}`);
      await response.text();
    }
  }

  private async userExists(userId: string): Promise<boolean> {
    const row = await this.server.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A new session for her, as a login makes one (the same code), minus the password check:
   * between runs, without a password hash each time.
   */
  private async mintSession(userId: string): Promise<string> {
    const deps = {
      db: this.server.db,
      config: this.server.config,
      now: this.clock.now,
    } as unknown as Deps;
    return (await startSession(deps, { userId, userAgent: 'fuzz' })).id;
  }

  /** A JSON request as the app sends it; answers the status, text and any new session id. */
  private async api(method: string, target: string, json: unknown, session?: string) {
    const response = await fetch(new URL(target, this.server.url), {
      method,
      headers: {
        'content-type': 'application/json',
        ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}),
      },
      body: JSON.stringify(json),
    });
    const text = await response.text();
    const cookie = response.headers
      .getSetCookie()
      .find((each) => each.startsWith(`${SESSION_COOKIE}=`));
    const value = cookie?.split(';')[0]?.slice(SESSION_COOKIE.length + 1) ?? '';
    return { status: response.status, text, session: value };
  }

  /** Her real ids of a kind, as read after the last case (rows come and go as the fuzzer runs). */
  private ids(kind: IdKind): string[] {
    const userId = this.account?.userId;
    if (!userId) return [];
    if (kind === 'user') return [userId];
    return this.knownIds.get(kind) ?? [];
  }

  /** Reads her real ids of every kind from the database, for the cases made next. */
  private async readIds(): Promise<void> {
    this.knownIds.clear();
    const userId = this.account?.userId;
    if (!userId) return;
    const db = this.server.db;
    const present = (rows: { id: string | null }[]) =>
      rows.flatMap((row) => (row.id ? [row.id] : []));
    this.knownIds.set(
      'chat',
      present(
        await db.selectFrom('chats').select('id').where('user_id', '=', userId).limit(5).execute(),
      ),
    );
    this.knownIds.set(
      'message',
      present(
        await db
          .selectFrom('messages as m')
          .innerJoin('chats as c', 'c.id', 'm.chat_id')
          .select('m.id as id')
          .where('c.user_id', '=', userId)
          .limit(10)
          .execute(),
      ),
    );
    this.knownIds.set(
      'image',
      present(
        await db.selectFrom('images').select('id').where('user_id', '=', userId).limit(5).execute(),
      ),
    );
    this.knownIds.set(
      'session',
      present(
        await db
          .selectFrom('sessions')
          .select('public_id as id')
          .where('user_id', '=', userId)
          .execute(),
      ),
    );
    this.knownIds.set(
      'profileImage',
      present(
        await db
          .selectFrom('users')
          .select('profile_image as id')
          .where('id', '=', userId)
          .execute(),
      ).map((url) => url.split('/').at(-1) ?? url),
    );
  }

  /** Every compared table's rows, as sorted JSON lines. */
  async snapshot(): Promise<Snapshot> {
    const tables = (await tablesOf(this.server.db)).filter((name) => !UNCOMPARED_TABLES.has(name));
    const snapshot: Snapshot = {};
    for (const table of tables) {
      const skip = UNCOMPARED_COLUMNS[table] ?? [];
      snapshot[table] = (await rowsOf(this.server.db, table))
        .map((row) => {
          const kept = { ...row };
          for (const column of skip) delete kept[column];
          return JSON.stringify(kept, (_key, value: unknown) =>
            Buffer.isBuffer(value) ? value.toString('hex') : value,
          );
        })
        .sort();
    }
    return snapshot;
  }

  /**
   * Waits until no reply is being written and no after-answer work runs, so the next snapshot
   * sees only the next request.
   */
  async settle(): Promise<void> {
    const pending = async () => {
      const row = await this.server.db
        .selectFrom('reply_jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst();
      return row?.n ?? 0;
    };
    const deadline = performance.now() + 10_000;
    while ((await pending()) > 0) {
      if (performance.now() > deadline) throw new Error('reply jobs did not finish in 10 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // What an earlier request started after its answer (a reset's row) is its change, not
    // the next request's.
    await this.server.background.settled();
  }

  async send(request: FuzzRequest, session?: string): Promise<Sent> {
    const { headers: fuzzed } = request;
    const headers: Record<string, string> = {};
    const set = (name: string, value: string | undefined) => {
      if (value !== undefined && value !== '') headers[name] = value;
    };
    set('content-type', fuzzed.contentType);
    set('origin', fuzzed.origin);
    set('sec-fetch-site', fuzzed.secFetchSite);
    set('accept', fuzzed.accept);
    set('x-forwarded-for', fuzzed.forwardedFor);
    set('user-agent', fuzzed.userAgent);
    set('stripe-signature', fuzzed.stripeSignature);
    set('content-encoding', fuzzed.contentEncoding);
    if (request.signWebhook && typeof request.body === 'string') {
      headers['stripe-signature'] = Stripe.webhooks.generateTestHeaderString({
        payload: request.body,
        secret: STRIPE_WEBHOOK_SECRET,
        timestamp: Math.floor(this.clock.now() / 1000),
      });
    }
    if (fuzzed.extra) set(fuzzed.extra[0], fuzzed.extra[1]);
    set('cookie', request.cookie(session));
    const response = await fetch(`${this.server.url}${request.target}`, {
      method: request.method,
      headers,
      body: request.body as BodyInit | undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    // The live channel (GET /api/sync/events) stays open by design: its head is the answer.
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, text: '' };
    }
    return { status: response.status, text: await response.text() };
  }

  /**
   * One fuzz case: settle, snapshot, send, settle, then the properties. Throws (so fast-check
   * shrinks and prints the seed) on a 5xx, an unhandled error, an error in the server's log, or
   * a rejected request that changed the database.
   */
  async check(request: FuzzRequest, signedIn: boolean): Promise<void> {
    try {
      await this.checkCase(request, signedIn);
    } finally {
      // For the next case (or the shrinking of this one): made from the ids there are now.
      await this.readIds();
    }
  }

  private async checkCase(request: FuzzRequest, signedIn: boolean): Promise<void> {
    const checkStarted = performance.now();
    const session = signedIn ? await this.ensureSignedIn() : undefined;
    await this.settle();
    const before = await this.snapshot();
    const started = performance.now();
    const sent = await this.send(request, session);
    // FUZZ_DEBUG=1 prints each case's time before sending and sending, its size and status.
    if (process.env.FUZZ_DEBUG) {
      const ms = (from: number) => Math.round(performance.now() - from);
      console.log(
        `FUZZ pre=${Math.round(started - checkStarted)} send=${ms(started)} size=${request.body?.length ?? 0} ${sent.status} ${request.method} ${request.target.slice(0, 60)}`,
      );
    }
    await this.settle();
    const after = await this.snapshot();
    await new Promise((resolve) => setImmediate(resolve));
    const problems = this.failures.splice(0);
    if (sent.status >= 500) problems.push(`status ${sent.status}: ${sent.text.slice(0, 500)}`);
    if (sent.status >= 400) problems.push(...differences(before, after));
    if (problems.length > 0) {
      throw new Error(
        [
          `${request.method} ${request.target} -> ${sent.status} ${sent.text.slice(0, 300)}`,
          `signed in: ${signedIn}; cookie: ${request.cookie(session)?.slice(0, 120)}`,
          `headers: ${JSON.stringify(request.headers).slice(0, 600)}`,
          `body: ${describeBody(request.body)}`,
          ...problems,
        ].join('\n'),
      );
    }
  }
}

const describeBody = (body: FuzzRequest['body']) =>
  body === undefined
    ? 'none'
    : typeof body === 'string'
      ? JSON.stringify(body.slice(0, 400)) + (body.length > 400 ? ` (${body.length} chars)` : '')
      : `${body.length} bytes: ${Buffer.from(body.subarray(0, 200)).toString('latin1')}`;

/** A request with nothing odd about it (for the world's own checks). */
function plain(method: string, target: string): FuzzRequest {
  return {
    method,
    target,
    headers: {},
    cookie: (session) => session && `${SESSION_COOKIE}=${session}`,
  };
}

/** What changed between two snapshots, table by table (a few rows each). */
function differences(before: Snapshot, after: Snapshot): string[] {
  const problems: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = new Set(before[table] ?? []);
    const now = new Set(after[table] ?? []);
    const removed = [...old].filter((row) => !now.has(row));
    const added = [...now].filter((row) => !old.has(row));
    if (removed.length + added.length === 0) continue;
    problems.push(
      `database changed on a rejected request: ${table}\n` +
        removed
          .slice(0, 3)
          .map((row) => `  - ${row.slice(0, 300)}`)
          .join('\n') +
        added
          .slice(0, 3)
          .map((row) => `  + ${row.slice(0, 300)}`)
          .join('\n'),
    );
  }
  return problems;
}

/** A built app's stand-in: index.html with an inline script, a hashed asset and a source map. */
async function builtApp(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'besties-fuzz-static-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script>document.documentElement.dataset.theme="pink"</script></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
  );
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  await writeFile(path.join(dir, 'assets', 'index-abc123.js.map'), '{}');
  await writeFile(path.join(dir, 'manifest.webmanifest'), '{"name":"Besties"}');
  await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  return dir;
}

/**
 * fast-check's options: FUZZ_SEED (and FUZZ_PATH) replay a failure it printed. No shrinking
 * unless FUZZ_SHRINK is set: every step is a request to a server whose state has moved on, so
 * it rarely finds a smaller case and often runs out of time.
 */
export function fuzzOptions(numRuns: number): fc.Parameters<unknown> {
  const seed = process.env.FUZZ_SEED;
  return {
    numRuns,
    endOnFailure: !process.env.FUZZ_SHRINK,
    ...(seed ? { seed: Number(seed), path: process.env.FUZZ_PATH } : {}),
  };
}
