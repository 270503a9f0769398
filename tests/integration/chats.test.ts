import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@shared/chat';
import { OCR_UPLOAD_PATH, SKIP_OCR_QUERY } from '@shared/ocr-api';
import { inTransaction } from '../../sync-server/src/db/database';
import { grant, signedInClient } from './fakes/besties';
import { postImage, smallPng } from './fakes/ocr';
import { createChat, push } from './fakes/sync';
import type { TestServer } from './harness';
import { startTestServer, withDataOf } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const NOT_FOUND = { message: 'Chat not found', code: 'not_found' };
const LOCKED = {
  message: 'Subscribe to chat with this bestie',
  code: 'subscription_required',
  requiresSubscription: true,
};

describe('signed out', () => {
  it.each([
    ['GET', '/api/chats'],
    ['GET', `/api/chats/${randomUUID()}`],
    ['POST', '/api/chats'],
    ['POST', `/api/chats/${randomUUID()}/messages`],
    ['DELETE', `/api/chats/${randomUUID()}`],
  ])('%s %s answers 401', async (method, path) => {
    const json = method === 'GET' ? undefined : { message: 'hi' };
    const answer = await server.client().request(method, path, { json });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Not signed in', code: 'unauthorized' });
  });
});

describe('POST /api/chats', () => {
  it('creates a Cassie chat with her message and the reply: 201 and the Chat', async () => {
    const { client } = await signedInClient(server);
    const answer = await client.post('/api/chats', { message: 'Hi Cassie, I had a rough day' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      id: expect.any(String),
      title: 'Hi Cassie, I had a rough day',
      persona: { id: 1, name: 'Cassie', avatar: '/personas/cassie.svg' },
    });
    const [mine, reply] = answer.body.messages;
    expect(mine).toMatchObject({ message: 'Hi Cassie, I had a rough day', isUser: true });
    expect(reply).toMatchObject({ isUser: false, isTeaser: true, isCrisis: false });
    expect(reply.message.length).toBeGreaterThan(0);
  });

  it('creates an empty chat with isEmptyChatCreation', async () => {
    const { client } = await signedInClient(server);
    const answer = await client.post('/api/chats', { isEmptyChatCreation: true, personaId: 1 });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ title: 'New Chat', messages: [] });
  });

  it('is the same create when the same chat id and message id come again', async () => {
    const { client } = await signedInClient(server);
    const body = { id: randomUUID(), messageId: randomUUID(), message: 'Are you there?' };
    const first = await client.post('/api/chats', body);
    const again = await client.post('/api/chats', body);
    expect(first.status).toBe(201);
    expect([200, 201]).toContain(again.status);
    expect(again.body).toEqual(first.body);
    expect(again.body.messages).toHaveLength(2);
    const list = await client.get('/api/chats');
    expect(list.body).toHaveLength(1);
  });

  it('does not add a message when a create is retried without its message id', async () => {
    const { client } = await signedInClient(server);
    const id = randomUUID();
    await client.post('/api/chats', { id, message: 'First try' });
    const again = await client.post('/api/chats', { id, message: 'First try' });
    expect(again.body.messages).toHaveLength(2);
  });

  it("never reveals or touches another user's chat id", async () => {
    const owner = await signedInClient(server);
    const id = randomUUID();
    await owner.client.post('/api/chats', { id, message: 'Mine' });
    const other = await signedInClient(server);
    const answer = await other.client.post('/api/chats', { id, message: 'Mine now?' });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(NOT_FOUND);
    const ownerView = await owner.client.get(`/api/chats/${id}`);
    expect(ownerView.body.messages).toHaveLength(2);
  });

  it.each([
    ['no message', {}, 'Message cannot be empty'],
    ['an empty message', { message: '' }, 'Message cannot be empty'],
    ['a whitespace message', { message: '   \n ' }, 'Message cannot be empty'],
    [
      'a message of invisible characters only',
      { message: '\u200B\u200C\u200D\u2060\uFEFF \n' },
      'Message cannot be empty',
    ],
    [
      '4001 characters',
      { message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) },
      'Message must be at most 4000 characters',
    ],
  ])('answers 400 for %s', async (_label, body, message) => {
    const { client } = await signedInClient(server);
    const answer = await client.post('/api/chats', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, code: 'validation_error', fields: { message } });
  });

  it('answers 400 for a persona that does not exist', async () => {
    const { client } = await signedInClient(server);
    const answer = await client.post('/api/chats', { message: 'hi', personaId: 9 });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('personaId');
  });
});

