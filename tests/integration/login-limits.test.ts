import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Client, TestServer } from './harness';
import { cookieAttributes, HOUR, MINUTE, startTestServer } from './harness';
import { readableBody } from './mail-sink';

// Behind one proxy (TRUST_PROXY=1) the proxy-added X-Forwarded-For entry is the client's address,
// so one test process can play her at home and an attacker elsewhere.
const HER_HOME = '203.0.113.7';
const ATTACKER = '198.51.100.66';
const PASSWORD = 'her-right-pass';

let server: TestServer;
afterEach(async () => {
  await server.stop();
});

async function start(env: Record<string, string> = {}): Promise<void> {
  server = await startTestServer({ env: { TRUST_PROXY: '1', ...env } });
  const answer = await server
    .client()
    .post(
      '/api/register',
      { email: 'mia@example.com', password: PASSWORD },
      { 'X-Forwarded-For': '192.0.2.1' },
    );
  expect(answer.status).toBe(201);
}

function logIn(from: string, password: string, client: Client = server.client()) {
  return client.post(
    '/api/login',
    { email: 'mia@example.com', password },
    { 'X-Forwarded-For': from },
  );
}

/** `count` wrong passwords from one address at once (hashes take a while), each answered 401. */
async function fail(from: string, count: number): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: count }, () => logIn(from, 'a-wrong-guess')),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(count).fill(401));
}

describe('login failures per email and address', () => {
  it('locks the attacking address out after 10 failures while her right password works from her own, across a restart', async () => {
    await start({ LOGIN_FAILURES_PER_EMAIL_PER_HOUR: '12' });
    await fail(ATTACKER, 10);
    server.clock.advance(10 * MINUTE);
    // The attacker keeps trying: refused, even with her right password.
    for (const password of ['another-guess', 'and-another', PASSWORD]) {
      const refused = await logIn(ATTACKER, password);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(50 * 60));
      expect(refused.body).toEqual({
        message: 'Too many attempts. Please try again later.',
        code: 'rate_limited',
        retryAfter: 50 * 60,
      });
    }

    // Her own address is not locked, and the refused tries did not use up the email's ceiling
    // of 12 (10 failures counted, not 13).
    const hers = await logIn(HER_HOME, PASSWORD);
    expect(hers.status).toBe(200);
    expect(hers.body.email).toBe('mia@example.com');

    // Her success does not lift the attacker's lock, nor does a restart.
    expect((await logIn(ATTACKER, PASSWORD)).status).toBe(429);
    await server.stop({ keepData: true });
    server = await startTestServer({
      dataDir: server.dataDir,
      clock: server.clock,
      env: { TRUST_PROXY: '1', LOGIN_FAILURES_PER_EMAIL_PER_HOUR: '12' },
    });
    expect((await logIn(ATTACKER, PASSWORD)).status).toBe(429);

    server.clock.advance(50 * MINUTE);
    expect((await logIn(ATTACKER, PASSWORD)).status).toBe(200);
  }, 60_000);

  it('caps a guess spread over many addresses at the per-email ceiling, for every address', async () => {
    await start({ LOGIN_FAILURES_PER_EMAIL_PER_HOUR: '4' });
    await fail('198.51.100.1', 2);
    await fail('198.51.100.2', 2);

    const fifth = await logIn('198.51.100.3', 'a-wrong-guess');
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe('3600');
    // The ceiling guards the email, so it holds for a device she never signed in from too.
    expect((await logIn(HER_HOME, PASSWORD)).status).toBe(429);
    // Other emails are not affected.
    const other = await server
      .client()
      .post(
        '/api/login',
        { email: 'other@example.com', password: 'x-password' },
        { 'X-Forwarded-For': '198.51.100.3' },
      );
    expect(other.status).toBe(401);

    server.clock.advance(HOUR);
    expect((await logIn(HER_HOME, PASSWORD)).status).toBe(200);
  });

  it('lifts her lock once she resets her password', async () => {
    await start();
    await fail(HER_HOME, 10);
    expect((await logIn(HER_HOME, PASSWORD)).status).toBe(429);

    const asked = await server
      .client()
      .post('/api/forgot-password', { email: 'mia@example.com' }, { 'X-Forwarded-For': HER_HOME });
    expect(asked.status).toBe(200);
    await resetFromMail('her-new-pass');

    expect((await logIn(HER_HOME, 'her-new-pass')).status).toBe(200);
  }, 60_000);
});

