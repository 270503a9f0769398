import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { startTestServer, withDataOf } from './harness';

const VERSION = /^\d+\.\d+\.\d+/;

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer({ env });
  servers.push(server);
  return server;
}

/** Runs SQL on the server's database through a second connection. */
async function onDatabase(server: TestServer, text: string): Promise<void> {
  await withDataOf(server.dataDir, (db) => sql.raw(text).execute(db));
}

describe('GET /api/health', () => {
  it('answers 200 with the database ok and the built-in providers, signed out and never cached', async () => {
    const server = await start();
    const answer = await server.client().get('/api/health');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      ok: true,
      database: 'ok',
      writes: 'ok',
      replies: 'builtin',
      payments: 'test',
      mail: 'outbox',
      version: expect.stringMatching(VERSION),
    });
  });

  it('names the real providers and holds no key, secret, URL, host or path', async () => {
    const secrets = {
      SESSION_SECRET: 'health-session-secret-0123456789abcdef',
      STRIPE_SECRET_KEY: 'sk_test_healthSecretKey0123456789',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_healthPublishableKey0123',
      STRIPE_WEBHOOK_SECRET: 'whsec_healthWebhookSecret0123',
      SMTP_URL: 'smtp://mailuser:mail-password-0123@mail.internal.example:2525',
      OPENAI_API_KEY: 'sk-health-openai-key-0123456789',
      OPENAI_BASE_URL: 'http://llm.internal.example:11434/v1',
      PUBLIC_URL: 'https://besties.example',
    };
    const server = await start(secrets);
    const answer = await server.client().get('/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ok: true,
      database: 'ok',
      writes: 'ok',
      replies: 'openai',
      payments: 'stripe',
      mail: 'smtp',
      version: expect.stringMatching(VERSION),
    });
    const leaks = [
      ...Object.values(secrets),
      'mail-password-0123',
      'mail.internal.example',
      'llm.internal.example',
      'besties.example',
      server.config.sessionSecret,
      server.dataDir,
      '127.0.0.1',
      'localhost',
    ];
    for (const leak of leaks) expect(answer.text).not.toContain(leak);
  });

  it("says payments are 'off' in production without Stripe keys", async () => {
    const server = await start({ NODE_ENV: 'production' });
    const answer = await server.client().get('/api/health');
    expect(answer.body).toMatchObject({ ok: true, payments: 'off' });
  });

  it("answers 503 with database 'error' when the database does not answer, and 200 once it does", async () => {
    const server = await start();
    await onDatabase(server, 'ALTER TABLE schema_migrations RENAME TO schema_migrations_away');
    const broken = await server.client().get('/api/health');
    expect(broken.status).toBe(503);
    expect(broken.headers.get('cache-control')).toBe('no-store');
    expect(broken.body).toMatchObject({ ok: false, database: 'error', replies: 'builtin' });
    expect(broken.text).not.toContain('schema_migrations');

    await onDatabase(server, 'ALTER TABLE schema_migrations_away RENAME TO schema_migrations');
    expect((await server.client().get('/api/health')).status).toBe(200);
  });
});
