import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './fakes/besties';
import type { TestServer } from './harness';
import { LogCapture, startTestServer, withDataOf } from './harness';

describe('error answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each(['GET', 'POST', 'DELETE'])(
    'answers %s to an unknown /api path with a 404 JSON',
    async (method) => {
      const answer = await server.client().request(method, '/api/x');
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.body).toEqual({ message: 'Not found', code: 'not_found' });
    },
  );

  it('answers a NUL character in an id with a 4xx on either engine, never a 500', async () => {
    const { client } = await signedInClient(server, 'nul');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    for (const path of [
      `/api/chats/${chat.body.id}/replies/%00`,
      '/api/chats/%00',
      `/api/chats/${chat.body.id}/replies/a%00b`,
    ]) {
      const answer = await client.get(path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
    }
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const answer = await server.client().get('/api/login');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(answer.body).toEqual({ message: 'Method not allowed', code: 'method_not_allowed' });
  });

  it('answers a body that is not JSON with 400', async () => {
    const answer = await server.client().request('POST', '/api/login', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'The request body is not valid JSON',
      code: 'invalid_json',
    });
  });

  it('answers JSON that is not an object with 400', async () => {
    const answer = await server.client().post('/api/login', ['ann@example.com', 'pw']);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_body');
  });

  it('answers a body of another type with 415', async () => {
    const answer = await server.client().request('POST', '/api/login', {
      body: 'email=ann@example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(415);
    expect(answer.body.code).toBe('unsupported_media_type');
  });

  it('answers a body over 1 MB with 413', async () => {
    const answer = await server.client().post('/api/login', { email: 'x'.repeat(1_100_000) });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      message: 'The request body is too large',
      code: 'payload_too_large',
    });
  });

  it('sends the security headers on every answer', async () => {
    const answer = await server.client().get('/api/user');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('a body in a broken or unknown encoding', () => {
  const log = new LogCapture();
  let encoded: TestServer;
  beforeAll(async () => {
    encoded = await startTestServer({ logger: log.logger });
  });
  afterAll(async () => {
    await encoded.stop();
  });

  // Before any sign-in: a broken or unknown Content-Encoding is her client's fault, never a 5xx.
  it.each([
    ['an unknown encoding', 'bogus', Buffer.from('{"email":"ann@example.com"}')],
    ['gzip that is not gzip', 'gzip', Buffer.from('{"email":"ann@example.com"}')],
    ['deflate that is not deflate', 'deflate', Buffer.from('not deflate at all')],
    ['br that is not brotli', 'br', Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x01])],
    [
      'gzip cut short',
      'gzip',
      gzipSync('{"email":"ann@example.com","password":"x"}').subarray(0, 12),
    ],
    ['two encodings, one unknown', 'gzip, bogus', gzipSync('{}')],
  ])(
    'answers %s (Content-Encoding: %s) with 415 or 400, logging nothing as an error',
    async (_, encoding, body) => {
      const logged = log.errors().length;
      const answer = await encoded.client().request('POST', '/api/login', {
        body,
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      });
      expect([400, 415]).toContain(answer.status);
      expect(answer.body.code).toMatch(/^(unsupported_media_type|invalid_json|undecodable_body)$/);
      expect(log.errors().slice(logged)).toEqual([]);
      // The rest of the body is never read: the socket closes, and her next request still goes.
      expect(answer.headers.get('connection')).toBe('close');
      for (let i = 0; i < 3; i += 1) {
        expect((await encoded.client().get('/api/health')).status).toBe(200);
      }
    },
  );
});

describe('an unexpected failure', () => {
  const log = new LogCapture();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ logger: log.logger });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers 500 without internals and logs the stack', async () => {
    // Break the database under the running server.
    await withDataOf(server.dataDir, (db) => db.schema.dropTable('rate_limits').execute());

    const answer = await server
      .client()
      .post('/api/register', { email: 'pat@example.com', password: 'pat-password' });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ message: 'Something went wrong', code: 'internal_error' });
    expect(answer.text).not.toMatch(/rate_limits|sqlite|at \w+ \(/i);

    const failure = log.lines.find((line) => line.msg === 'request failed');
    expect(failure).toMatchObject({ level: 50, method: 'POST', path: '/api/register' });
    expect(JSON.stringify(failure)).toMatch(
      /no such table: rate_limits|relation .{0,2}rate_limits.{0,2} does not exist/,
    );
    expect((failure?.err as { stack?: string }).stack).toMatch(/\n\s+at /);
  });
});

describe('the request log', () => {
  const log = new LogCapture();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ logger: log.logger });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('writes one line per request with method, path, status and ms, never the query, cookies or body', async () => {
    const client = server.client();
    await client.post('/api/register', { email: 'quinn@example.com', password: 'very-secret-pw' });
    const cookie = client.cookies.get('besties_session') ?? '';
    log.lines.length = 0;
    log.raw.length = 0;

    await client.get('/api/user?token=reset-token-123');
    await client.post('/api/login', { email: 'quinn@example.com', password: 'very-secret-pw' });

    const lines = log.requestLines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ method: 'GET', path: '/api/user', status: 200 });
    expect(lines[1]).toMatchObject({ method: 'POST', path: '/api/login', status: 200 });
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(
        ['hostname', 'level', 'method', 'ms', 'msg', 'path', 'pid', 'status', 'time'].sort(),
      );
      expect(line.ms).toEqual(expect.any(Number));
    }
    const everything = log.raw.join('');
    for (const secret of ['reset-token-123', cookie, 'very-secret-pw', 'quinn@example.com']) {
      expect(everything).not.toContain(secret);
    }
  });
});
