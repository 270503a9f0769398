import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client, TestServer } from './harness';
import { MINUTE, startTestServer } from './harness';
import { MailSink, readableBody, resetTokenOf } from './mail-sink';

const FORGOT_OK = {
  ok: true,
  message:
    "If your email exists in our system, we've sent password reset instructions to your inbox.",
};
const INVALID_TOKEN = {
  message: 'This reset link is invalid or has expired',
  code: 'invalid_token',
};
const OLD_PASSWORD = 'old-bestie-pass';
const NEW_PASSWORD = 'new-bestie-pass';
const PUBLIC_URL = 'https://besties.example';

// Each test gets its own mail sink and its own server (database, clock and rate limits): no
// test sees another's mails or uses up another's limits, so any one runs alone or in any order.
let sink: MailSink;
let server: TestServer;
beforeEach(async () => {
  sink = await new MailSink().start();
  server = await startTestServer({
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Besties <hello@besties.example>',
      PUBLIC_URL,
    },
  });
});
afterEach(async () => {
  await server.stop();
  await sink.stop();
});

let accounts = 0;
/** A new account (signed in on the returned client). */
async function newAccount(): Promise<{ email: string; client: Client }> {
  accounts += 1;
  const email = `reset-${accounts}@example.com`;
  const client = server.client();
  const answer = await client.post('/api/register', { email, password: OLD_PASSWORD });
  expect(answer.status).toBe(201);
  return { email, client };
}

/** Asks for a reset link and returns the token from the mail that arrives. */
async function tokenFromMail(email: string): Promise<string> {
  const before = sink.to(email).length;
  const answer = await server.client().post('/api/forgot-password', { email });
  expect(answer.status).toBe(200);
  await sink.waitFor(sink.received.length + 1);
  const mails = sink.to(email);
  expect(mails).toHaveLength(before + 1);
  return resetTokenOf(mails[mails.length - 1]!);
}

const reset = (token: string, newPassword = NEW_PASSWORD) =>
  server.client().post('/api/reset-password', { token, newPassword });

describe('POST /api/forgot-password', () => {
  it('answers 200 with the spec message and mails a link to PUBLIC_URL/reset-password', async () => {
    const { email } = await newAccount();
    const answer = await server.client().post('/api/forgot-password', { email });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(FORGOT_OK);

    const [mail] = await sink.waitFor(1).then(() => sink.to(email));
    expect(mail?.to).toEqual([email]);
    expect(mail?.from).toBe('hello@besties.example');
    expect(mail?.raw).toMatch(/^From: Besties <hello@besties\.example>/m);
    expect(mail?.raw).toMatch(/^Subject: Reset your Besties password/m);
    expect(mail?.raw).toMatch(/multipart\/alternative/);
    expect(mail?.raw).toMatch(/text\/plain/);
    expect(mail?.raw).toMatch(/text\/html/);
    const body = readableBody(mail?.raw ?? '');
    expect(body).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(body).toContain('expires in 60 minutes');
    expect(body).toContain("If you didn't ask for this, you can ignore this email");
    // 32 random bytes in base64url: 43 characters, 256 bits.
    expect(resetTokenOf(mail!)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives an unknown email exactly the same status and body, and sends nothing', async () => {
    const { email } = await newAccount();
    const known = await server.client().post('/api/forgot-password', { email });
    const unknown = await server.client().post('/api/forgot-password', {
      email: 'nobody-here@example.com',
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    await sink.waitFor(sink.received.length);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.to('nobody-here@example.com')).toHaveLength(0);
  });

  it('takes about as long for an unknown email as for a known one', async () => {
    const emails = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => newAccount()));
    const timed = async (email: string) => {
      const started = performance.now();
      await server.client().post('/api/forgot-password', { email });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (const [index, { email }] of emails.entries()) {
      known.push(await timed(email));
      unknown.push(await timed(`nobody-${index}@example.com`));
    }
    // Each side's fastest try: a busy machine only ever adds time. The mail is sent after the
    // answer, so the gap is a database insert: well under 25 ms.
    expect(Math.abs(Math.min(...known) - Math.min(...unknown))).toBeLessThan(25);
  });

  it('refuses an invalid email with 400 and the spec message', async () => {
    const answer = await server.client().post('/api/forgot-password', { email: 'not-an-email' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      message: 'Please enter a valid email address',
      code: 'validation_error',
      fields: { email: 'Please enter a valid email address' },
    });
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password: login works with it and no longer with the old one', async () => {
    const { email } = await newAccount();
    const token = await tokenFromMail(email);
    const answer = await reset(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });

    const client = server.client();
    const oldLogin = await client.post('/api/login', { email, password: OLD_PASSWORD });
    expect(oldLogin.status).toBe(401);
    const newLogin = await client.post('/api/login', { email, password: NEW_PASSWORD });
    expect(newLogin.status).toBe(200);
    expect(newLogin.body.email).toBe(email);
  });

  it('works once: the same link again is invalid', async () => {
    const { email } = await newAccount();
    const token = await tokenFromMail(email);
    expect((await reset(token)).status).toBe(200);
    const again = await reset(token, 'another-pass');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID_TOKEN);
  });

  it('ends every session of the user: an old cookie gets 401', async () => {
    const { email, client: phone } = await newAccount();
    const laptop = server.client();
    expect((await laptop.post('/api/login', { email, password: OLD_PASSWORD })).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(200);

    const token = await tokenFromMail(email);
    expect((await reset(token)).status).toBe(200);

    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await laptop.get('/api/user')).status).toBe(401);
  });

  it('expires 60 minutes after it was asked for', async () => {
    const { email } = await newAccount();
    const early = await tokenFromMail(email);
    // One mail per email in 5 minutes.
    server.clock.advance(5 * MINUTE);
    const late = await tokenFromMail(email);
    server.clock.advance(54 * MINUTE);
    expect((await reset(early)).status).toBe(200);

    const { email: other } = await newAccount();
    const expiring = await tokenFromMail(other);
    server.clock.advance(60 * MINUTE);
    const answer = await reset(expiring);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(INVALID_TOKEN);
    // A newer link of a user who has since reset is used up too.
    expect((await reset(late)).body).toEqual(INVALID_TOKEN);
  });

  it('refuses an unknown token with the invalid-link answer', async () => {
    const answer = await reset('A'.repeat(43));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(INVALID_TOKEN);
  });

  it('validates with the spec messages', async () => {
    const short = await server
      .client()
      .post('/api/reset-password', { token: 'x'.repeat(43), newPassword: '12345' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      message: 'Password must be at least 6 characters',
      fields: { newPassword: 'Password must be at least 6 characters' },
    });
    const missing = await server
      .client()
      .post('/api/reset-password', { newPassword: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fields: { token: 'Missing reset token.' } });
  });
});
