import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mutation } from '@shared/sync';
import { signedInClient } from './fakes/besties';
import { push } from './fakes/sync';
import type { TestServer } from './harness';
import { columnsOf, DAY, startTestServer } from './harness';

/** The yearly count: referral notifications per UTC day, nothing personal. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

/** The server's referral_counts, as stored. */
async function counts(of: TestServer, day?: string) {
  const rows = await of.db
    .selectFrom('referral_counts')
    .select(['day', 'kind', 'count'])
    .orderBy('day')
    .orderBy('kind')
    .execute();
  return rows.filter((row) => day === undefined || row.day === day);
}

/** Each test on a day of its own (the server's clock set there), so none sees another's counts. */
function onDay(day: string): string {
  server.clock.time = Date.parse(`${day}T12:00:00Z`);
  return day;
}

const countHelpShown = (day: string, count: number): Mutation => ({
  id: randomUUID(),
  type: 'countHelpShown',
  day,
  count,
});

describe('the count keeps nothing personal', () => {
  it('holds a day, a kind and a number: no user, chat, message or address', async () => {
    expect(await columnsOf(server.db, 'referral_counts')).toEqual(['day', 'kind', 'count']);
  });
});

describe('crisis replies', () => {
  it("counts one 'crisis_reply' on the day the server stores a crisis reply, none for an ordinary one", async () => {
    const day = onDay('2027-03-01');
    const { client } = await signedInClient(server);
    const created = await client.post('/api/chats', { message: 'i want to kill myself' });
    expect(created.status).toBe(201);
    expect(created.body.messages[1]).toMatchObject({ isCrisis: true });
    expect(await counts(server, day)).toEqual([{ day, kind: 'crisis_reply', count: 1 }]);

    const ordinary = await client.post('/api/chats', { message: 'should I text him first' });
    expect(ordinary.body.messages[1]).toMatchObject({ isCrisis: false });
    expect(await counts(server, day)).toEqual([{ day, kind: 'crisis_reply', count: 1 }]);
  });
});

describe('help shown on her device (countHelpShown through the outbox)', () => {
  it('adds the count once, however often the same mutation is pushed', async () => {
    const day = onDay('2027-03-02');
    const { client } = await signedInClient(server);
    const mutation = countHelpShown(day, 3);
    const first = await push(client, [mutation]);
    const again = await push(client, [mutation]);
    expect(first.status).toBe(200);
    expect(first.body.results).toMatchObject([{ id: mutation.id, status: 'applied' }]);
    expect(again.body.results).toEqual(first.body.results);
    expect(await counts(server, day)).toEqual([{ day, kind: 'help_shown', count: 3 }]);
  });

  it('counts a day she was offline on when her device syncs later, added to that day', async () => {
    onDay('2027-03-05');
    const { client } = await signedInClient(server);
    await push(client, [countHelpShown('2027-03-03', 1)]);
    await push(client, [countHelpShown('2027-03-03', 2)]);
    expect(await counts(server, '2027-03-03')).toEqual([
      { day: '2027-03-03', kind: 'help_shown', count: 3 },
    ]);
  });

  it('refuses a day that is no date, or a count outside 1..1000, with a clear 400, counting nothing', async () => {
    const day = onDay('2027-03-06');
    const { client } = await signedInClient(server);
    const cases: [Mutation, string, string][] = [
      [countHelpShown('2027-02-30', 1), 'mutations.0.day', 'Day must be a real date (YYYY-MM-DD)'],
      [countHelpShown('6 March', 1), 'mutations.0.day', 'Day must be a real date (YYYY-MM-DD)'],
      [countHelpShown(day, 0), 'mutations.0.count', 'Count must be a whole number from 1 to 1000'],
      [
        countHelpShown(day, 1001),
        'mutations.0.count',
        'Count must be a whole number from 1 to 1000',
      ],
      [
        countHelpShown(day, 1.5),
        'mutations.0.count',
        'Count must be a whole number from 1 to 1000',
      ],
    ];
    for (const [mutation, field, message] of cases) {
      const answer = await push(client, [mutation]);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_error', message });
      expect(answer.body.fields[field]).toBe(message);
    }
    expect(await counts(server, day)).toEqual([]);
  });

  it('rejects, for good, a day ahead of the server or more than 400 days ago, counting nothing', async () => {
    onDay('2027-03-07');
    const { client } = await signedInClient(server);
    const future = countHelpShown('2027-03-09', 1);
    const old = countHelpShown('2026-01-30', 1);
    const answer = await push(client, [future, old]);
    expect(answer.status).toBe(200);
    expect(answer.body.results).toMatchObject([
      {
        id: future.id,
        status: 'rejected',
        error: { status: 400, code: 'validation_error', message: 'Day must not be in the future' },
      },
      {
        id: old.id,
        status: 'rejected',
        error: { status: 400, message: 'Day must be within the last 400 days' },
      },
    ]);
    expect(
      (await counts(server)).filter((row) => ['2027-03-09', '2026-01-30'].includes(row.day)),
    ).toEqual([]);
  });

  it('forgives a device clock a little fast at midnight: tomorrow counts within the hour', async () => {
    server.clock.time = Date.parse('2027-03-10T23:30:00Z');
    const { client } = await signedInClient(server);
    const answer = await push(client, [countHelpShown('2027-03-11', 1)]);
    expect(answer.body.results).toMatchObject([{ status: 'applied' }]);
    expect(await counts(server, '2027-03-11')).toEqual([
      { day: '2027-03-11', kind: 'help_shown', count: 1 },
    ]);
  });
});