describe('locked besties', () => {
  it.each(['free', 'basic'] as const)(
    'a %s user gets 403 requiresSubscription for Brooke, creating or sending',
    async (tier) => {
      const { client, userId } = await signedInClient(server);
      if (tier !== 'free') await grant(server, userId, tier);
      const create = await client.post('/api/chats', { message: 'Hey Brooke', personaId: 2 });
      expect(create.status).toBe(403);
      expect(create.body).toEqual(LOCKED);
      const empty = await client.post('/api/chats', { isEmptyChatCreation: true, personaId: 3 });
      expect(empty.status).toBe(403);
      expect((await client.get('/api/chats')).body).toEqual([]);
    },
  );

  it('a premium user chats with all five, and gets 403 again once her plan expires', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'premium', server.clock.now() + 60_000);
    for (const personaId of [1, 2, 3, 4, 5]) {
      const answer = await client.post('/api/chats', { message: 'Hi!', personaId });
      expect(answer.status).toBe(201);
      expect(answer.body.messages[1].isTeaser).toBe(false);
    }
    const chats = (await client.get('/api/chats')).body;
    const brooke = chats.find((chat: { persona: { id: number } }) => chat.persona.id === 2);
    server.clock.advance(61_000);
    const send = await client.post(`/api/chats/${brooke.id}/messages`, { message: 'Still there?' });
    expect(send.status).toBe(403);
    expect(send.body).toEqual(LOCKED);
  });

  it('a basic (day plan) user gets full Cassie replies', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'basic');
    const answer = await client.post('/api/chats', { message: 'Hi Cassie' });
    expect(answer.status).toBe(201);
    expect(answer.body.messages[1].isTeaser).toBe(false);
  });
});

describe('GET /api/chats and /api/chats/{id}', () => {
  it('lists her live chats, newest first, as summaries', async () => {
    const { client } = await signedInClient(server);
    const first = await client.post('/api/chats', { message: 'Older chat' });
    server.clock.advance(1000);
    const second = await client.post('/api/chats', { message: 'Newer chat' });
    const list = await client.get('/api/chats');
    expect(list.status).toBe(200);
    expect(list.body.map((chat: { id: string }) => chat.id)).toEqual([
      second.body.id,
      first.body.id,
    ]);
    expect(Object.keys(list.body[0]).sort()).toEqual(
      ['careUntil', 'id', 'persona', 'timestamp', 'title', 'updatedAt'].sort(),
    );
    server.clock.advance(1000);
    await client.post(`/api/chats/${first.body.id}/messages`, { message: 'Back to you' });
    const again = await client.get('/api/chats');
    expect(again.body[0].id).toBe(first.body.id);
  });

  it('her list follows every change, however it was made (the list is kept between asks)', async () => {
    const { client, userId } = await signedInClient(server);
    const list = async () =>
      ((await client.get('/api/chats')).body as { id: string; title: string }[]).map(
        (chat) => `${chat.id.slice(0, 8)} ${chat.title}`,
      );
    expect(await list()).toEqual([]);
    const first = await client.post('/api/chats', { message: 'First chat' });
    const firstLine = `${first.body.id.slice(0, 8)} First chat`;
    expect(await list()).toEqual([firstLine]);
    expect(await list()).toEqual([firstLine]);

    server.clock.advance(1000);
    const chatId = randomUUID();
    await push(client, [createChat(chatId, 'Made on her phone')]);
    const pushedLine = `${chatId.slice(0, 8)} Made on her phone`;
    expect(await list()).toEqual([pushedLine, firstLine]);

    server.clock.advance(1000);
    await client.post(`/api/chats/${first.body.id}/messages`, { message: 'Back to you' });
    expect(await list()).toEqual([firstLine, pushedLine]);

    // Written by another process straight into the database: the server holds no stale list.
    await withDataOf(server.dataDir, (data) =>
      inTransaction(data, async (db) => {
        const { seq } = await db
          .updateTable('user_change_seq')
          .set((eb) => ({ seq: eb('seq', '+', 1) }))
          .where('user_id', '=', userId)
          .returning('seq')
          .executeTakeFirstOrThrow();
        await db
          .updateTable('chats')
          .set({ title: 'Renamed elsewhere', change_seq: seq })
          .where('id', '=', chatId)
          .execute();
      }),
    );
    const renamed = await list();
    expect(renamed.toSorted()).toEqual(
      [firstLine, `${chatId.slice(0, 8)} Renamed elsewhere`].toSorted(),
    );

    await client.request('DELETE', `/api/chats/${first.body.id}`);
    expect(await list()).toEqual([`${chatId.slice(0, 8)} Renamed elsewhere`]);
    const answer = await client.get('/api/chats');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('shows a chat with its messages oldest first', async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { message: 'One' });
    await client.post(`/api/chats/${chat.body.id}/messages`, { message: 'Two' });
    const answer = await client.get(`/api/chats/${chat.body.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.messages.map((m: { isUser: boolean }) => m.isUser)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(answer.body.messages[2].message).toBe('Two');
  });

  it("answers 404 for a missing chat and for someone else's", async () => {
    const owner = await signedInClient(server);
    const chat = await owner.client.post('/api/chats', { message: 'Private' });
    const other = await signedInClient(server);
    for (const id of [randomUUID(), chat.body.id]) {
      const answer = await other.client.get(`/api/chats/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(NOT_FOUND);
    }
    expect((await other.client.get('/api/chats')).body).toEqual([]);
  });
});

