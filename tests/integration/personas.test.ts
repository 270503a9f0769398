import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAS } from '@shared/personas';
import { personasAnswerSchema } from '@shared/personas-schema';
import type { TestServer } from './harness';
import { startTestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('GET /api/personas', () => {
  it('lists the five besties, Cassie free and the others paid, to anyone', async () => {
    const answer = await server.client().get('/api/personas');
    expect(answer.status).toBe(200);
    expect(
      answer.body.map(({ id, name, tier }: { id: number; name: string; tier: string }) => [
        id,
        name,
        tier,
      ]),
    ).toEqual([
      [1, 'Cassie', 'free'],
      [2, 'Brooke', 'paid'],
      [3, 'Elena', 'paid'],
      [4, 'NeNe', 'paid'],
      [5, 'Summer', 'paid'],
    ]);
    expect(answer.body[0]).toEqual({
      id: 1,
      name: 'Cassie',
      tagline: 'Sweet and forgiving',
      description: expect.any(String),
      avatar: '/personas/cassie.svg',
      tier: 'free',
    });
  });

  it('answers what the persona picker accepts, the same besties as it shows offline', async () => {
    const answer = await server.client().get('/api/personas');
    expect(personasAnswerSchema.parse(answer.body)).toEqual(PERSONAS);
  });
});
