import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FORGOT_PASSWORD_MESSAGE } from '@shared/validation';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { makeDataDir, startTestServer } from './harness';

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
  it('answers every request for one email 200 alike, account or not, however many', async () => {
    await server.client().post('/api/register', { email: 'kim@example.com', password: 'pass-123' });
    const answers = [];
    for (const email of ['kim@example.com', 'nobody@example.com']) {
      for (let attempt = 1; attempt <= 8; attempt += 1) answers.push(await forgot(email));
    }
    expect(answers.map((answer) => answer.status)).toEqual(Array(16).fill(200));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers[0]!.body).toEqual({ ok: true, message: FORGOT_PASSWORD_MESSAGE });
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