describe("a visitor's help shown: POST /api/safety/help-shown", () => {
  it('counts without a session', async () => {
    const day = onDay('2027-03-12');
    const visitor = server.client();
    const answer = await visitor.post('/api/safety/help-shown', { day, count: 2 });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    await visitor.post('/api/safety/help-shown', { day, count: 1 });
    expect(await counts(server, day)).toEqual([{ day, kind: 'help_shown', count: 3 }]);
  });

  it('refuses a bad day or count with a clear 400 and counts nothing', async () => {
    const day = onDay('2027-03-13');
    const visitor = server.client();
    const refused = [
      [{ day: '2027-02-29', count: 1 }, 'Day must be a real date (YYYY-MM-DD)'],
      [{ day, count: 0 }, 'Count must be a whole number from 1 to 1000'],
      [{ day, count: '1' }, 'Count must be a whole number from 1 to 1000'],
      [{ count: 1 }, 'Day must be a date (YYYY-MM-DD)'],
      [{ day: '2027-03-15', count: 1 }, 'Day must not be in the future'],
      [{ day: '2025-01-01', count: 1 }, 'Day must be within the last 400 days'],
    ] as const;
    for (const [body, message] of refused) {
      const answer = await visitor.post('/api/safety/help-shown', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_error', message });
    }
    expect((await counts(server)).filter((row) => row.day >= day || row.day < '2026')).toEqual([]);
  });

  it('is rate limited per client address (429 with Retry-After), and a refused one counts nothing', async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT_IP_PER_HOUR: '2' } });
    try {
      limited.clock.time = Date.parse('2027-03-14T12:00:00Z');
      const visitor = limited.client();
      const body = { day: '2027-03-14', count: 5 };
      expect((await visitor.post('/api/safety/help-shown', body)).status).toBe(200);
      expect((await visitor.post('/api/safety/help-shown', body)).status).toBe(200);
      const third = await visitor.post('/api/safety/help-shown', body);
      expect(third.status).toBe(429);
      expect(third.body.code).toBe('rate_limited');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await counts(limited)).toEqual([{ day: '2027-03-14', kind: 'help_shown', count: 10 }]);

      limited.clock.advance(DAY);
      expect((await visitor.post('/api/safety/help-shown', body)).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

describe('no account can run up the count', () => {
  it("rejects her devices' countHelpShown past the hourly limit (429), counting only those before", async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT_IP_PER_HOUR: '2' } });
    try {
      limited.clock.time = Date.parse('2027-03-16T12:00:00Z');
      const { client } = await signedInClient(limited);
      const mutations = [1, 2, 3].map(() => countHelpShown('2027-03-16', 1));
      const answer = await push(client, mutations);
      expect(answer.body.results).toMatchObject([
        { status: 'applied' },
        { status: 'applied' },
        { status: 'rejected', error: { status: 429, code: 'rate_limited' } },
      ]);
      expect(await counts(limited)).toEqual([{ day: '2027-03-16', kind: 'help_shown', count: 2 }]);
    } finally {
      await limited.stop();
    }
  });
});
