import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { teaserOf } from '@shared/chat';
import { signedInClient } from './fakes/besties';
import { FakeOpenAi } from './fakes/openai';
import { postWebhook, refunded, startPurchase, verify } from './fakes/payments';
import { FakeStripe, stripeEnv } from './fakes/stripe';
import { createChat, pullAll, push, repliesWritten, sendMessage } from './fakes/sync';
import type { Client, TestServer } from './harness';
import { DAY, startTestServer } from './harness';

const openai = new FakeOpenAi();
const stripe = new FakeStripe();
let server: TestServer;

beforeAll(async () => {
  await Promise.all([openai.start(), stripe.start()]);
});
afterAll(async () => {
  await Promise.all([openai.stop(), stripe.stop()]);
});
beforeEach(async () => {
  server = await startTestServer({ env: { OPENAI_BASE_URL: openai.url, ...stripeEnv(stripe) } });
});
afterEach(async () => {
  await server.stop();
});

async function buyDayPass(client: Client): Promise<string> {
  const { intentId } = await startPurchase(client, 'bestie-day');
  stripe.pay(intentId);
  expect((await verify(client, intentId, 'bestie-day')).status).toBe(200);
  return intentId;
}

/** The replies a pull from `cursor` brings, as [id, text, isTeaser]. */
async function repliesSince(client: Client, cursor: number) {
  const page = await pullAll(client, cursor);
  const replies = page.messages.filter((message) => !message.isUser);
  return {
    cursor: page.cursor,
    replies: replies.map((reply) => [reply.id, reply.message, reply.isTeaser]),
    users: page.messages.filter((message) => message.isUser),
  };
}

describe('a change of plan re-presents her earlier replies through the pull', () => {
  it('in full after she pays, as teasers after a refund and after the plan ends', async () => {
    const { client } = await signedInClient(server);
    const chatId = randomUUID();
    const mutations = [createChat(chatId, 'Hi Cassie'), sendMessage(chatId, 'And another thing')];
    expect((await push(client, mutations)).status).toBe(200);
    await repliesWritten(client, mutations);
    const full = openai.reply;
    const teaser = teaserOf(full);

    const asFree = await repliesSince(client, 0);
    expect(asFree.replies).toHaveLength(2);
    for (const [, text, isTeaser] of asFree.replies)
      expect([text, isTeaser]).toEqual([teaser, true]);
    const ids = asFree.replies.map(([id]) => id);

    // A pull with no change of plan brings nothing again.
    expect((await repliesSince(client, asFree.cursor)).replies).toEqual([]);

    const intentId = await buyDayPass(client);
    const paid = await repliesSince(client, asFree.cursor);
    expect(paid.replies).toEqual(ids.map((id) => [id, full, false]));
    expect(paid.users).toEqual([]);

    await postWebhook(server, refunded(intentId));
    const afterRefund = await repliesSince(client, paid.cursor);
    expect(afterRefund.replies).toEqual(ids.map((id) => [id, teaser, true]));

    await buyDayPass(client);
    const paidAgain = await repliesSince(client, afterRefund.cursor);
    expect(paidAgain.replies).toEqual(ids.map((id) => [id, full, false]));

    // No event marks the end of a plan: the pull itself sees it ended.
    server.clock.advance(DAY);
    const ended = await repliesSince(client, paidAgain.cursor);
    expect(ended.replies).toEqual(ids.map((id) => [id, teaser, true]));
    expect((await repliesSince(client, ended.cursor)).replies).toEqual([]);
  });

  it('leaves the pull of a user who never paid as it was', async () => {
    const { client } = await signedInClient(server);
    const chatId = randomUUID();
    const mutations = [createChat(chatId, 'Hello')];
    await push(client, mutations);
    await repliesWritten(client, mutations);
    const first = await repliesSince(client, 0);
    server.clock.advance(DAY);
    expect((await repliesSince(client, first.cursor)).replies).toEqual([]);
  });
});