describe('POST /api/chats/{id}/messages', () => {
  it('answers 201 with the saved message and the reply', async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const id = randomUUID();
    const answer = await client.post(`/api/chats/${chat.body.id}/messages`, {
      id,
      message: 'My crush finally texted me back!',
      isTeaser: false,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.userMessage).toMatchObject({
      id,
      chatId: chat.body.id,
      message: 'My crush finally texted me back!',
      isUser: true,
      isTeaser: false,
    });
    expect(answer.body.reply).toMatchObject({ isUser: false, avatar: '/personas/cassie.svg' });
    const after = await client.get(`/api/chats/${chat.body.id}`);
    expect(after.body.title).toBe('My crush finally texted me back!');
  });

  it('is the same send when the same message id comes again: no duplicate, same reply', async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const body = { id: randomUUID(), message: 'Did you get this?' };
    const first = await client.post(`/api/chats/${chat.body.id}/messages`, body);
    const asked = Date.now();
    const again = await client.post(`/api/chats/${chat.body.id}/messages`, body);
    expect(again.body).toEqual(first.body);
    // Its stored reply is answered at once, not found by the watch's next look (every second).
    expect(Date.now() - asked).toBeLessThan(900);
    const after = await client.get(`/api/chats/${chat.body.id}`);
    expect(after.body.messages).toHaveLength(2);
  });

  it('refuses a message id already used in another chat: 409', async () => {
    const { client } = await signedInClient(server);
    const one = await client.post('/api/chats', { isEmptyChatCreation: true });
    const two = await client.post('/api/chats', { isEmptyChatCreation: true });
    const id = randomUUID();
    await client.post(`/api/chats/${one.body.id}/messages`, { id, message: 'Hi' });
    const answer = await client.post(`/api/chats/${two.body.id}/messages`, { id, message: 'Hi' });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      message: 'This message id is already used',
      code: 'message_id_taken',
    });
  });

  it('keeps the screenshot fields of a message', async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const upload = `${OCR_UPLOAD_PATH}?${SKIP_OCR_QUERY}`;
    const image = await postImage(client, upload, { bytes: await smallPng() });
    const ocr = {
      isOCR: true,
      isEnhancedOCR: true,
      imageUrl: image.body.imageUrl as string,
      extractedText: 'him: u up?',
      analysisType: 'social-media',
      ocrAnalysis: {
        type: 'social-media',
        summary: 'A late text',
        keyPoints: ['late'],
        entities: ['him'],
        sentiment: 'neutral',
      },
      ocrStructuredData: { sender: 'him' },
      ocrConfidence: 0.92,
    };
    const answer = await client.post(`/api/chats/${chat.body.id}/messages`, {
      message: 'What does this mean?',
      ...ocr,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.userMessage).toMatchObject(ocr);
  });

  it('answers a receipt screenshot about the receipt, not with a thank-you (built-in bestie)', async () => {
    const { client, userId } = await signedInClient(server);
    await grant(server, userId, 'vip');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true, personaId: 4 });
    // Sent with nothing typed, its text is the message; its "Thank you!" once read as thanks.
    const extractedText = 'CORNER CAFE\nLatte 4.50\nMuffin 3.25\nTotal $7.75\nThank you!';
    const answer = await client.post(`/api/chats/${chat.body.id}/messages`, {
      message: extractedText,
      isOCR: true,
      isEnhancedOCR: false,
      extractedText,
      ocrConfidence: 0.9,
    });
    expect(answer.status).toBe(201);
    const { message } = answer.body.reply;
    expect(message).toMatch(/receipt/i);
    expect(message).toContain('CORNER CAFE');
    expect(message).toContain('$7.75');
    expect(message).not.toMatch(/BLUSH|HERE for|welcome|brave part/);
  });

  it("answers 404 for someone else's chat and stores nothing", async () => {
    const owner = await signedInClient(server);
    const chat = await owner.client.post('/api/chats', { message: 'Private' });
    const other = await signedInClient(server);
    const answer = await other.client.post(`/api/chats/${chat.body.id}/messages`, {
      message: 'Sneaky',
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(NOT_FOUND);
    expect((await owner.client.get(`/api/chats/${chat.body.id}`)).body.messages).toHaveLength(2);
  });

  it.each([
    ['an empty message', { message: '' }, 'Message cannot be empty'],
    ['a whitespace message', { message: '  \t ' }, 'Message cannot be empty'],
    [
      'a message of zero-width characters only',
      { message: '\u200B\u200C\u200D\u2060\uFEFF' },
      'Message cannot be empty',
    ],
    ['4001 characters', { message: 'x'.repeat(4001) }, 'Message must be at most 4000 characters'],
  ])('answers 400 for %s', async (_label, body, message) => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const answer = await client.post(`/api/chats/${chat.body.id}/messages`, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, code: 'validation_error', fields: { message } });
  });

  it('accepts a message of exactly 4000 characters', async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const answer = await client.post(`/api/chats/${chat.body.id}/messages`, {
      message: 'x'.repeat(4000),
    });
    expect(answer.status).toBe(201);
  });
});

