import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publicUserSchema } from '@shared/user-schema';
import type { Answer, TestServer } from './harness';
import { cookieAttributes, DAY, MINUTE, sessionCookieOf, startTestServer } from './harness';

// Each test gets its own server, database and clock: no test depends on another's accounts,
// sessions, rate-limit counts or clock moves, so any one runs alone or in any order.
let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.stop();
});

const PASSWORD = 'bestie-pass';

// Spec §5, word for word.
const EMAIL_REQUIRED = 'Email is required';
const EMAIL_INVALID = 'Please enter a valid email address';
const PASSWORD_REQUIRED = 'Password is required';
const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';

describe('POST /api/register', () => {
  it('creates the account: 201, the public user and a session cookie', async () => {
    const client = server.client();
    const answer = await client.post('/api/register', {
      email: 'ann@example.com',
      password: PASSWORD,
    });
    expect(answer.status).toBe(201);
    expect(publicUserSchema.strict().parse(answer.body)).toEqual({
      id: expect.any(String),
      email: 'ann@example.com',
      name: null,
      profileImage: null,
      subscriptionTier: 'free',
      subscriptionEndsAt: null,
      metadata: { ageRange: null, location: null },
      theme: null,
    });
    const cookie = sessionCookieOf(answer);
    expect(cookie).toBeDefined();
    const attributes = cookieAttributes(cookie ?? '');
    expect(attributes).toHaveProperty('httponly');
    expect(attributes.samesite).toBe('Lax');
    expect(attributes.path).toBe('/');
    expect(attributes['max-age']).toBe(String(30 * 24 * 60 * 60));
    expect(attributes).not.toHaveProperty('secure');
  });

  it('trims and lower-cases the email', async () => {
    const answer = await server.client().post('/api/register', {
      email: '  Bea.Smith@Example.COM ',
      password: PASSWORD,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.email).toBe('bea.smith@example.com');
  });

  it('refuses a second sign-up with the same email, whatever its case, with 409', async () => {
    const first = await server.client().post('/api/register', {
      email: 'ann@example.com',
      password: PASSWORD,
    });
    expect(first.status).toBe(201);
    const answer = await server.client().post('/api/register', {
      email: 'ANN@example.com',
      password: 'another-pass',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      message: 'An account with this email already exists',
      code: 'email_taken',
    });
    expect(sessionCookieOf(answer)).toBeUndefined();
  });

  it.each([
    [{}, EMAIL_REQUIRED, { email: EMAIL_REQUIRED, password: PASSWORD_REQUIRED }],
    [{ email: '   ', password: PASSWORD }, EMAIL_REQUIRED, { email: EMAIL_REQUIRED }],
    [{ email: 'ann', password: PASSWORD }, EMAIL_INVALID, { email: EMAIL_INVALID }],
    [{ email: 'ann@example', password: PASSWORD }, EMAIL_INVALID, { email: EMAIL_INVALID }],
    [{ email: 'new@example.com' }, PASSWORD_REQUIRED, { password: PASSWORD_REQUIRED }],
    [
      { email: 'new@example.com', password: '' },
      PASSWORD_REQUIRED,
      { password: PASSWORD_REQUIRED },
    ],
    [
      { email: 'new@example.com', password: '12345' },
      PASSWORD_TOO_SHORT,
      { password: PASSWORD_TOO_SHORT },
    ],
  ])('answers 400 with the spec message for %j', async (body, message, fields) => {
    const answer = await server.client().post('/api/register', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, code: 'validation_error', fields });
  });
});

