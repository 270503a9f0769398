import type { SubscriptionTier } from '@shared/user';
import { grantTier } from '../../../sync-server/src/entitlements/service';
import type { Client, TestServer } from '../harness';

let accounts = 0;

/** A new signed-in client and her user id. */
export async function signedInClient(
  server: TestServer,
  name = 'user',
): Promise<{ client: Client; userId: string; email: string }> {
  const client = server.client();
  const email = `${name}-${++accounts}-${Date.now()}@example.com`;
  const answer = await client.post('/api/register', { email, password: 'bestie-pass' });
  if (answer.status !== 201) throw new Error(`register failed: ${answer.status} ${answer.text}`);
  return { client, userId: answer.body.id as string, email };
}

/** Grants a tier in the server's database (as payments will). */
export async function grant(
  server: TestServer,
  userId: string,
  tier: SubscriptionTier,
  expiresAt: number | null = null,
): Promise<void> {
  await grantTier({ db: server.db, now: server.clock.now }, { userId, tier, expiresAt });
}

export interface StreamEvent {
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The events of a text/event-stream body, in order (comment lines are skipped). */
export function parseEvents(text: string): StreamEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.split('\n').some((line) => line.startsWith('data: ')))
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}

export const SSE = { accept: 'text/event-stream' };