describe('DELETE /api/chats/{id}', () => {
  it('deletes her chat: 204, then 404 and gone from the list', async () => {
    const { client } = await signedInClient(server);
    const chat = await client.post('/api/chats', { message: 'Delete me' });
    const answer = await client.request('DELETE', `/api/chats/${chat.body.id}`);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect((await client.get(`/api/chats/${chat.body.id}`)).status).toBe(404);
    expect((await client.get('/api/chats')).body).toEqual([]);
    const again = await client.request('DELETE', `/api/chats/${chat.body.id}`);
    expect(again.status).toBe(404);
    const send = await client.post(`/api/chats/${chat.body.id}/messages`, { message: 'Hello?' });
    expect(send.status).toBe(404);
  });

  it('refuses to bring a deleted chat back with a retried create: 409', async () => {
    const { client } = await signedInClient(server);
    const id = randomUUID();
    await client.post('/api/chats', { id, message: 'Short-lived' });
    await client.request('DELETE', `/api/chats/${id}`);
    const again = await client.post('/api/chats', { id, message: 'Short-lived' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'This chat was deleted', code: 'chat_deleted' });
  });

  it("answers 404 for someone else's chat and leaves it", async () => {
    const owner = await signedInClient(server);
    const chat = await owner.client.post('/api/chats', { message: 'Keep me' });
    const other = await signedInClient(server);
    const answer = await other.client.request('DELETE', `/api/chats/${chat.body.id}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(NOT_FOUND);
    expect((await owner.client.get(`/api/chats/${chat.body.id}`)).status).toBe(200);
  });
});

describe('change sequence (for sync)', () => {
  it('numbers every write of a user in order and leaves a tombstone for a delete', async () => {
    const { client, userId } = await signedInClient(server);
    const chat = await client.post('/api/chats', { message: 'Number me' });
    const seqs = () =>
      server.db
        .selectFrom('chats')
        .select([sql<string>`'chat'`.as('kind'), 'change_seq as changeSeq'])
        .where('user_id', '=', userId)
        .unionAll(
          server.db
            .selectFrom('messages')
            .select(['role as kind', 'change_seq as changeSeq'])
            .where('user_id', '=', userId),
        )
        .orderBy('changeSeq')
        .execute();
    expect((await seqs()).map((row) => row.kind)).toEqual(['user', 'assistant', 'chat']);
    const before = Math.max(...(await seqs()).map((row) => row.changeSeq));
    await client.request('DELETE', `/api/chats/${chat.body.id}`);
    const tombstone = await server.db
      .selectFrom('chats')
      .select(['deleted_at as deletedAt', 'change_seq as changeSeq', 'title'])
      .where('id', '=', chat.body.id)
      .executeTakeFirst();
    expect(tombstone).toMatchObject({ deletedAt: expect.any(Number), title: '' });
    expect(tombstone?.changeSeq).toBeGreaterThan(before);
    expect((await seqs()).filter((row) => row.kind !== 'chat')).toEqual([]);
  });
});
