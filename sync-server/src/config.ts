import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultOcrPoolSizes } from './ocr/limits';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;
const SESSION_SECRET_FILE = 'session-secret';
const SESSION_SECRET_MIN_LENGTH = 32;

/** `VAR=` in a shell or a .env file means "not set", not "empty". */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * How many reverse proxies stand in front of the server: `false`/`0` none, `true` one (as the
 * flag meant before), or a count. The client address is then the X-Forwarded-For entry that
 * many from the right, the one the outermost proxy added.
 */
const MAX_PROXY_HOPS = 10;
const proxyHops = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(true|false|yes|no|\d{1,2})$/, {
    error: `must be true, false or a number of proxies (0-${MAX_PROXY_HOPS})`,
  })
  .transform((value) => {
    if (value === 'true' || value === 'yes') return 1;
    if (value === 'false' || value === 'no') return 0;
    return Number(value);
  })
  .refine((hops) => hops <= MAX_PROXY_HOPS, {
    error: `must be true, false or a number of proxies (0-${MAX_PROXY_HOPS})`,
  });

/**
 * PostgreSQL's connection URL (`postgres://user:password@host:5432/besties`); both schemes
 * node-postgres reads. Its password is never logged: only this module sees the environment.
 */
const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\/[^/?#]/.test(value) && URL.canParse(value), {
    error: 'must be a postgres:// or postgresql:// URL',
  });

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((value) => value.replace(/\/+$/, ''));

/** Every environment variable the server reads, with its default. README has the same table. */
const envSchema = z.object({
  PORT: optional(z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535)),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(postgresUrl),
  PUBLIC_URL: optional(httpUrl),
  SESSION_SECRET: optional(
    z
      .string()
      .min(SESSION_SECRET_MIN_LENGTH, `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`),
  ),
  NODE_ENV: optional(z.enum(NODE_ENVS, { error: `must be one of ${NODE_ENVS.join(', ')}` })),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  STATIC_DIR: optional(z.string()),
  RATE_LIMIT_IP_PER_HOUR: optional(z.coerce.number({ error: 'must be a number' }).int().min(1)),
  TRUST_PROXY: optional(proxyHops),
  LOGIN_FAILURES_PER_EMAIL_PER_HOUR: optional(
    z.coerce.number({ error: 'must be a number' }).int().min(1),
  ),
  HASH_CONCURRENCY: optional(z.coerce.number({ error: 'must be a number' }).int().min(1).max(64)),
  HASH_QUEUE: optional(z.coerce.number({ error: 'must be a number' }).int().min(0).max(10_000)),
  OCR_THREADS: optional(z.coerce.number({ error: 'must be a number' }).int().min(1).max(64)),
  OCR_QUEUE: optional(z.coerce.number({ error: 'must be a number' }).int().min(0).max(1000)),
  OPENAI_BASE_URL: optional(httpUrl),
  OPENAI_API_KEY: optional(z.string()),
  OPENAI_MODEL: optional(z.string()),
  OPENAI_MODERATION: optional(booleanFlag),
  OPENAI_VISION: optional(booleanFlag),
  OPENAI_TIMEOUT_MS: optional(z.coerce.number({ error: 'must be a number' }).int().min(1000)),
  SAFETY_CHECK_TIMEOUT_MS: optional(z.coerce.number({ error: 'must be a number' }).int().min(0)),
  REPLY_LIMIT_FREE_PER_HOUR: optional(z.coerce.number({ error: 'must be a number' }).int().min(1)),
  REPLY_LIMIT_PAID_PER_HOUR: optional(z.coerce.number({ error: 'must be a number' }).int().min(1)),
  STORAGE_QUOTA_MB: optional(z.coerce.number({ error: 'must be a number' }).positive().max(1e7)),
  REPLY_JOB_LEASE_MS: optional(z.coerce.number({ error: 'must be a number' }).int().min(500)),
  REPLY_JOB_CONCURRENCY: optional(
    z.coerce.number({ error: 'must be a number' }).int().min(1).max(64),
  ),
  BUILTIN_REPLY_PIECE_DELAY_MS: optional(
    z.coerce.number({ error: 'must be a number' }).int().min(0).max(10_000),
  ),
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_... or rk_...)'),
  ),
  // Sent to every browser: a secret key here would leak, so only a publishable one is taken.
  STRIPE_PUBLISHABLE_KEY: optional(
    z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_...)'),
  ),
  STRIPE_WEBHOOK_SECRET: optional(z.string()),
  STRIPE_API_BASE: optional(httpUrl),
  PAYMENTS_TEST_MODE: optional(booleanFlag),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(z.string()),
});

