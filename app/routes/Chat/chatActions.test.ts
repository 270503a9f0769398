import { beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData, findChat } from '../../db/chats';
import { messagesOf } from '../../db/wholeChat';
import { outboxInOrder } from '../../db/outbox';
import { createSyncEngine } from '../../sync/engine';
import { FakeSyncServer } from '../../sync/server.fake';
import * as crisisReading from '@shared/safety/crisis';
import { chatItemsOf } from './chatItems';
import { startEmptyChat, startPersonaChat } from './chatActions';
import { rowsOf } from './messageRows';

/*
 * Spec §4 ("Persona picked: a chat is created with a greeting and the
 * persona id"): the greeting "Hey! I'm {persona name}. {persona description} What's on your
 * mind today?" (spec §2) is stored by the server as her bestie's first message.
 */
const ELENA_GREETING =
  "Hey! I'm Elena. Elena slows things down. She helps you untangle big feelings and think a situation through, step by step. What's on your mind today?";

let server: FakeSyncServer;
const sync = () =>
  createSyncEngine({
    transport: server,
    isOnline: () => true,
    onStatus: () => {},
    retryDelayMs: () => 60_000,
  }).sync();

beforeEach(async () => {
  await clearLocalData();
  server = new FakeSyncServer();
});

describe('a chat from the persona picker', () => {
  it('is made on the device at once and queues a createChat with a greeting id', async () => {
    const chatId = await startPersonaChat(3);
    expect(await findChat(chatId)).toMatchObject({ title: '', persona: { id: 3, name: 'Elena' } });
    // Until the server's greeting arrives, the welcome shows the same words.
    expect(await messagesOf(chatId)).toEqual([]);
    const [entry] = await outboxInOrder();
    expect(entry?.mutation).toMatchObject({
      type: 'createChat',
      chat: { id: chatId, personaId: 3, isEmptyChatCreation: true },
    });
    const chat = entry?.mutation.type === 'createChat' ? entry.mutation.chat : undefined;
    expect(chat?.greetingId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("after sync holds exactly the bestie's greeting, shown once (no welcome besides it)", async () => {
    const chatId = await startPersonaChat(3);
    await sync();
    const messages = await messagesOf(chatId);
    expect(messages.map((m) => [m.seq, m.isUser, m.isTeaser, m.message])).toEqual([
      [1, false, false, ELENA_GREETING],
    ]);
    const rows = rowsOf(chatItemsOf(messages, crisisReading), undefined, false);
    expect(rows).toMatchObject([
      {
        kind: 'item',
        // Says she is an AI, as the welcome it takes the place of did.
        item: { kind: 'message', from: 'bestie', text: ELENA_GREETING, greeting: true },
      },
    ]);
    // Synced again (another device, a retry), it is still the one greeting.
    await sync();
    expect(await messagesOf(chatId)).toHaveLength(1);
  });
});

describe('the empty bestie=cassie chat', () => {
  it('queues a createChat with no greeting and stays empty after sync', async () => {
    const chatId = await startEmptyChat(1, 'fresh');
    const [entry] = await outboxInOrder();
    expect(entry?.mutation).toEqual({
      id: expect.any(String),
      type: 'createChat',
      chat: { id: 'fresh', personaId: 1, isEmptyChatCreation: true },
    });
    await sync();
    expect(await messagesOf(chatId)).toEqual([]);
  });
});
