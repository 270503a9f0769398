import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { HOUR, MINUTE, startTestServer } from './harness';

const RATE_LIMITED = {
  message: 'Too many attempts. Please try again later.',
  code: 'rate_limited',
};

describe('login failures per email', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('refuses the 11th attempt within an hour with 429 and Retry-After, even with the right password', async () => {
    const client = server.client();
    await client.post('/api/register', { email: 'hana@example.com', password: 'right-pass' });

    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await client.post('/api/login', {
        email: 'hana@example.com',
        password: 'wrong-pass',
      });
      expect(answer.status, `attempt ${attempt}`).toBe(401);
      server.clock.advance(MINUTE);
    }

    const eleventh = await client.post('/api/login', {
      email: 'hana@example.com',
      password: 'wrong-pass',
    });
    expect(eleventh.status).toBe(429);
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    // The window opened 10 minutes ago: 50 minutes are left.
    expect(retryAfter).toBe(50 * 60);
    expect(eleventh.body).toEqual({ ...RATE_LIMITED, retryAfter });

    const rightPassword = await client.post('/api/login', {
      email: 'HANA@example.com',
      password: 'right-pass',
    });
    expect(rightPassword.status).toBe(429);
    expect(rightPassword.body.code).toBe('rate_limited');

    // Other emails are not affected.
    const other = await client.post('/api/login', {
      email: 'other@example.com',
      password: 'wrong-pass',
    });
    expect(other.status).toBe(401);

    server.clock.advance(retryAfter * 1000);
    const later = await client.post('/api/login', {
      email: 'hana@example.com',
      password: 'right-pass',
    });
    expect(later.status).toBe(200);
  });

  it('counts concurrent attempts exactly, and keeps counting across a restart', async () => {
    const client = server.client();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        client.post('/api/login', { email: 'ida@example.com', password: 'wrong-pass' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);

    await server.close();
    const restarted = await startTestServer({ dataDir: server.dataDir, clock: server.clock });
    server = restarted;
    const answer = await restarted
      .client()
      .post('/api/login', { email: 'ida@example.com', password: 'x' });
    expect(answer.status).toBe(429);
  });
});

describe('per-IP limits (RATE_LIMIT_IP_PER_HOUR=3)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_IP_PER_HOUR: '3' } });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('refuses the 4th failed login from one address, whatever the email', async () => {
    const client = server.client();
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      expect((await client.post('/api/login', { email, password: 'wrong-pass' })).status).toBe(401);
    }
    const fourth = await client.post('/api/login', {
      email: 'd@example.com',
      password: 'wrong-pass',
    });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ ...RATE_LIMITED, retryAfter: 3600 });
    expect(fourth.headers.get('retry-after')).toBe('3600');

    // X-Forwarded-For is ignored unless TRUST_PROXY is set, so it cannot dodge the limit.
    const spoofed = await client.post(
      '/api/login',
      { email: 'd@example.com', password: 'wrong-pass' },
      { 'X-Forwarded-For': '198.51.100.9' },
    );
    expect(spoofed.status).toBe(429);
  });

  it('refuses the 4th sign-up attempt from one address', async () => {
    server.clock.advance(HOUR);
    const client = server.client();
    expect((await client.post('/api/register', { email: 'bad' })).status).toBe(400);
    for (const email of ['e@example.com', 'f@example.com']) {
      expect((await client.post('/api/register', { email, password: 'a-password' })).status).toBe(
        201,
      );
    }
    const fourth = await client.post('/api/register', {
      email: 'g@example.com',
      password: 'a-password',
    });
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('rate_limited');
    expect(fourth.headers.get('retry-after')).toBe('3600');
  });
});
