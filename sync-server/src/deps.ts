import type { Background } from './background';
import type { ReplyJobs } from './replies/jobs';
import type { Config } from './config';
import type { Db } from './db/database';
import type { RateLimiter } from './http/rateLimit';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { Analyser } from './ocr/analyse/types';
import type { OcrReader } from './ocr/reader';
import type { PaymentProvider } from './payments/provider';
import type { ReplyProvider } from './replies/types';

/** What services need from the outside world; built once by createApp, faked in tests. */
export interface Deps {
  config: Config;
  /** The database (SQLite or PostgreSQL) through Kysely: see db/database.ts. */
  db: Db;
  logger: Logger;
  /** Work started after an answer (a password reset's mail), which a shutdown waits for. */
  background: Background;
  /** Milliseconds since the epoch; injectable so tests can move time. */
  now: () => number;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Writes the besties' replies: an OpenAI-compatible API or the built-in engine. */
  replies: ReplyProvider;
  /** Stripe or the built-in test provider (config.paymentProvider); null when payments are off. */
  payments: PaymentProvider | null;
  /** Runs the reply owed to each accepted message as a job kept in the database. */
  replyJobs: ReplyJobs;
  /** Reads the text of an image (tesseract.js in Node); one per app, closed on shutdown. */
  ocr: OcrReader;
  /** Enhanced OCR analysis: an OpenAI-compatible model or the built-in rules. */
  analyser: Analyser;
}
