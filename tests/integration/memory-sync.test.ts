import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactPullPath, decodePullPage } from '@shared/compact-pull';
import type { Memory } from '@shared/memory';
import type { Mutation } from '@shared/sync';
import { FakeOpenAi } from './fakes/openai';
import { grant, signedInClient } from './fakes/besties';
import { createChat, eventually, pullAll, push, replyWritten } from './fakes/sync';
import type { Client, TestServer } from './harness';
import { LogCapture, sameBrowserOn, startTestServer } from './harness';

/*
 * What her besties remember: taken from her messages by the built-in engine's
 * extractor once her reply is written, each pointing at the message it came from, synced like
 * her chats (the pull brings them, the outbox edits and forgets them), a free user's too.
 */

let server: TestServer;
const logs = new LogCapture();
beforeAll(async () => {
  server = await startTestServer({
    env: { BUILTIN_REPLY_PIECE_DELAY_MS: '0' },
    logger: logs.logger,
  });
});
afterAll(async () => {
  expect(logs.errors()).toEqual([]);
  await server.stop();
});

/** She says `text` in a new chat and has her reply; answers her message's ids. */
async function says(client: Client, text: string) {
  const chatId = randomUUID();
  const created = createChat(chatId, text);
  await push(client, [created]);
  const messageId = created.type === 'createChat' ? created.chat.messageId! : '';
  await replyWritten(client, chatId, messageId);
  return { chatId, messageId };
}

/** Her memories as a fresh device pulls them. */
async function remembered(client: Client): Promise<Memory[]> {
  return (await pullAll(client)).memories ?? [];
}

describe('her memories', () => {
  it('are taken from what she says, each pointing at her message, and the pull brings them', async () => {
    const { client } = await signedInClient(server, 'free');
    const { chatId, messageId } = await says(
      client,
      'My best friend Emma is moving to Lisbon next month',
    );
    const memories = await eventually(async () => {
      const found = await remembered(client);
      return found.length === 2 ? found : undefined;
    });
    expect(memories.map(({ kind, subject, detail }) => [kind, subject, detail])).toEqual([
      ['person', 'Emma', 'your best friend'],
      ['place', 'Lisbon', 'Emma is moving there'],
    ]);
    for (const memory of memories) {
      expect(memory).toMatchObject({ sourceMessageId: messageId, sourceChatId: chatId });
      expect(memory.personaId).toBeNull();
    }
    // The compact page the app reads brings the same.
    const compact = await client.get(compactPullPath(0));
    expect(decodePullPage(compact.body).memories).toEqual(memories);
  });

  it('take what she says again about the same one, once', async () => {
    const { client } = await signedInClient(server);
    await says(client, 'my sister Maya is visiting');
    const { messageId } = await says(client, 'Maya is my best friend honestly');
    const memories = await eventually(async () => {
      const found = (await remembered(client)).filter((memory) => memory.subject === 'Maya');
      return found.at(-1)?.detail === 'your best friend' ? found : undefined;
    });
    expect(new Set(memories.map((memory) => memory.id)).size).toBe(1);
    expect(memories.at(-1)?.sourceMessageId).toBe(messageId);
  });

  it('are hers to edit, add and forget through the outbox, on every device', async () => {
    const { client } = await signedInClient(server);
    const laptop = sameBrowserOn(server, client);
    await says(client, 'my sister Maya is visiting');
    const [maya] = await eventually(async () => {
      const found = await remembered(client);
      return found.length > 0 ? found : undefined;
    });
    const { cursor } = await pullAll(laptop);

    const edited: Mutation = {
      id: randomUUID(),
      type: 'saveMemory',
      memory: { ...maya!, detail: 'your little sister', personaId: 2 },
    };
    const answer = await push(client, [edited]);
    expect(answer.body.results[0]).toMatchObject({
      status: 'applied',
      rows: { memories: [{ id: maya!.id, detail: 'your little sister', personaId: 2 }] },
    });
    const added: Mutation = {
      id: randomUUID(),
      type: 'saveMemory',
      memory: { id: randomUUID(), kind: 'like', subject: 'iced matcha', detail: 'you love it' },
    };
    await push(client, [added]);
    const onLaptop = await pullAll(laptop, cursor);
    expect(onLaptop.memories?.map((memory) => memory.detail)).toEqual([
      'your little sister',
      'you love it',
    ]);
    expect(onLaptop.memories?.at(-1)).toMatchObject({ sourceMessageId: null, date: null });

    const forget: Mutation = { id: randomUUID(), type: 'forgetMemory', memoryId: maya!.id };
    const forgotten = await push(client, [forget]);
    expect(forgotten.body.results[0]).toMatchObject({
      status: 'applied',
      rows: { tombstones: [{ type: 'memory', id: maya!.id }] },
    });
    const after = await pullAll(laptop, onLaptop.cursor);
    expect(after.tombstones).toEqual([{ type: 'memory', id: maya!.id }]);
    expect(after.memories).toBeUndefined();
    // The compact page says the same.
    const compact = decodePullPage((await laptop.get(compactPullPath(onLaptop.cursor))).body);
    expect(compact.tombstones).toEqual([{ type: 'memory', id: maya!.id }]);
  });

  it('"Forget everything" forgets each of them', async () => {
    const { client } = await signedInClient(server);
    await says(client, 'my sister Maya is visiting and I live in Leeds');
    await eventually(async () => ((await remembered(client)).length === 2 ? true : undefined));
    const { cursor } = await pullAll(client);
    const answer = await push(client, [{ id: randomUUID(), type: 'forgetAllMemories' }]);
    expect(answer.body.results[0].rows.tombstones).toHaveLength(2);
    const after = await pullAll(client, cursor);
    expect(after.tombstones.map((t) => t.type)).toEqual(['memory', 'memory']);
    const live = (await pullAll(client)).memories ?? [];
    const gone = new Set(after.tombstones.map((t) => t.id));
    expect(live.filter((memory) => !gone.has(memory.id))).toEqual([]);
  });

  it("refuses someone else's memory and words that say nothing, changing nothing", async () => {
    const { client } = await signedInClient(server);
    await says(client, 'my sister Maya is visiting');
    const [maya] = await eventually(async () => {
      const found = await remembered(client);
      return found.length > 0 ? found : undefined;
    });
    const { client: other } = await signedInClient(server);
    const theirs = await push(other, [
      { id: randomUUID(), type: 'saveMemory', memory: { ...maya!, detail: 'mine now' } },
    ]);
    expect(theirs.body.results[0]).toMatchObject({ status: 'rejected', error: { status: 404 } });
    const forget = await push(other, [
      { id: randomUUID(), type: 'forgetMemory', memoryId: maya!.id },
    ]);
    expect(forget.body.results[0]).toMatchObject({ status: 'rejected', error: { status: 404 } });
    const empty = await client.post('/api/sync/push', {
      mutations: [{ id: randomUUID(), type: 'saveMemory', memory: { ...maya!, subject: '  ' } }],
    });
    expect(empty.status).toBe(400);
    expect((await remembered(client)).at(-1)).toEqual(maya);
  });
});

