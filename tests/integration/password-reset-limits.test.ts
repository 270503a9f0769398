import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { makeDataDir, MINUTE, startTestServer } from './harness';

const RATE_LIMITED = {
  message: 'Too many attempts. Please try again later.',
  code: 'rate_limited',
};

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.stop();
});

const forgot = (email: string) => server.client().post('/api/forgot-password', { email });

describe('forgot-password rate limits', () => {
  it('refuses the 6th request for one email within an hour, account or not, with Retry-After', async () => {
    await server.client().post('/api/register', { email: 'kim@example.com', password: 'pass-123' });
    for (const email of ['kim@example.com', 'nobody@example.com']) {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await forgot(email)).status, `${email} #${attempt}`).toBe(200);
      }
    }
    server.clock.advance(10 * MINUTE);
    const known = await forgot('kim@example.com');
    const unknown = await forgot('nobody@example.com');
    expect(known.status).toBe(429);
    expect(known.headers.get('retry-after')).toBe(String(50 * 60));
    expect(known.body).toEqual({ ...RATE_LIMITED, retryAfter: 50 * 60 });
    // The limit answers alike whether or not the email has an account.
    expect(unknown.status).toBe(429);
    expect(unknown.text).toBe(known.text);

    server.clock.advance(50 * MINUTE);
    expect((await forgot('kim@example.com')).status).toBe(200);
  });

  it('refuses the 21st request from one IP address within an hour', async () => {
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await forgot(`person-${attempt}@example.com`)).status).toBe(200);
    }
    const answer = await forgot('one-more@example.com');
    expect(answer.status).toBe(429);
    expect(answer.body).toMatchObject(RATE_LIMITED);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the /reset-password page', () => {
  it('is served with Referrer-Policy: no-referrer (its URL holds the token)', async () => {
    const dataDir = await makeDataDir();
    const dist = path.join(dataDir, 'dist');
    await mkdir(dist, { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const withApp = await startTestServer({ dataDir, env: { STATIC_DIR: dist } });
    try {
      const page = await withApp.client().get('/reset-password?token=abc');
      expect(page.status).toBe(200);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      const other = await withApp.client().get('/forgot-password');
      expect(other.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    } finally {
      await withApp.stop();
    }
  });
});
