import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDatabaseConfig } from './config';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'besties-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dir, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has a default for every variable', () => {
    const dataDir = path.join(dir, 'nested', 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: null,
      publicUrl: 'http://localhost:3000',
      publicUrlIsDefault: true,
      sessionSecret: expect.any(String),
      nodeEnv: 'development',
      logLevel: 'info',
      staticDir: path.resolve('dist'),
      rateLimitIpPerHour: 300,
      trustProxyHops: 0,
      loginFailuresPerEmailPerHour: 100,
      hashConcurrency: 2,
      hashQueueLength: 16,
      ocrThreads: Math.max(1, availableParallelism() - 1),
      ocrQueueLength: 8,
      smtpUrl: undefined,
      mailFrom: 'Besties <no-reply@localhost>',
      replyProvider: 'builtin',
      openaiBaseUrl: undefined,
      openaiApiKey: undefined,
      openaiModel: 'gpt-4o-mini',
      openaiModeration: false,
      openaiVision: true,
      openaiTimeoutMs: 60_000,
      safetyCheckTimeoutMs: 2000,
      replyLimitFreePerHour: 60,
      replyLimitPaidPerHour: 300,
      replyJobLeaseMs: 30_000,
      replyJobConcurrency: 4,
      builtinReplyPieceDelayMs: 40,
      storageQuotaBytes: 200 * 1024 * 1024,
      paymentProvider: 'test',
      stripeSecretKey: undefined,
      stripePublishableKey: undefined,
      stripeWebhookSecret: undefined,
      stripeApiBase: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://besties:secret@db.example:5432/besties',
      PUBLIC_URL: 'https://besties.example/',
      SESSION_SECRET: 's'.repeat(32),
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      STATIC_DIR: '/srv/besties',
      RATE_LIMIT_IP_PER_HOUR: '7',
      TRUST_PROXY: '2',
      LOGIN_FAILURES_PER_EMAIL_PER_HOUR: '40',
      HASH_CONCURRENCY: '3',
      HASH_QUEUE: '8',
      OCR_THREADS: '3',
      OCR_QUEUE: '0',
      SMTP_URL: 'smtp://user:pass@mail.example:587',
      MAIL_FROM: 'Besties <hello@besties.example>',
      REPLY_JOB_LEASE_MS: '5000',
      REPLY_JOB_CONCURRENCY: '2',
      BUILTIN_REPLY_PIECE_DELAY_MS: '0',
      STORAGE_QUOTA_MB: '0.5',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://besties:secret@db.example:5432/besties',
      publicUrl: 'https://besties.example',
      publicUrlIsDefault: false,
      sessionSecret: 's'.repeat(32),
      nodeEnv: 'production',
      logLevel: 'silent',
      staticDir: '/srv/besties',
      rateLimitIpPerHour: 7,
      trustProxyHops: 2,
      loginFailuresPerEmailPerHour: 40,
      hashConcurrency: 3,
      hashQueueLength: 8,
      ocrThreads: 3,
      ocrQueueLength: 0,
      smtpUrl: 'smtp://user:pass@mail.example:587',
      mailFrom: 'Besties <hello@besties.example>',
      replyJobLeaseMs: 5000,
      replyJobConcurrency: 2,
      builtinReplyPieceDelayMs: 0,
      storageQuotaBytes: 512 * 1024,
    });
  });

  it.each([
    ['0', 0],
    ['false', 0],
    ['no', 0],
    ['1', 1],
    ['true', 1],
    ['TRUE', 1],
    ['yes', 1],
    ['2', 2],
    [' 3 ', 3],
    ['10', 10],
  ])('reads TRUST_PROXY=%j as %i proxy hops', (value, hops) => {
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: value }).trustProxyHops).toBe(hops);
  });

  it.each(['maybe', '-1', '1.5', '11', '2 proxies', 'on'])(
    'refuses TRUST_PROXY=%j with a config error',
    (value) => {
      expect(problemsOf({ TRUST_PROXY: value })).toEqual([
        'TRUST_PROXY: must be true, false or a number of proxies (0-10)',
      ]);
    },
  );

  it('derives PUBLIC_URL from PORT and accepts PORT=0', () => {
    expect(loadConfig({ DATA_DIR: dir, PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ DATA_DIR: dir, PORT: '0' }).port).toBe(0);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATA_DIR: dir, PORT: '', LOG_LEVEL: '' })).toMatchObject({
      port: 3000,
      logLevel: 'info',
    });
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      PORT: 'abc',
      PUBLIC_URL: 'ftp://besties.example',
      SESSION_SECRET: 'short',
      NODE_ENV: 'staging',
      LOG_LEVEL: 'loud',
      RATE_LIMIT_IP_PER_HOUR: '0',
      TRUST_PROXY: 'maybe',
      REPLY_JOB_LEASE_MS: '10',
      REPLY_JOB_CONCURRENCY: 'lots',
      BUILTIN_REPLY_PIECE_DELAY_MS: '-5',
      HASH_CONCURRENCY: '0',
      HASH_QUEUE: 'many',
      OCR_THREADS: '0',
      OCR_QUEUE: '-1',
      STORAGE_QUOTA_MB: '0',
    });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'BUILTIN_REPLY_PIECE_DELAY_MS',
      'HASH_CONCURRENCY',
      'HASH_QUEUE',
      'LOG_LEVEL',
      'NODE_ENV',
      'OCR_QUEUE',
      'OCR_THREADS',
      'PORT',
      'PUBLIC_URL',
      'RATE_LIMIT_IP_PER_HOUR',
      'REPLY_JOB_CONCURRENCY',
      'REPLY_JOB_LEASE_MS',
      'SESSION_SECRET',
      'STORAGE_QUOTA_MB',
      'TRUST_PROXY',
    ]);
    expect(problems).toContain('PORT: must be a number');
    expect(problems).toContain('SESSION_SECRET: must be at least 32 characters');
  });

  it('takes PostgreSQL from DATABASE_URL (postgres:// or postgresql://), else SQLite in DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: '' }).databaseUrl).toBeNull();
    expect(
      loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgresql://localhost/besties?sslmode=require' })
        .databaseUrl,
    ).toBe('postgresql://localhost/besties?sslmode=require');
    for (const wrong of [
      'mysql://localhost/besties',
      'postgres:/nohost',
      'besties.sqlite',
      'postgres://',
    ]) {
      expect(problemsOf({ DATABASE_URL: wrong })).toEqual([
        'DATABASE_URL: must be a postgres:// or postgresql:// URL',
      ]);
    }
  });

  it('reads only where the database is for the database commands, making nothing', async () => {
    const dataDir = path.join(dir, 'not-yet');
    expect(loadDatabaseConfig({ DATA_DIR: dataDir, PORT: 'not checked here' })).toEqual({
      dataDir,
      databaseUrl: null,
    });
    await expect(stat(dataDir)).rejects.toThrow(/ENOENT/);
    expect(
      loadDatabaseConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/besties' }).databaseUrl,
    ).toBe('postgres://db/besties');
    expect(() => loadDatabaseConfig({ DATABASE_URL: 'sqlite://x' })).toThrow(
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
    );
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(problemsOf({ SMTP_URL: 'http://mail.example' })).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    ]);
    expect(problemsOf({ SMTP_URL: 'smtps://mail.example:465' })).toEqual([]);
  });

  it('uses an OpenAI-compatible server when OPENAI_BASE_URL or OPENAI_API_KEY is set', () => {
    expect(
      loadConfig({
        DATA_DIR: dir,
        OPENAI_BASE_URL: 'http://localhost:11434/v1/',
        OPENAI_MODEL: 'llama3.2',
        OPENAI_MODERATION: 'true',
        OPENAI_TIMEOUT_MS: '30000',
      }),
    ).toMatchObject({
      replyProvider: 'openai',
      openaiBaseUrl: 'http://localhost:11434/v1',
      openaiApiKey: undefined,
      openaiModel: 'llama3.2',
      openaiModeration: true,
      openaiTimeoutMs: 30_000,
    });
    expect(loadConfig({ DATA_DIR: dir, OPENAI_API_KEY: 'sk-test' })).toMatchObject({
      replyProvider: 'openai',
      openaiApiKey: 'sk-test',
    });
  });

  it('sends screenshots to models that take images, unless OPENAI_VISION says otherwise', () => {
    const vision = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dir, ...env }).openaiVision;
    expect(vision({ OPENAI_MODEL: 'gpt-4o' })).toBe(true);
    expect(vision({ OPENAI_MODEL: 'llava:13b' })).toBe(true);
    expect(vision({ OPENAI_MODEL: 'llama3.1:8b' })).toBe(false);
    expect(vision({ OPENAI_MODEL: 'llama3.1:8b', OPENAI_VISION: 'true' })).toBe(true);
    expect(vision({ OPENAI_MODEL: 'gpt-4o', OPENAI_VISION: 'false' })).toBe(false);
  });

  it("uses OpenAI's own moderation by default only with OpenAI itself, and it can be turned off", () => {
    const moderation = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dir, ...env }).openaiModeration;
    expect(moderation({ OPENAI_API_KEY: 'sk-test' })).toBe(true);
    expect(moderation({ OPENAI_BASE_URL: 'https://api.openai.com/v1', OPENAI_API_KEY: 'k' })).toBe(
      true,
    );
    expect(moderation({ OPENAI_API_KEY: 'sk-test', OPENAI_MODERATION: 'false' })).toBe(false);
    expect(moderation({ OPENAI_BASE_URL: 'http://localhost:11434/v1' })).toBe(false);
    expect(moderation({})).toBe(false);
    expect(problemsOf({ OPENAI_BASE_URL: 'localhost:11434' })).toEqual([
      'OPENAI_BASE_URL: must be an http:// or https:// URL',
    ]);
  });

  it('takes payments with Stripe when both keys are set', () => {
    expect(
      loadConfig({
        DATA_DIR: dir,
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_API_BASE: 'http://127.0.0.1:12111/',
        NODE_ENV: 'production',
      }),
    ).toMatchObject({
      paymentProvider: 'stripe',
      stripeSecretKey: 'sk_test_abc',
      stripePublishableKey: 'pk_test_abc',
      stripeWebhookSecret: 'whsec_abc',
      stripeApiBase: 'http://127.0.0.1:12111',
    });
  });

  it('uses the test provider without keys, except in production unless PAYMENTS_TEST_MODE', () => {
    const provider = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dir, ...env }).paymentProvider;
    expect(provider({})).toBe('test');
    expect(provider({ NODE_ENV: 'test' })).toBe('test');
    expect(provider({ NODE_ENV: 'production' })).toBe('off');
    expect(provider({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'false' })).toBe('off');
    expect(provider({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' })).toBe('test');
  });

  it('refuses one Stripe key without the other, and a key of the wrong kind', () => {
    const both =
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: set both (Stripe) or neither (test payments)';
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([both]);
    expect(problemsOf({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', PORT: 'x' })).toEqual([
      'PORT: must be a number',
      both,
    ]);
    // A secret key in the publishable slot would be sent to every browser.
    expect(
      problemsOf({ STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_PUBLISHABLE_KEY: 'sk_test_b' }),
    ).toEqual(['STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key (pk_...)']);
    expect(problemsOf({ STRIPE_API_BASE: '127.0.0.1:12111' })).toEqual([
      'STRIPE_API_BASE: must be an http:// or https:// URL',
    ]);
    expect(problemsOf({ PAYMENTS_TEST_MODE: 'sure' })).toEqual([
      'PAYMENTS_TEST_MODE: must be true or false',
    ]);
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })).toHaveLength(1);
    expect(problemsOf({ PORT: '-1' })).toHaveLength(1);
  });

  it('generates a session secret once, owner-only, and reuses it', async () => {
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    const file = path.join(dir, 'session-secret');
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await readFile(file, 'utf8')).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it('refuses a stored secret that is too short', async () => {
    await writeFile(path.join(dir, 'session-secret'), 'tiny');
    expect(problemsOf({})).toEqual([expect.stringMatching(/^SESSION_SECRET: .*shorter than 32/)]);
  });
});