describe('GET /api/user', () => {
  it('answers the signed-in user', async () => {
    const client = server.client();
    const registered = await client.post('/api/register', {
      email: 'cara@example.com',
      password: PASSWORD,
    });
    const answer = await client.get('/api/user');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(registered.body);
  });

  it('answers 401 when signed out', async () => {
    const answer = await server.client().get('/api/user');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Not signed in', code: 'unauthorized' });
  });

  it('answers 401 for a made-up session cookie', async () => {
    const client = server.client();
    client.cookies.set('besties_session', 'A'.repeat(43));
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('POST /api/login', () => {
  it('signs in with a new session id each time', async () => {
    const first = server.client();
    const registered = await first.post('/api/register', {
      email: 'dee@example.com',
      password: PASSWORD,
    });
    const registerCookie = first.cookies.get('besties_session');

    const login = await first.post('/api/login', { email: ' DEE@example.com', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toEqual(registered.body);
    const loginCookie = first.cookies.get('besties_session');
    expect(loginCookie).toBeDefined();
    expect(loginCookie).not.toBe(registerCookie);
    expect(cookieAttributes(sessionCookieOf(login) ?? '')).toHaveProperty('httponly');

    // The session the login replaced is gone.
    const stale = server.client();
    stale.cookies.set('besties_session', registerCookie ?? '');
    expect((await stale.get('/api/user')).status).toBe(401);

    // Another device gets its own session; both work.
    const second = server.client();
    await second.post('/api/login', { email: 'dee@example.com', password: PASSWORD });
    expect(second.cookies.get('besties_session')).not.toBe(loginCookie);
    expect((await first.get('/api/user')).status).toBe(200);
    expect((await second.get('/api/user')).status).toBe(200);
  });

  it('answers a wrong password and an unknown email identically, after the same hashing work', async () => {
    await server.client().post('/api/register', { email: 'eve@example.com', password: PASSWORD });
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await server
        .client()
        .post('/api/login', { email, password: 'not-the-password' });
      return { answer, ms: performance.now() - started };
    };
    // Interleaved tries, each side's fastest kept: a busy machine only ever adds time.
    type Try = Awaited<ReturnType<typeof timed>>;
    const wrongTries: Try[] = [];
    const unknownTries: Try[] = [];
    for (let round = 0; round < 3; round++) {
      wrongTries.push(await timed('eve@example.com'));
      unknownTries.push(await timed('nobody@example.com'));
    }
    const fastest = (list: Try[]) => list.reduce((best, one) => (one.ms < best.ms ? one : best));
    const wrongPassword = fastest(wrongTries);
    const unknownEmail = fastest(unknownTries);
    for (const { answer } of [...wrongTries, ...unknownTries]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        message: 'Invalid email or password',
        code: 'invalid_credentials',
      });
      expect(sessionCookieOf(answer)).toBeUndefined();
    }
    expect(unknownEmail.answer.text).toBe(wrongPassword.answer.text);
    // Both ran scrypt (hundreds of ms); neither returned early.
    expect(unknownEmail.ms).toBeGreaterThan(wrongPassword.ms * 0.5);
    expect(wrongPassword.ms).toBeGreaterThan(unknownEmail.ms * 0.5);
  });

  it.each([
    [{}, EMAIL_REQUIRED, { email: EMAIL_REQUIRED, password: PASSWORD_REQUIRED }],
    [{ email: 'nope', password: 'x' }, EMAIL_INVALID, { email: EMAIL_INVALID }],
    [
      { email: 'ann@example.com', password: '' },
      PASSWORD_REQUIRED,
      { password: PASSWORD_REQUIRED },
    ],
  ])('answers 400 with the spec message for %j', async (body, message, fields) => {
    const answer = await server.client().post('/api/login', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, code: 'validation_error', fields });
  });
});

describe('POST /api/logout', () => {
  it('ends the session: the old cookie then gets 401', async () => {
    const client = server.client();
    await client.post('/api/register', { email: 'fay@example.com', password: PASSWORD });
    const cookie = client.cookies.get('besties_session') ?? '';

    const answer = await client.post('/api/logout');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(cookieAttributes(sessionCookieOf(answer) ?? '')['max-age']).toBe('0');
    expect(client.cookies.has('besties_session')).toBe(false);

    const replay = server.client();
    replay.cookies.set('besties_session', cookie);
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('is fine when not signed in', async () => {
    const answer = await server.client().post('/api/logout');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
  });
});

describe('session lifetime', () => {
  it('ends 30 days after sign-in, however active, and the expired row is deleted', async () => {
    const client = server.client();
    await client.post('/api/register', { email: 'gia@example.com', password: PASSWORD });

    server.clock.advance(30 * DAY - MINUTE);
    expect((await client.get('/api/user')).status).toBe(200);

    server.clock.advance(2 * MINUTE);
    const expired = await client.get('/api/user');
    expect(expired.status).toBe(401);
    expect(cookieAttributes(sessionCookieOf(expired) ?? '')['max-age']).toBe('0');

    const rows = await server.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('users.email', '=', 'gia@example.com')
      .executeTakeFirstOrThrow();
    expect(rows.n).toBe(0);
  });
});

describe('secrets', () => {
  it('never sends a password hash in any answer', async () => {
    // Every kind of answer the account routes give, collected by this test itself.
    const answers: Answer[] = [];
    const kept = (answer: Answer) => {
      answers.push(answer);
      return answer.status;
    };
    const hal = server.client();
    const credentials = { email: 'hal@example.com', password: PASSWORD };
    expect(kept(await hal.post('/api/register', credentials))).toBe(201);
    expect(kept(await hal.get('/api/user'))).toBe(200);
    expect(kept(await hal.post('/api/login', credentials))).toBe(200);

    const other = server.client();
    expect(kept(await other.post('/api/register', credentials))).toBe(409);
    expect(kept(await other.post('/api/register', { email: 'x' }))).toBe(400);
    const wrongPassword = { ...credentials, password: 'not-the-password' };
    expect(kept(await other.post('/api/login', wrongPassword))).toBe(401);
    const unknownEmail = { ...credentials, email: 'nobody@example.com' };
    expect(kept(await other.post('/api/login', unknownEmail))).toBe(401);
    expect(kept(await other.post('/api/login', { email: 'nope' }))).toBe(400);
    expect(kept(await other.get('/api/user'))).toBe(401);

    expect(kept(await hal.post('/api/logout'))).toBe(200);
    expect(kept(await hal.get('/api/user'))).toBe(401);

    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) {
      expect(answer.text).not.toMatch(/scrypt|password_?hash/i);
      expect(answer.text).not.toContain(PASSWORD);
    }
  });
});
