import Router from '@koa/router';
import Koa from 'koa';
import { limitPasswordHashing } from './auth/password';
import { resetRoutes } from './auth/resetRoutes';
import { authRoutes } from './auth/routes';
import { createReplyJobs } from './replies/jobs';
import type { ReplyJobs } from './replies/jobs';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Deps } from './deps';
import { jsonBody } from './http/body';
import { compressAnswers } from './http/compress';
import { healthRoutes } from './health/routes';
import { errorHandler } from './http/errorHandler';
import { methodNotAllowed, notFound } from './http/errors';
import { hostCheck, originCheck } from './http/origin';
import { createRateLimiter } from './http/rateLimit';
import { requestLog } from './http/requestLog';
import { securityHeaders } from './http/securityHeaders';
import { sessionMiddleware } from './sessions/cookie';
import { staticFiles } from './http/static';
import type { AppState } from './http/types';
import { isApiPath } from './http/types';
import type { Logger } from './logger';
import { createMailer } from './mail/mailer';
import type { Mailer } from './mail/mailer';
import { chatRoutes } from './chats/routes';
import { replyRoutes } from './replies/routes';
import { imageRoutes } from './images/routes';
import { createAnalyser } from './ocr/analyse/analyser';
import type { Analyser } from './ocr/analyse/types';
import { createOcrReader } from './ocr/reader';
import type { OcrReader } from './ocr/reader';
import { ocrRoutes } from './ocr/routes';
import type { PaymentProvider } from './payments/provider';
import { createPaymentProvider } from './payments/providers';
import { paymentRoutes, STRIPE_WEBHOOK_PATH } from './payments/routes';
import { personaRoutes } from './personas/routes';
import { referralRoutes } from './referrals/routes';
import { useBus } from './sync/notify';
import { localBus } from './bus/bus';
import { createBackground } from './background';
import type { Background } from './background';
import type { Bus } from './bus/bus';
import { syncRoutes } from './sync/routes';
import { accountRoutes } from './account/routes';
import { sessionRoutes } from './sessions/routes';
import { userRoutes } from './users/routes';
import { createReplyProvider } from './replies/provider';
import type { ReplyProvider } from './replies/types';

export interface AppOptions {
  config: Config;
  db: Db;
  logger: Logger;
  /** Milliseconds since the epoch; tests pass a clock they can move. */
  now?: () => number;
  /** Defaults to SMTP (SMTP_URL) or the DATA_DIR/mail outbox. */
  mailer?: Mailer;
  /** Defaults to OPENAI_* (an OpenAI-compatible API) or the built-in persona engine. */
  replies?: ReplyProvider;
  /** Defaults to config.paymentProvider: Stripe, the built-in test provider, or null (off). */
  payments?: PaymentProvider | null;
  /** Defaults to a tesseract.js reader (one worker, started on first use). */
  ocr?: OcrReader;
  /** Defaults to the model when OPENAI_* is set, else the built-in rule-based analysers. */
  analyser?: Analyser;
  /**
   * Carries live-sync pokes and replies' pieces between processes: PostgreSQL's
   * LISTEN/NOTIFY (the server makes it with DATABASE_URL), else in this process.
   */
  bus?: Bus;
}

function apiRouter(deps: Deps): Router<AppState> {
  const api = new Router<AppState>({ prefix: '/api' });
  const auth = authRoutes(deps);
  api.use(auth.routes());
  api.use(resetRoutes(deps).routes());
  api.use(personaRoutes().routes());
  api.use(chatRoutes(deps).routes());
  api.use(replyRoutes(deps).routes());
  api.use(syncRoutes(deps).routes());
  api.use(paymentRoutes(deps).routes());
  api.use(ocrRoutes(deps).routes());
  api.use(imageRoutes(deps).routes());
  api.use(userRoutes(deps).routes());
  api.use(sessionRoutes(deps).routes());
  api.use(accountRoutes(deps).routes());
  api.use(healthRoutes(deps).routes());
  api.use(referralRoutes(deps).routes());
  return api;
}

/** A client that closed its connection mid-answer (often right after the last byte). */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const isClientGone = (error: unknown) =>
  CLIENT_GONE.has(String((error as { code?: unknown } | null)?.code));

/**
 * An /api path no route answered is a JSON 404 (never the app's index.html), and a wrong
 * method a JSON 405 that keeps the router's Allow header.
 */
const apiFallbacks: Koa.Middleware = async (ctx, next) => {
  await next();
  if (!isApiPath(ctx.path) || ctx.body != null) return;
  if (ctx.status === 404) throw notFound();
  if (ctx.status === 405 || ctx.status === 501) throw methodNotAllowed();
};

export interface App {
  koa: Koa<AppState>;
  /** Not started: the server starts it once it listens and stops it first on shutdown. */
  replyJobs: ReplyJobs;
  /** The app's OCR reader: the server closes it on shutdown. */
  ocr: OcrReader;
  /** Ends every live sync stream (they never end by themselves): the server's shutdown. */
  endLiveStreams(): void;
  /** What requests started after their answers; the shutdown waits for it. */
  background: Background;
}

/** The Koa app (middleware and routes) and its reply job runner; no listening, no side effects. */
export function createApp({
  config,
  db,
  logger,
  now = Date.now,
  mailer,
  replies,
  payments,
  ocr,
  analyser,
  bus: busOption,
}: AppOptions): App {
  const bus = busOption ?? localBus();
  const changes = useBus(db, bus);
  const deps: Deps = {
    config,
    db,
    logger,
    background: createBackground(logger),
    now,
    limiter: createRateLimiter(db, now),
    mailer: mailer ?? createMailer(config, logger),
    replies: replies ?? createReplyProvider(config, logger),
    replyJobs: createReplyJobs(() => deps, bus),
    payments: payments !== undefined ? payments : createPaymentProvider({ config, db, now }),
    ocr: ocr ?? createOcrReader({ threads: config.ocrThreads, queueLength: config.ocrQueueLength }),
    analyser: analyser ?? createAnalyser(config, logger),
  };
  // Behind n proxies the client is the X-Forwarded-For entry n from the right (ctx.ip): the
  // entries left of it are whatever the client sent, so they never choose a rate-limit bucket.
  const proxyHops = config.trustProxyHops;
  const app = new Koa<AppState>({ proxy: proxyHops > 0, maxIpsCount: proxyHops });
  // Password hashes queue per process (auth/password.ts), however many apps it builds.
  limitPasswordHashing({
    concurrency: config.hashConcurrency,
    queueLength: config.hashQueueLength,
  });
  const api = apiRouter(deps);

  app.use(requestLog(logger));
  app.use(errorHandler(logger));
  app.use(compressAnswers());
  app.use(securityHeaders(config));
  app.use(hostCheck(config.publicUrl));
  app.use(originCheck(config.publicUrl));
  app.use(sessionMiddleware(deps));
  app.use(jsonBody({ rawPaths: [STRIPE_WEBHOOK_PATH] }));
  app.use(apiFallbacks);
  app.use(api.routes());
  app.use(api.allowedMethods());
  app.use(staticFiles(config.staticDir));

  // Errors after the answer has started (e.g. a broken file stream) only reach this.
  app.on('error', (error: unknown) => {
    if (isClientGone(error)) logger.debug({ err: error }, 'client went away');
    else logger.error({ err: error }, 'response failed');
  });
  return {
    koa: app,
    replyJobs: deps.replyJobs,
    ocr: deps.ocr,
    endLiveStreams: () => changes.close(),
    background: deps.background,
  };
}
