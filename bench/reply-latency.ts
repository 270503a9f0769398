/**
 * `npm run bench:reply`: time to first token of a reply through the app's path (push her
 * message, read GET /api/chats/{id}/replies/{messageId}, first `delta`) against asking the
 * provider directly (its first piece), in the same run, from the same fake OpenAI-compatible
 * server on loopback with a fixed delay per token. Prints a table; exits 1 when the app's
 * median is over budget.
 */
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { replyStreamPath } from '@shared/chat';
import { PERSONAS } from '@shared/personas';
import type { Persona } from '@shared/personas';
import { openAiProvider } from '../sync-server/src/replies/openai';
import { grant } from '../tests/integration/fakes/besties';
import { FakeOpenAi } from '../tests/integration/fakes/openai';
import { startTestServer } from '../tests/integration/harness';
import type { Client, TestServer } from '../tests/integration/harness';
import { report } from './report';

const ROUNDS = 15;
const WARM_UP_ROUNDS = 2;
const TOKEN_DELAY_MS = 25;
const BUDGET = { ratio: 1.5, plusMs: 30 };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  0;

/** Milliseconds until the provider's first piece; the rest is read to the end. */
async function direct(fake: FakeOpenAi): Promise<number> {
  const provider = openAiProvider(
    { baseUrl: fake.url, apiKey: undefined, model: 'fake-model', timeoutMs: 60_000 },
    pino({ level: 'silent' }),
  );
  const started = performance.now();
  let first: number | undefined;
  for await (const piece of provider.generate({
    persona: PERSONAS[0] as Persona,
    history: [{ role: 'user', content: 'How was your day?' }],
    user: { name: 'Bench', ageRange: null, location: null },
    screenshotText: [],
  })) {
    if (piece) first ??= performance.now() - started;
  }
  if (first === undefined) throw new Error('the provider wrote nothing');
  return first;
}

/** Milliseconds from pushing her message to the first delta of its reply stream. */
async function throughApp(server: TestServer, client: Client, chatId: string): Promise<number> {
  const messageId = randomUUID();
  const started = performance.now();
  const pushed = await client.post('/api/sync/push', {
    mutations: [
      {
        id: randomUUID(),
        type: 'sendMessage',
        chatId,
        message: { id: messageId, message: 'And you?' },
      },
    ],
  });
  if (pushed.body?.results?.[0]?.status !== 'applied') throw new Error('the push failed');
  const response = await fetch(new URL(replyStreamPath(chatId, messageId), server.url), {
    headers: { accept: 'text/event-stream', cookie: client.cookieHeader() },
  });
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no reply stream');
  let text = '';
  let first: number | undefined;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += new TextDecoder().decode(chunk.value);
    if (text.includes('event: delta')) first ??= performance.now() - started;
  }
  if (first === undefined || !text.includes('event: reply')) throw new Error(`no reply: ${text}`);
  return first;
}

async function main() {
  const fake = new FakeOpenAi();
  fake.pieceDelayMs = TOKEN_DELAY_MS;
  await fake.start();
  const server = await startTestServer({ env: { OPENAI_BASE_URL: fake.url } });
  try {
    const client = server.client();
    const email = `bench-reply-${randomUUID()}@example.com`;
    const registered = await client.post('/api/register', { email, password: 'bench-pass-123' });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    await grant(server, registered.body.id as string, 'premium');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });

    const times = { direct: [] as number[], app: [] as number[] };
    for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round += 1) {
      const directMs = await direct(fake);
      const appMs = await throughApp(server, client, chat.body.id as string);
      if (round < WARM_UP_ROUNDS) continue;
      times.direct.push(directMs);
      times.app.push(appMs);
    }

    const directMedian = median(times.direct);
    const appMedian = median(times.app);
    const budget = directMedian * BUDGET.ratio + BUDGET.plusMs;
    console.log(`${ROUNDS} rounds, ${TOKEN_DELAY_MS} ms per token, fake provider on loopback`);
    report('reply', [
      {
        measure: 'time to first piece, provider directly (median ms, p90)',
        value: `${directMedian.toFixed(1)} (${percentile(times.direct, 0.9).toFixed(1)})`,
        budget: '',
        ok: true,
      },
      {
        measure: 'time to first delta, push + reply stream (median ms, p90)',
        value: `${appMedian.toFixed(1)} (${percentile(times.app, 0.9).toFixed(1)})`,
        budget: `<= ${budget.toFixed(1)} (${BUDGET.ratio}× direct + ${BUDGET.plusMs} ms)`,
        ok: appMedian <= budget,
      },
    ]);
  } finally {
    await server.stop();
    await fake.stop();
  }
}

await main();