describe('her devices', () => {
  const DEVICE_COOKIE = 'besties_device';

  it('lets her right password in from a device she signed in from before, while strangers stay locked out by the ceiling', async () => {
    await start({ LOGIN_FAILURES_PER_EMAIL_PER_HOUR: '4' });
    const phone = server.client();
    const first = await logIn(HER_HOME, PASSWORD, phone);
    expect(first.status).toBe(200);
    const cookie = first.setCookies.find((set) => set.startsWith(`${DEVICE_COOKIE}=`)) ?? '';
    const attributes = cookieAttributes(cookie);
    expect(attributes).toHaveProperty('httponly');
    expect(attributes.samesite).toBe('Lax');
    expect(attributes.path).toBe('/');
    expect(Number(attributes['max-age'])).toBeGreaterThanOrEqual(30 * 24 * 60 * 60);
    expect((await phone.post('/api/logout')).status).toBe(200);

    // Guesses spread over addresses use up the email's ceiling.
    await fail('198.51.100.1', 2);
    await fail('198.51.100.2', 2);
    expect((await logIn('198.51.100.3', PASSWORD)).status).toBe(429);
    expect((await logIn(HER_HOME, PASSWORD)).status).toBe(429);

    // Her phone is not refused, from her home or anywhere else.
    const again = await logIn(HER_HOME, PASSWORD, phone);
    expect(again.status).toBe(200);
    expect(again.body.email).toBe('mia@example.com');
    expect((await logIn('192.0.2.50', PASSWORD, phone)).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(200);
  }, 60_000);

  it('takes no device cookie of another account or one not signed by the server', async () => {
    await start({ LOGIN_FAILURES_PER_EMAIL_PER_HOUR: '2' });
    const phone = server.client();
    expect((await logIn(HER_HOME, PASSWORD, phone)).status).toBe(200);
    const attacker = server.client();
    const own = await attacker.post(
      '/api/register',
      { email: 'eve@example.com', password: 'eve-password' },
      { 'X-Forwarded-For': ATTACKER },
    );
    expect(own.status).toBe(201);
    await fail('198.51.100.1', 2);

    // Eve's own device cookie is for Eve's account.
    expect((await logIn(ATTACKER, PASSWORD, attacker)).status).toBe(429);
    // Hers with another account's id in it, or with its signature changed, proves nothing.
    const [userId = '', id = '', mac = ''] = phone.cookies.get(DEVICE_COOKIE)!.split('.');
    const eveId = attacker.cookies.get(DEVICE_COOKIE)!.split('.')[0];
    const forged = server.client();
    forged.cookies.set(DEVICE_COOKIE, `${eveId}.${id}.${mac}`);
    expect((await logIn(ATTACKER, PASSWORD, forged)).status).toBe(429);
    forged.cookies.set(DEVICE_COOKIE, `${userId}.${id}.${mac.slice(0, -2)}AA`);
    expect((await logIn(ATTACKER, PASSWORD, forged)).status).toBe(429);

    expect((await logIn(HER_HOME, PASSWORD, phone)).status).toBe(200);
  }, 60_000);

  it("counts wrong passwords from her device: the device's 11th failure within an hour is refused", async () => {
    await start();
    const phone = server.client();
    expect((await logIn(HER_HOME, PASSWORD, phone)).status).toBe(200);
    // From several addresses, so only the device's count can add up to 10.
    for (const from of ['192.0.2.61', '192.0.2.62']) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => logIn(from, 'a-wrong-guess', phone)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(401));
    }
    const refused = await logIn('192.0.2.63', PASSWORD, phone);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    // Another device of hers is not affected.
    expect((await logIn(HER_HOME, PASSWORD)).status).toBe(200);
    server.clock.advance(HOUR);
    expect((await logIn('192.0.2.63', PASSWORD, phone)).status).toBe(200);
  }, 60_000);
});

