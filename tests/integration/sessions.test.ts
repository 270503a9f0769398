import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionView } from '@shared/account';
import { signedInClient } from './fakes/besties';
import type { Client, TestServer } from './harness';
import { MINUTE, sessionCookieOf, startTestServer, withDataOf } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36';

/** A new device signing in to her account with its own user agent. */
async function device(email: string, userAgent: string): Promise<Client> {
  const client = server.client();
  const answer = await client.post(
    '/api/login',
    { email, password: 'bestie-pass' },
    { 'user-agent': userAgent },
  );
  expect(answer.status).toBe(200);
  return client;
}

const sessionsOf = async (client: Client): Promise<SessionView[]> => {
  const answer = await client.get('/api/sessions');
  expect(answer.status).toBe(200);
  return answer.body.sessions;
};
const userStatus = async (client: Client) => (await client.get('/api/user')).status;

describe('her signed-in sessions', () => {
  it('refuses a visitor with 401', async () => {
    const visitor = server.client();
    expect((await visitor.get('/api/sessions')).status).toBe(401);
    expect((await visitor.request('DELETE', '/api/sessions')).status).toBe(401);
    expect((await visitor.request('DELETE', `/api/sessions/${'a'.repeat(32)}`)).status).toBe(401);
  });

  it('lists each device with its name, this one first and marked current', async () => {
    const { email } = await signedInClient(server, 'two');
    const phone = await device(email, IPHONE);
    const laptop = await device(email, WINDOWS_EDGE);

    const seenByLaptop = await sessionsOf(laptop);
    // Registering signed in a third session (the test's own client).
    expect(seenByLaptop).toHaveLength(3);
    expect(seenByLaptop.filter((session) => session.current)).toHaveLength(1);
    expect(seenByLaptop[0]).toMatchObject({ device: 'Edge on Windows', current: true });
    expect(seenByLaptop.map((session) => session.device)).toContain('Safari on iPhone');
    for (const session of seenByLaptop) {
      expect(session.id).toMatch(/^[0-9a-f]{32}$/);
      expect(new Date(session.createdAt).toISOString()).toBe(session.createdAt);
      expect(new Date(session.lastSeenAt).toISOString()).toBe(session.lastSeenAt);
      // Never the cookie's secret.
      for (const client of [phone, laptop]) {
        expect(JSON.stringify(session)).not.toContain(client.cookies.get('besties_session'));
      }
    }

    const seenByPhone = await sessionsOf(phone);
    expect(seenByPhone[0]).toMatchObject({ device: 'Safari on iPhone', current: true });
    expect(seenByPhone.map((session) => session.id).sort()).toEqual(
      seenByLaptop.map((session) => session.id).sort(),
    );
  });

  it('ends another of her sessions: that device is signed out, the list has one less', async () => {
    const { client: first, email } = await signedInClient(server, 'end');
    const phone = await device(email, ANDROID_CHROME);
    const sessions = await sessionsOf(first);
    const phoneSession = sessions.find((session) => session.device === 'Chrome on Android');
    expect(phoneSession).toBeDefined();

    const answer = await first.request('DELETE', `/api/sessions/${phoneSession?.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(sessionCookieOf(answer)).toBeUndefined();
    expect(await userStatus(phone)).toBe(401);
    expect(await userStatus(first)).toBe(200);
    const left = await sessionsOf(first);
    expect(left).toHaveLength(1);
    expect(left[0]?.current).toBe(true);

    // Ending it again: it is gone, 404.
    expect((await first.request('DELETE', `/api/sessions/${phoneSession?.id}`)).status).toBe(404);
  });

  it("refuses to end someone else's session with 404, and it keeps working", async () => {
    const ann = await signedInClient(server, 'ann');
    const eve = await signedInClient(server, 'eve');
    const [annSession] = await sessionsOf(ann.client);
    const answer = await eve.client.request('DELETE', `/api/sessions/${annSession?.id}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Session not found', code: 'not_found' });
    expect(await userStatus(ann.client)).toBe(200);
    expect(await userStatus(eve.client)).toBe(200);
    expect(await sessionsOf(ann.client)).toHaveLength(1);

    const unknown = await eve.client.request('DELETE', `/api/sessions/${'0'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect((await eve.client.request('DELETE', '/api/sessions/not-an-id')).status).toBe(404);
  });

  it('ends every session but this one: { ended: 2 } with three live', async () => {
    const { client: first, email } = await signedInClient(server, 'all');
    const phone = await device(email, IPHONE);
    const tablet = await device(email, ANDROID_CHROME);
    expect(await sessionsOf(phone)).toHaveLength(3);

    const answer = await phone.request('DELETE', '/api/sessions');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ended: 2 });
    expect(await userStatus(first)).toBe(401);
    expect(await userStatus(tablet)).toBe(401);
    expect(await userStatus(phone)).toBe(200);
    const left = await sessionsOf(phone);
    expect(left).toEqual([expect.objectContaining({ device: 'Safari on iPhone', current: true })]);

    // Nobody else's sessions are touched.
    const other = await signedInClient(server, 'bystander');
    await phone.request('DELETE', '/api/sessions');
    expect(await userStatus(other.client)).toBe(200);
  });

  it('ending her current session signs this device out (cookie cleared)', async () => {
    const { client, email } = await signedInClient(server, 'self');
    const phone = await device(email, IPHONE);
    const [current] = await sessionsOf(client);
    expect(current?.current).toBe(true);

    const answer = await client.request('DELETE', `/api/sessions/${current?.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(sessionCookieOf(answer)).toMatch(/Max-Age=0/);
    expect(client.cookies.has('besties_session')).toBe(false);
    expect(await userStatus(client)).toBe(401);
    expect(await userStatus(phone)).toBe(200);
  });

  it('a session ended or an account changed straight in the database (a script, another process) counts at the next request', async () => {
    const { client, email, userId } = await signedInClient(server, 'elsewhere');
    const phone = await device(email, IPHONE);
    // Both devices asked: whatever the server keeps of their sessions, it keeps now.
    expect(await userStatus(client)).toBe(200);
    expect((await phone.get('/api/user')).body.email).toBe(email);

    // A connection of the test's own, as another process would have.
    await withDataOf(server.dataDir, async (db) => {
      await db
        .updateTable('users')
        .set({ email: 'renamed-elsewhere@example.com' })
        .where('id', '=', userId)
        .execute();
      const [phoneSession] = (await sessionsOf(client)).filter((session) => !session.current);
      await db.deleteFrom('sessions').where('public_id', '=', phoneSession!.id).execute();
    });
    expect(await userStatus(phone)).toBe(401);
    expect((await client.get('/api/user')).body.email).toBe('renamed-elsewhere@example.com');
  });

  it('names a device it does not know, even one with a very long user agent, Unknown device', async () => {
    const { email } = await signedInClient(server, 'ua');
    const long = await device(email, `  ${'x'.repeat(500)}  `);
    const [session] = await sessionsOf(long);
    expect(session?.device).toBe('Unknown device');
  });

  it('moves lastSeenAt only once a minute has passed, not on every request', async () => {
    const { client } = await signedInClient(server, 'seen');
    const signedInAt = new Date(server.clock.now()).toISOString();
    const seen = async () => (await sessionsOf(client))[0]?.lastSeenAt;
    expect(await seen()).toBe(signedInAt);

    server.clock.advance(30_000);
    expect(await userStatus(client)).toBe(200);
    expect(await seen()).toBe(signedInAt);

    server.clock.advance(31_000);
    const movedAt = new Date(server.clock.now()).toISOString();
    expect(await seen()).toBe(movedAt);

    server.clock.advance(10_000);
    expect(await seen()).toBe(movedAt);
    server.clock.advance(MINUTE);
    expect(await seen()).toBe(new Date(server.clock.now()).toISOString());
    expect((await sessionsOf(client))[0]?.createdAt).toBe(signedInAt);
  });
});
