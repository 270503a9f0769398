import { warmCrisisReading } from '@shared/safety/crisis';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import type { Config } from './config';
import { openConfiguredDatabase } from './db/configured';
import type { Db } from './db/database';
import { makeDataDirPrivate } from './db/open';
import type { SqliteConnection } from './db/open';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { trackSends } from './mail/tracked';
import type { Logger } from './logger';
import type { OcrReader } from './ocr/reader';
import { pruneProcessedMutations } from './sync/service';
import type { Background } from './background';
import { backgroundWrite } from './db/backgroundWrites';
import { localBus, postgresBus } from './bus/bus';
import type { Bus } from './bus/bus';

export interface ServerOptions {
  /** Defaults to a pino logger at LOG_LEVEL. */
  logger?: Logger;
  /** Milliseconds since the epoch; tests pass a clock they can move. */
  now?: () => number;
  /** How long close() lets in-flight requests finish before cutting them off. */
  shutdownGraceMs?: number;
  /** Defaults to the app's tesseract.js reader (tests pass a fake). */
  ocr?: OcrReader;
  /** How often old processed mutation ids are pruned (also once at start); default 6 hours. */
  pruneEveryMs?: number;
}

const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;

export interface RunningServer {
  /** e.g. http://localhost:3000 (the bound port, also when PORT=0). */
  url: string;
  port: number;
  server: Server;
  /** The config the app runs with (PUBLIC_URL carries the real port when it was derived). */
  config: Config;
  /** The server's database (SQLite or PostgreSQL): a test seeds and inspects it through this. */
  db: Db;
  /**
   * On SQLite, the server's own better-sqlite3 connection under `db` (a test makes its writes
   * fail, as a full disk would); undefined on PostgreSQL.
   */
  sqlite: SqliteConnection | undefined;
  /** Work requests started after their answers (a password reset's row and mail). */
  background: Background;
  /**
   * Stops the reply jobs (a reply being written goes back to the queue for the next start),
   * stops accepting, lets in-flight requests and outgoing mail finish, then closes the database.
   */
  close(): Promise<void>;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/**
 * TRUST_PROXY believes X-Forwarded-For; listening on every address, a client that reaches the
 * port directly writes that header itself and so picks the address its rate limits count.
 */
function warnIfProxyCanBeBypassed(config: Config, logger: Logger): void {
  if (config.trustProxyHops === 0 || !WILDCARD_HOSTS.has(config.host)) return;
  logger.warn(
    { host: config.host, trustProxy: config.trustProxyHops },
    `TRUST_PROXY is set but Besties listens on all addresses (HOST=${config.host || 'unset'}): ` +
      'anyone who reaches this port directly, not through the proxy, picks their own ' +
      'X-Forwarded-For and escapes the per-address rate limits. Set HOST=127.0.0.1 (or an ' +
      'address only the proxy reaches), or firewall the port so only the proxy can connect.',
  );
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Opens, checks and migrates the database, then serves the app on config.port (0 = any free
 * port). Throws StartRefused for a lost or damaged SQLite database.
 */
export async function startServer(
  config: Config,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config);
  // Her images, the mail outbox and the session secret are in DATA_DIR on either engine.
  makeDataDirPrivate(config.dataDir);
  const { db, sqlite } = await openConfiguredDatabase(config, logger);
  let stopPruning = () => Promise.resolve();
  let listening: Server | undefined;
  let bus: Bus | undefined;
  try {
    stopPruning = await startPruning({
      db,
      now: options.now ?? Date.now,
      logger,
      everyMs: options.pruneEveryMs ?? PRUNE_EVERY_MS,
    });
    // Her first message must not wait for the crisis reading's patterns and weights.
    warmCrisisReading();
    const server = createServer();
    const inFlight = trackResponses(server);
    const port = await listen(server, config.port, config.host);
    listening = server;
    warnIfProxyCanBeBypassed(config, logger);
    const hostForUrl = WILDCARD_HOSTS.has(config.host) ? 'localhost' : config.host;
    const url = `http://${hostForUrl.includes(':') ? `[${hostForUrl}]` : hostForUrl}:${port}`;
    const runConfig: Config = {
      ...config,
      port,
      publicUrl: config.publicUrlIsDefault ? `http://localhost:${port}` : config.publicUrl,
    };
    const mailer = trackSends(createMailer(runConfig, logger));
    // Between processes on PostgreSQL (LISTEN/NOTIFY); on SQLite there is one process.
    bus = config.databaseUrl ? postgresBus(config.databaseUrl, logger) : localBus();
    const app = createApp({
      config: runConfig,
      db,
      logger,
      mailer,
      now: options.now,
      ocr: options.ocr,
      bus,
    });
    server.on('request', app.koa.callback());
    app.replyJobs.start();
    return {
      url,
      port,
      server,
      config: runConfig,
      db,
      sqlite,
      background: app.background,
      close: () =>
        Promise.resolve()
          .then(stopPruning)
          .then(() => app.replyJobs.stop())
          .then(() => app.endLiveStreams())
          .then(() => closeServer(server, inFlight, options.shutdownGraceMs ?? 10_000))
          .then(() => app.background.settled())
          .then(() => mailer.settled())
          .then(() =>
            app.ocr.close().catch((error: unknown) => {
              logger.warn({ err: error }, 'the OCR reader did not close');
            }),
          )
          .then(() => bus?.close())
          // Closes the SQLite connection, or ends PostgreSQL's pool.
          .finally(() => db.destroy()),
    };
  } catch (error) {
    // A start that failed after listening (the app refused its config) lets the port go.
    listening?.close();
    await stopPruning();
    await bus?.close();
    await db.destroy();
    throw error;
  }
}

/**
 * Prunes now (the start waits for it) and then every `everyMs` (the timer never keeps the
 * process alive), one prune at a time; answers a function that stops it, which waits for a
 * prune under way. A failed prune (a full disk, the database unreachable) is logged and tried
 * again next time.
 */
async function startPruning(props: {
  db: Db;
  now: () => number;
  logger: Logger;
  everyMs: number;
}): Promise<() => Promise<void>> {
  let running: Promise<void> | undefined;
  const prune = async () => {
    const removed = await backgroundWrite(
      props,
      'pruning processed mutation ids',
      () => pruneProcessedMutations({ db: props.db, now: props.now }),
      (count) => count > 0,
    );
    if (removed) props.logger.info({ removed }, 'old processed mutation ids pruned');
  };
  const pruneOnce = () => {
    running ??= prune().finally(() => {
      running = undefined;
    });
    return running;
  };
  await pruneOnce();
  const timer = setInterval(() => void pruneOnce(), props.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** The responses not yet finished, so shutdown can let them end and then drop their sockets. */
function trackResponses(server: Server): Set<ServerResponse> {
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_request, response: ServerResponse) => {
    inFlight.add(response);
    response.on('close', () => inFlight.delete(response));
  });
  return inFlight;
}

/**
 * Stops accepting connections, lets in-flight requests finish (their answers say
 * `Connection: close`, so keep-alive sockets do not hold the shutdown), and cuts off
 * whatever is still open after the grace period.
 */
function closeServer(
  server: Server,
  inFlight: Set<ServerResponse>,
  graceMs: number,
): Promise<void> {
  return new Promise((resolve) => {
    const cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
    cutOff.unref();
    server.close(() => {
      clearTimeout(cutOff);
      resolve();
    });
    for (const response of inFlight) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
      response.on('close', () => server.closeIdleConnections());
    }
    server.closeIdleConnections();
  });
}