describe('forgot-password per email and address', () => {
  const forgot = (from: string) =>
    server
      .client()
      .post('/api/forgot-password', { email: 'mia@example.com' }, { 'X-Forwarded-For': from });

  /** The reset mails written so far: a restart waits for every mail on its way out. */
  async function mailsSent(): Promise<number> {
    await server.stop({ keepData: true });
    server = await startTestServer({
      dataDir: server.dataDir,
      clock: server.clock,
      env: { TRUST_PROXY: '1' },
    });
    return (await readdir(path.join(server.dataDir, 'mail')).catch(() => [])).length;
  }

  it('answers 25 requests from 5 addresses 200 and hers alike, and her mailed link works', async () => {
    await start();
    const answers = [];
    for (const from of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      for (let request = 1; request <= 5; request += 1) answers.push(await forgot(from));
    }
    for (let request = 1; request <= 5; request += 1) answers.push(await forgot(ATTACKER));
    expect(answers.map((answer) => answer.status)).toEqual(Array(25).fill(200));

    const hers = await forgot(HER_HOME);
    expect(hers.status).toBe(200);
    expect(hers.text).toBe(answers[0]!.text);
    // One mail went out, and its link lets her in.
    expect(await mailsSent()).toBe(1);
    await resetFromMail('her-new-pass');
    expect((await logIn(HER_HOME, 'her-new-pass')).status).toBe(200);
  }, 60_000);

  it('mails one email at most once in 5 minutes, from all addresses together', async () => {
    await start();
    expect((await forgot(ATTACKER)).status).toBe(200);
    expect((await forgot(HER_HOME)).status).toBe(200);
    server.clock.advance(4 * MINUTE);
    expect((await forgot(HER_HOME)).status).toBe(200);
    expect(await mailsSent()).toBe(1);

    server.clock.advance(MINUTE);
    expect((await forgot(HER_HOME)).status).toBe(200);
    expect(await mailsSent()).toBe(2);
  });
});

describe('login requests per address', () => {
  it('refuses the 61st login request from one address within 15 minutes, right password or not', async () => {
    await start();
    const client = server.client();
    // Malformed requests count too (and cost no hash, which keeps this test quick).
    for (let request = 1; request <= 59; request += 1) {
      const answer = await client.post(
        '/api/login',
        { email: 'mia@example.com' },
        {
          'X-Forwarded-For': HER_HOME,
        },
      );
      expect(answer.status, `#${request}`).toBe(400);
    }
    expect((await logIn(HER_HOME, PASSWORD, client)).status).toBe(200);
    const refused = await logIn(HER_HOME, PASSWORD, client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(15 * 60));
    // Another address is not affected.
    expect((await logIn('192.0.2.99', PASSWORD)).status).toBe(200);

    server.clock.advance(15 * MINUTE);
    expect((await logIn(HER_HOME, PASSWORD, client)).status).toBe(200);
  });
});

describe('sessions per user', () => {
  it('keeps 20 sessions: signing in once more ends her oldest, the newest works', async () => {
    await start();
    const signIn = async (device: number) => {
      const client = server.client();
      expect((await logIn(`192.0.2.${device}`, PASSWORD, client)).status, `login ${device}`).toBe(
        200,
      );
      return client;
    };
    // Registering made session 0; the first login is session 1.
    const first = await signIn(1);
    const second = await signIn(2);
    // Sessions 3 to 20 at once, in two bursts the hash queue takes whole.
    await Promise.all(Array.from({ length: 9 }, (_, index) => signIn(3 + index)));
    await Promise.all(Array.from({ length: 9 }, (_, index) => signIn(12 + index)));
    expect((await first.get('/api/user')).status).toBe(200);

    // The 21st login: 22 sessions were made, so registering's and the first login's ended.
    const newest = await signIn(21);
    expect((await first.get('/api/user')).status).toBe(401);
    expect((await second.get('/api/user')).status).toBe(200);
    const sessions = await newest.get('/api/sessions');
    expect(sessions.status).toBe(200);
    expect(sessions.body.sessions).toHaveLength(20);
  }, 120_000);
});

/** Sets a new password from her home address with the link in the newest reset mail. */
async function resetFromMail(newPassword: string) {
  const token = await resetTokenFromOutbox();
  const reset = await server
    .client()
    .post('/api/reset-password', { token, newPassword }, { 'X-Forwarded-For': HER_HOME });
  expect(reset.status).toBe(200);
}

/** The reset link's token from the mail in DATA_DIR/mail (no SMTP_URL: the outbox). */
async function resetTokenFromOutbox(): Promise<string> {
  const dir = path.join(server.dataDir, 'mail');
  const tokenInOutbox = async () => {
    for (const name of await readdir(dir).catch(() => [])) {
      const mail = readableBody(await readFile(path.join(dir, name), 'utf8'));
      const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
      if (token) return token;
    }
    return undefined;
  };
  await expect.poll(tokenInOutbox).toBeDefined();
  return (await tokenInOutbox()) ?? '';
}