describe('replies that use them', () => {
  it('another bestie, in another chat, says back what she told; one kept to a bestie stays hers', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'vip');
    await says(client, 'My best friend Emma is moving to Lisbon next month');
    const [emma] = await eventually(async () => {
      const found = await remembered(client);
      return found.length === 2 ? found : undefined;
    });
    const brooke = await client.post('/api/chats', {
      message: 'where is my best friend moving again?',
      personaId: 2,
    });
    expect(brooke.body.messages.at(-1).message).toMatch(/^Lisbon! Emma is moving there/);

    // Kept to Brooke: Elena knows nothing of Emma, Brooke still does.
    await push(client, [
      { id: randomUUID(), type: 'saveMemory', memory: { ...emma!, personaId: 2 } },
    ]);
    const elena = await client.post('/api/chats', {
      message: 'my best friend called',
      personaId: 3,
    });
    expect(elena.body.messages.at(-1).message).not.toContain('Emma');
    const again = await client.post('/api/chats', {
      message: 'my best friend called',
      personaId: 2,
    });
    expect(again.body.messages.at(-1).message).toContain('Emma');
  });

  it('show which memories they drew on, in full replies only, on every pull', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'vip');
    await says(client, 'My best friend Emma is moving to Lisbon next month');
    const kept = await eventually(async () => {
      const found = await remembered(client);
      return found.length === 2 ? found : undefined;
    });
    const asked = await client.post('/api/chats', {
      message: 'where is my best friend moving again?',
      personaId: 2,
    });
    const reply = asked.body.messages.at(-1);
    expect(reply.message).toMatch(/^Lisbon! Emma is moving there/);
    expect([...reply.usedMemories].sort()).toEqual(kept.map((memory) => memory.id).sort());

    // A reply that speaks of none of them carries no list.
    const other = await client.post('/api/chats', { message: 'hi', personaId: 3 });
    expect(other.body.messages.at(-1)).not.toHaveProperty('usedMemories');

    // Her other devices hear of it, in both forms of the pull.
    const pulled = (await pullAll(client)).messages.find((message) => message.id === reply.id);
    expect(pulled?.usedMemories).toEqual(reply.usedMemories);
    const compact = decodePullPage((await client.get(compactPullPath(0))).body);
    const packed = compact.messages.find((message) => message.id === reply.id);
    expect(packed?.usedMemories).toEqual(reply.usedMemories);
    const plain = compact.messages.find((message) => message.id === other.body.messages.at(-1).id);
    expect(plain).not.toHaveProperty('usedMemories');

    // A crisis reply is help, not her bestie drawing on what she told.
    const crisis = await client.post('/api/chats', {
      message: 'Emma is moving to Lisbon and I want to kill myself',
      personaId: 2,
    });
    expect(crisis.body.messages.at(-1).isCrisis).toBe(true);
    expect(crisis.body.messages.at(-1)).not.toHaveProperty('usedMemories');
  });

  it("a free user's teaser does not point at what its hidden words drew on", async () => {
    const { client } = await signedInClient(server);
    await says(client, 'My best friend Emma is moving to Lisbon next month');
    await eventually(async () => ((await remembered(client)).length === 2 ? true : undefined));
    const asked = await client.post('/api/chats', {
      message: 'where is my best friend moving again?',
      personaId: 1,
    });
    const reply = asked.body.messages.at(-1);
    expect(reply.isTeaser).toBe(true);
    expect(reply).not.toHaveProperty('usedMemories');
  });
});

