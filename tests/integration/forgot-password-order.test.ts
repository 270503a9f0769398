import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestServer } from './harness';
import type * as users from '../../sync-server/src/users/service';
import { LogCapture, startTestServer } from './harness';

// Each lookup of an email notes how many forgot-password requests had been answered by then
// (their request lines are written once the answer is made).
const seen = vi.hoisted(() => ({
  answered: (): number => 0,
  lookups: [] as { email: string; answered: number }[],
}));
vi.mock('../../sync-server/src/users/service', async (importOriginal) => {
  const original = await importOriginal<typeof users>();
  return {
    ...original,
    findUserByEmail: (...args: Parameters<typeof original.findUserByEmail>) => {
      seen.lookups.push({ email: args[1].email, answered: seen.answered() });
      return original.findUserByEmail(...args);
    },
  };
});

let logs: LogCapture;
let server: TestServer;
beforeEach(async () => {
  logs = new LogCapture();
  seen.answered = () =>
    logs.requestLines().filter((line) => line.path === '/api/forgot-password').length;
  seen.lookups.length = 0;
  server = await startTestServer({ logger: logs.logger });
});
afterEach(async () => {
  await server.stop();
});

describe('forgot-password and the time it takes', () => {
  it('answers before it looks the email up, for a known and an unknown email alike', async () => {
    const registered = await server
      .client()
      .post('/api/register', { email: 'kim@example.com', password: 'pass-123' });
    expect(registered.status).toBe(201);

    for (const email of ['kim@example.com', 'nobody@example.com']) {
      const answeredBefore = seen.answered();
      seen.lookups.length = 0;
      const answer = await server.client().post('/api/forgot-password', { email });
      expect(answer.status).toBe(200);
      await expect.poll(() => seen.lookups.length).toBe(1);
      // Nothing about the email (its account, a token, a mail) was done before the answer.
      expect(seen.lookups[0]).toEqual({ email, answered: answeredBefore + 1 });
    }
  });
});