/** The names of every environment variable the server reads. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type PaymentProviderKind = 'stripe' | 'test' | 'off';

export type LogLevel = (typeof LOG_LEVELS)[number];
export type NodeEnv = (typeof NODE_ENVS)[number];

export interface Config {
  port: number;
  host: string;
  /** Absolute path; created on first run. */
  dataDir: string;
  /**
   * PostgreSQL's URL (DATABASE_URL); null: the SQLite file in DATA_DIR. DATA_DIR still holds
   * her images, mail and the session secret either way.
   */
  databaseUrl: string | null;
  /** No trailing slash, e.g. `https://besties.example`. */
  publicUrl: string;
  /** True when PUBLIC_URL was not set and was derived from PORT (the server may then fix the port). */
  publicUrlIsDefault: boolean;
  sessionSecret: string;
  nodeEnv: NodeEnv;
  logLevel: LogLevel;
  /** Absolute path of the built PWA. */
  staticDir: string;
  rateLimitIpPerHour: number;
  /**
   * Reverse proxies in front of the server (0: none, X-Forwarded-* ignored); the client address
   * is the X-Forwarded-For entry this many from the right.
   */
  trustProxyHops: number;
  /** Failed logins for one email from all addresses together in an hour (the ceiling). */
  loginFailuresPerEmailPerHour: number;
  /** Password hashes (scrypt, 128 MiB each) computed at once by this process. */
  hashConcurrency: number;
  /** Hashes that may wait for a turn; past that the server answers 503 busy. */
  hashQueueLength: number;
  /** Images read at once, each on a worker thread of its own (ocr/reader.ts). */
  ocrThreads: number;
  /** Images that may wait for an OCR thread; past that the server answers 503 busy. */
  ocrQueueLength: number;
  /** 'openai' when OPENAI_BASE_URL or OPENAI_API_KEY is set, else the built-in persona engine. */
  replyProvider: 'openai' | 'builtin';
  /** e.g. `http://localhost:11434/v1` (Ollama); unset = api.openai.com. */
  openaiBaseUrl: string | undefined;
  /** Optional for keyless local servers. */
  openaiApiKey: string | undefined;
  openaiModel: string;
  /** Also run the provider's moderation endpoint on every user message (crisis check). */
  openaiModeration: boolean;
  /** The model takes images: enhanced analysis sends her screenshot along with its text. */
  openaiVision: boolean;
  openaiTimeoutMs: number;
  /**
   * With a model configured, how long its check of her message (a crisis or not, alongside
   * the detector) may hold her reply back; a slower check is dropped. 0: no check.
   */
  safetyCheckTimeoutMs: number;
  /** Replies (model calls) one user may ask for in an hour; crisis replies never count. */
  replyLimitFreePerHour: number;
  replyLimitPaidPerHour: number;
  /**
   * How long a claimed reply job is held without a sign of life (renewed while it is written);
   * after that a restart or another process takes it over.
   */
  replyJobLeaseMs: number;
  /** Replies written at once by this process. */
  replyJobConcurrency: number;
  /**
   * The built-in engine's pause between the pieces of a reply, so it grows on screen like a
   * model's (0: none, as the server bench runs it).
   */
  builtinReplyPieceDelayMs: number;
  /**
   * The bytes one user may keep (STORAGE_QUOTA_MB, MiB): message text with screenshot text,
   * screenshot files and her profile picture. A write past it is refused (413).
   */
  storageQuotaBytes: number;
  /**
   * 'stripe' when the Stripe keys are set; else the built-in test provider, which production
   * refuses unless PAYMENTS_TEST_MODE=true ('off': nobody can pay).
   */
  paymentProvider: PaymentProviderKind;
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  /** Checks webhook signatures; without it the webhook answers 503. */
  stripeWebhookSecret: string | undefined;
  /** Another API host for the SDK, e.g. `http://127.0.0.1:12111` (stripe-mock, tests). */
  stripeApiBase: string | undefined;
  /** e.g. `smtp://user:pass@host:587`; unset = mail is written to DATA_DIR/mail instead. */
  smtpUrl: string | undefined;
  /** The From header of every mail. */
  mailFrom: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once, listing every problem together, then prepares DATA_DIR
 * (created on first run) and the session secret (generated there when SESSION_SECRET is unset).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // With one key only, the browser and the server would disagree about who takes payments.
  if (
    Boolean(unsetIfEmpty(env.STRIPE_SECRET_KEY)) !==
    Boolean(unsetIfEmpty(env.STRIPE_PUBLISHABLE_KEY))
  ) {
    problems.push(
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: set both (Stripe) or neither (test payments)',
    );
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const vars = parsed.data;
  const nodeEnv = vars.NODE_ENV ?? 'development';
  const port = vars.PORT ?? 3000;
  const dataDir = path.resolve(vars.DATA_DIR ?? './data');
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError([`DATA_DIR: cannot create ${dataDir} (${(error as Error).message})`]);
  }
  return {
    port,
    host: vars.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: vars.DATABASE_URL ?? null,
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${port}`,
    publicUrlIsDefault: vars.PUBLIC_URL === undefined,
    sessionSecret: vars.SESSION_SECRET ?? storedSessionSecret(dataDir),
    nodeEnv,
    logLevel: vars.LOG_LEVEL ?? 'info',
    staticDir: path.resolve(vars.STATIC_DIR ?? './dist'),
    rateLimitIpPerHour: vars.RATE_LIMIT_IP_PER_HOUR ?? 300,
    trustProxyHops: vars.TRUST_PROXY ?? 0,
    loginFailuresPerEmailPerHour: vars.LOGIN_FAILURES_PER_EMAIL_PER_HOUR ?? 100,
    hashConcurrency: vars.HASH_CONCURRENCY ?? 2,
    hashQueueLength: vars.HASH_QUEUE ?? 16,
    ocrThreads: vars.OCR_THREADS ?? defaultOcrPoolSizes().threads,
    ocrQueueLength: vars.OCR_QUEUE ?? defaultOcrPoolSizes().queueLength,
    replyProvider: vars.OPENAI_BASE_URL || vars.OPENAI_API_KEY ? 'openai' : 'builtin',
    openaiBaseUrl: vars.OPENAI_BASE_URL,
    openaiApiKey: vars.OPENAI_API_KEY,
    openaiModel: vars.OPENAI_MODEL ?? 'gpt-4o-mini',
    // OpenAI itself has a moderation endpoint: used unless turned off. Other servers rarely do.
    openaiModeration: vars.OPENAI_MODERATION ?? isOpenAiItself(vars),
    openaiVision: vars.OPENAI_VISION ?? VISION_MODEL.test(vars.OPENAI_MODEL ?? 'gpt-4o-mini'),
    openaiTimeoutMs: vars.OPENAI_TIMEOUT_MS ?? 60_000,
    safetyCheckTimeoutMs: vars.SAFETY_CHECK_TIMEOUT_MS ?? 2000,
    replyLimitFreePerHour: vars.REPLY_LIMIT_FREE_PER_HOUR ?? 60,
    replyLimitPaidPerHour: vars.REPLY_LIMIT_PAID_PER_HOUR ?? 300,
    replyJobLeaseMs: vars.REPLY_JOB_LEASE_MS ?? 30_000,
    replyJobConcurrency: vars.REPLY_JOB_CONCURRENCY ?? 4,
    builtinReplyPieceDelayMs: vars.BUILTIN_REPLY_PIECE_DELAY_MS ?? 40,
    storageQuotaBytes: Math.floor((vars.STORAGE_QUOTA_MB ?? 200) * 1024 * 1024),
    paymentProvider: paymentProviderOf(vars, nodeEnv),
    stripeSecretKey: vars.STRIPE_SECRET_KEY,
    stripePublishableKey: vars.STRIPE_PUBLISHABLE_KEY,
    stripeWebhookSecret: vars.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: vars.STRIPE_API_BASE,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? 'Besties <no-reply@localhost>',
  };
}

/**
 * Only where the database is (DATA_DIR, DATABASE_URL), for the commands that need no more
 * (`npm run migrate`, `npm run backup`): parsed as loadConfig does, but touching nothing (no
 * DATA_DIR made, no session secret written).
 */
export function loadDatabaseConfig(
  env: NodeJS.ProcessEnv = process.env,
): Pick<Config, 'dataDir' | 'databaseUrl'> {
  const parsed = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return {
    dataDir: path.resolve(parsed.data.DATA_DIR ?? './data'),
    databaseUrl: parsed.data.DATABASE_URL ?? null,
  };
}

/** The secret kept in DATA_DIR, made once (32 random bytes, owner-only) and reused on restart. */
function storedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new ConfigError([`SESSION_SECRET: cannot write ${file} (${(error as Error).message})`]);
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < SESSION_SECRET_MIN_LENGTH) {
    throw new ConfigError([`SESSION_SECRET: ${file} holds a secret shorter than 32 characters`]);
  }
  return secret;
}

/** Stripe with keys; else test payments, which take no money, so production needs an opt-in. */
function paymentProviderOf(
  vars: { STRIPE_SECRET_KEY?: string; PAYMENTS_TEST_MODE?: boolean },
  nodeEnv: NodeEnv,
): PaymentProviderKind {
  if (vars.STRIPE_SECRET_KEY) return 'stripe';
  if (nodeEnv === 'production' && vars.PAYMENTS_TEST_MODE !== true) return 'off';
  return 'test';
}

/** Model names that take image input (OpenAI's and the common open ones); OPENAI_VISION overrides. */
const VISION_MODEL =
  /gpt-4o|gpt-4\.1|gpt-5|vision|llava|pixtral|gemma-?3|qwen[\d.]*-?vl|minicpm-v/i;

/** True when replies come from api.openai.com (a key and no other base URL, or its own URL). */
function isOpenAiItself(vars: { OPENAI_BASE_URL?: string; OPENAI_API_KEY?: string }): boolean {
  if (!vars.OPENAI_BASE_URL) return Boolean(vars.OPENAI_API_KEY);
  return new URL(vars.OPENAI_BASE_URL).hostname === 'api.openai.com';
}