describe('her memories and her account', () => {
  it('go into her export, and go with her account', async () => {
    const { client, userId } = await signedInClient(server);
    await says(client, 'My best friend Emma is moving to Lisbon next month');
    const memories = await eventually(async () => {
      const found = await remembered(client);
      return found.length === 2 ? found : undefined;
    });
    const exported = await client.get('/api/user/export');
    expect(exported.body.memories).toEqual(memories);

    const deleted = await client.request('DELETE', '/api/user', {
      json: { password: 'bestie-pass', confirm: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    const left = await server.db
      .selectFrom('memories')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('with a model', () => {
  const fake = new FakeOpenAi();
  let modelServer: TestServer;
  beforeAll(async () => {
    await fake.start();
    modelServer = await startTestServer({
      env: { OPENAI_BASE_URL: fake.url, OPENAI_MODERATION: 'false', SAFETY_CHECK_TIMEOUT_MS: '0' },
    });
  });
  afterAll(async () => {
    await modelServer.stop();
    await fake.stop();
  });

  it('the model reads what to remember (structured output, after the reply); what is out of shape is left out', async () => {
    const { client } = await signedInClient(modelServer);
    fake.memoryAnswer = JSON.stringify({
      memories: [
        { kind: 'person', subject: 'Tomás', detail: 'your little brother', date: null },
        { kind: 'event', subject: 'his recital', detail: 'next Friday', date: '2026-12-04' },
        { kind: 'pet', subject: 'Rex', detail: 'your dog', date: null },
        { kind: 'like', subject: '  ', detail: 'you love it', date: null },
      ],
    });
    const { messageId } = await says(client, 'my little brother Tomás has his recital next Friday');
    const memories = await eventually(async () => {
      const found = await remembered(client);
      return found.length === 2 ? found : undefined;
    });
    expect(
      memories.map(({ kind, subject, detail, date }) => [kind, subject, detail, date]),
    ).toEqual([
      ['person', 'Tomás', 'your little brother', null],
      ['event', 'his recital', 'next Friday', '2026-12-04'],
    ]);
    expect(memories[0]?.sourceMessageId).toBe(messageId);
    const [extraction] = fake.extractions();
    expect(extraction?.body.messages?.at(-1)?.content).toContain(
      'my little brother Tomás has his recital next Friday',
    );
  });

  it('leaves it to the built-in rules when the model answers nonsense', async () => {
    const { client } = await signedInClient(modelServer);
    fake.memoryAnswer = 'not json at all';
    await says(client, 'my sister Maya is visiting');
    const memories = await eventually(async () => {
      const found = await remembered(client);
      return found.length === 1 ? found : undefined;
    });
    expect(memories[0]).toMatchObject({ subject: 'Maya', detail: 'your sister' });
  });
});
