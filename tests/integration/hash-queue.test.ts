import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { startTestServer } from './harness';

// One hash at a time and one waiting: the third concurrent login finds the queue full. (The
// queue is the process's, so this file has one server of its own.) Three failed logins lock
// her email, so a few hashes show what counted.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { HASH_CONCURRENCY: '1', HASH_QUEUE: '1', LOGIN_FAILURES_PER_EMAIL_PER_HOUR: '3' },
  });
  const answer = await server
    .client()
    .post('/api/register', { email: 'noa@example.com', password: 'noa-right-pass' });
  expect(answer.status).toBe(201);
});
afterAll(() => server.stop());

const logIn = (password: string) =>
  server.client().post('/api/login', { email: 'noa@example.com', password });

describe('password hashes under a burst of logins', () => {
  it('answers the logins past the hash queue 503 busy with Retry-After: 1, and the rest as usual', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => logIn('noa-right-pass')));
    const busy = answers.filter((answer) => answer.status === 503);
    const signedIn = answers.filter((answer) => answer.status === 200);
    expect(busy.length + signedIn.length).toBe(8);
    expect(signedIn.length).toBeGreaterThanOrEqual(2);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy) {
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.body).toEqual({
        message: 'The server is busy. Please try again in a moment.',
        code: 'busy',
      });
      expect(answer.setCookies).toEqual([]);
    }
    // Once the burst is over she signs in as usual.
    expect((await logIn('noa-right-pass')).status).toBe(200);
  });

  it('does not count a busy answer as a failed login', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => logIn('a-wrong-guess')));
    const failed = answers.filter((answer) => answer.status === 401).length;
    expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThanOrEqual(1);
    // Only the 401s counted toward the lock at 3.
    for (let attempt = failed + 1; attempt <= 3; attempt += 1) {
      expect((await logIn('a-wrong-guess')).status, `failure ${attempt}`).toBe(401);
    }
    expect((await logIn('noa-right-pass')).status).toBe(429);
  });
});
