import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { cookieAttributes, sessionCookieOf, startTestServer } from './harness';

const FORBIDDEN_ORIGIN = {
  message: 'This request did not come from Besties',
  code: 'forbidden_origin',
};
const EVIL = { Origin: 'https://evil.example' };
const MISDIRECTED = {
  message: 'This request was not addressed to Besties',
  code: 'misdirected_request',
};

/** A request with the Host header given (fetch always writes its own), as a browser sends it. */
function withHost(
  server: TestServer,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  json: unknown = {},
): Promise<{ status: number; body: unknown }> {
  const text = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      new URL(pathname, server.url),
      {
        method,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...headers,
        },
      },
      (answer) => {
        let body = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (body += chunk));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, body: body ? JSON.parse(body) : undefined }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(text);
  });
}

describe('a state-changing request from another origin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('gets 403 on register and creates nothing', async () => {
    const client = server.client();
    const account = { email: 'jo@example.com', password: 'jo-password' };
    const refused = await client.post('/api/register', account, EVIL);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(FORBIDDEN_ORIGIN);
    expect(sessionCookieOf(refused)).toBeUndefined();

    expect((await client.post('/api/login', account)).status).toBe(401);
    expect((await client.post('/api/register', account)).status).toBe(201);
  });

  it('gets 403 on login and on logout, and the session lives on', async () => {
    const client = server.client();
    await client.post('/api/register', { email: 'kim@example.com', password: 'kim-password' });
    const login = await client.post(
      '/api/login',
      { email: 'kim@example.com', password: 'kim-password' },
      EVIL,
    );
    expect(login.status).toBe(403);
    const logout = await client.post('/api/logout', undefined, EVIL);
    expect(logout.status).toBe(403);
    expect(logout.body).toEqual(FORBIDDEN_ORIGIN);
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it("refuses 'Origin: null' and a cross-site fetch without an Origin", async () => {
    const client = server.client();
    const body = { email: 'lee@example.com', password: 'lee-password' };
    expect((await client.post('/api/register', body, { Origin: 'null' })).status).toBe(403);
    expect(
      (await client.post('/api/register', body, { 'Sec-Fetch-Site': 'cross-site' })).status,
    ).toBe(403);
    expect((await client.post('/api/login', body)).status).toBe(401);
  });

  it('lets a same-origin request through', async () => {
    const client = server.client();
    const origin = new URL(server.url).origin;
    const answer = await client.post(
      '/api/register',
      { email: 'mia@example.com', password: 'mia-password' },
      { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(answer.status).toBe(201);
  });

  it('does not refuse reads', async () => {
    expect((await server.client().get('/api/user', EVIL)).status).toBe(401);
  });
});

describe('a state-changing request addressed to another host (DNS rebinding)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('gets 421 on register, with or without a matching Origin, and creates nothing', async () => {
    const rebound = `evil.example:${server.port}`;
    const account = { email: 'pia@example.com', password: 'pia-password' };
    const asSent: Record<string, string>[] = [
      { Host: rebound, Origin: `http://${rebound}` },
      { Host: rebound },
    ];
    for (const headers of asSent) {
      const refused = await withHost(server, 'POST', '/api/register', headers, account);
      expect(refused).toEqual({ status: 421, body: MISDIRECTED });
    }
    expect((await server.client().post('/api/login', account)).status).toBe(401);
  });

  it("lets PUBLIC_URL's host and loopback names through, and does not refuse reads", async () => {
    const publicHost = new URL(server.config.publicUrl).host;
    const register = (host: string, email: string) =>
      withHost(server, 'POST', '/api/register', { Host: host }, { email, password: 'pw-123456' });
    expect((await register(publicHost, 'quin@example.com')).status).toBe(201);
    expect((await register(`127.0.0.1:${server.port}`, 'ruth@example.com')).status).toBe(201);
    const read = await withHost(server, 'GET', '/api/user', { Host: 'evil.example' });
    expect(read.status).toBe(401);
  });
});

describe('behind https (PUBLIC_URL=https://besties.example)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: 'https://besties.example/' } });
  });
  afterAll(async () => {
    await server.stop();
  });

  it("accepts PUBLIC_URL's origin and marks the cookie Secure", async () => {
    const answer = await server
      .client()
      .post(
        '/api/register',
        { email: 'nia@example.com', password: 'nia-password' },
        { Origin: 'https://besties.example' },
      );
    expect(answer.status).toBe(201);
    expect(cookieAttributes(sessionCookieOf(answer) ?? '')).toHaveProperty('secure');
  });

  it('takes requests addressed to besties.example and refuses another host with 421', async () => {
    const register = (host: string, email: string) =>
      withHost(server, 'POST', '/api/register', { Host: host }, { email, password: 'pw-123456' });
    expect((await register('besties.example', 'sam@example.com')).status).toBe(201);
    expect((await register('Besties.Example:443', 'tia@example.com')).status).toBe(201);
    expect(await register('evil.example', 'uma@example.com')).toEqual({
      status: 421,
      body: MISDIRECTED,
    });
    expect((await register('besties.example.evil.example', 'uma@example.com')).status).toBe(421);
  });

  it('still refuses another origin', async () => {
    const answer = await server
      .client()
      .post(
        '/api/register',
        { email: 'oda@example.com', password: 'oda-password' },
        { Origin: 'http://besties.example' },
      );
    expect(answer.status).toBe(403);
  });
});
