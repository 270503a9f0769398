/**
 * `npm run bench:sync`: how long and how many bytes a fresh device needs to pull 1,000 chats ×
 * 50 messages, and the bytes of a delta pull after one new message and its reply — which must
 * not grow with the history (checked against a 10-chat history in the same run). Sizes are of
 * the default (uncompressed) pull format, the baseline of `npm run bench:sync-browser`, which
 * times what the device waits for. Reports as 'sync'; exits 1 on a missed budget.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { replyStreamPath } from '@shared/chat';
import { PULL_MAX_LIMIT } from '@shared/sync';
import type { PullAnswer } from '@shared/sync';
import { makeDataDir, startTestServer } from '../tests/integration/harness';
import type { Client } from '../tests/integration/harness';
import { report } from './report';
import { seedHistory } from './seed';

const BUDGET = {
  fullPullSeconds: 30,
  bytesPerRow: 1200,
  deltaRatio: 1.2,
};

async function pullEverything(client: Client, cursor = 0) {
  let bytes = 0;
  let rows = 0;
  let pages = 0;
  let page: PullAnswer = { chats: [], messages: [], tombstones: [], cursor, hasMore: true };
  while (page.hasMore) {
    const answer = await client.get(`/api/sync/pull?cursor=${page.cursor}&limit=${PULL_MAX_LIMIT}`);
    if (answer.status !== 200) throw new Error(`pull answered ${answer.status}`);
    bytes += Buffer.byteLength(answer.text);
    page = answer.body as PullAnswer;
    rows += page.chats.length + page.messages.length + page.tombstones.length;
    pages += 1;
  }
  return { bytes, rows, pages, cursor: page.cursor };
}

async function measure(server: Awaited<ReturnType<typeof startTestServer>>, chats: number) {
  const client = server.client();
  const email = `bench-${chats}-${randomUUID()}@example.com`;
  const answer = await client.post('/api/register', { email, password: 'bench-pass-123' });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  await seedHistory(server.db, { userId: answer.body.id as string, chats, messagesPerChat: 50 });
  // Seeding blocks this process for seconds, past the server's keep-alive timeout: let the
  // server close the idle connection now, or the next request races that close (ECONNRESET).
  await new Promise((resolve) => setTimeout(resolve, 100));

  const started = performance.now();
  const full = await pullEverything(client);
  const seconds = (performance.now() - started) / 1000;

  const chatId = (await client.get('/api/chats')).body[0].id as string;
  const messageId = randomUUID();
  const push = await client.post('/api/sync/push', {
    mutations: [
      {
        id: randomUUID(),
        type: 'sendMessage',
        chatId,
        message: { id: messageId, message: 'One more thing happened today!' },
      },
    ],
  });
  if (push.body?.results?.[0]?.status !== 'applied') throw new Error('the new message failed');
  // The reply is written after the push: the delta carries it once its stream has ended.
  const written = await client.get(replyStreamPath(chatId, messageId));
  if (!written.text.includes('event: reply')) throw new Error('the reply was not written');
  const delta = await pullEverything(client, full.cursor);
  return { chats, full, seconds, delta };
}

async function main() {
  const dataDir = await makeDataDir();
  const server = await startTestServer({ dataDir });
  try {
    const small = await measure(server, 10);
    const large = await measure(server, 1000);
    const ratio = large.delta.bytes / small.delta.bytes;
    const bytesPerRow = large.full.bytes / large.full.rows;
    const checks = [
      {
        measure: 'full pull, 1,000 chats × 50 messages (s)',
        value: large.seconds.toFixed(2),
        budget: `<= ${BUDGET.fullPullSeconds}`,
        ok: large.seconds <= BUDGET.fullPullSeconds,
      },
      {
        measure: 'full pull bytes (rows, pages)',
        value: `${(large.full.bytes / 1e6).toFixed(2)} MB (${large.full.rows}, ${large.full.pages})`,
        budget: '',
        ok: true,
      },
      {
        measure: 'bytes per row',
        value: bytesPerRow.toFixed(0),
        budget: `<= ${BUDGET.bytesPerRow}`,
        ok: bytesPerRow <= BUDGET.bytesPerRow,
      },
      { measure: 'delta bytes, 10 chats', value: String(small.delta.bytes), budget: '', ok: true },
      {
        measure: 'delta bytes, 1,000 chats',
        value: String(large.delta.bytes),
        budget: '',
        ok: true,
      },
      {
        measure: 'delta ratio (1,000 / 10 chats)',
        value: ratio.toFixed(3),
        budget: `<= ${BUDGET.deltaRatio}`,
        ok: ratio <= BUDGET.deltaRatio,
      },
    ];
    report('sync', checks);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
