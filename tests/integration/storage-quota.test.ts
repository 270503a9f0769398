import Database from 'better-sqlite3';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_FIELD, STORAGE_FULL_MESSAGE } from '@shared/account';
import { OCR_UPLOAD_PATH } from '@shared/ocr-api';
import { appendMessage } from '../../sync-server/src/chats/repo';
import { userMessageRow } from '../../sync-server/src/replies/send';
import { sqliteDb } from '../../sync-server/src/db/database';
import { DB_FILE_NAME } from '../../sync-server/src/db/open';
import { signedInClient } from './fakes/besties';
import { fakeReader, postImage, smallPng } from './fakes/ocr';
import { createChat, push, sendMessage } from './fakes/sync';
import type { TestServer } from './harness';
import { startTestServer } from './harness';

/** 0.25 MiB: room for a few messages and screenshots, quickly filled by a test. */
const QUOTA = Math.floor(0.25 * 1024 * 1024);
const FULL = { message: STORAGE_FULL_MESSAGE, code: 'storage_full' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { STORAGE_QUOTA_MB: '0.25' }, ocr: fakeReader() });
});
afterAll(async () => {
  await server.stop();
});

function withDb<T>(use: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, DB_FILE_NAME));
  db.pragma('busy_timeout = 5000');
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** Her running counter, users.storage_bytes. */
const counter = (userId: string) =>
  withDb(
    (db) =>
      db
        .prepare<[string], { bytes: number }>(
          'SELECT storage_bytes AS bytes FROM users WHERE id = ?',
        )
        .get(userId)?.bytes,
  );

/** What she really keeps, added up the slow way: message text and screenshot files. */
const summed = (userId: string) =>
  withDb((db) => {
    const text = db
      .prepare<[string], { bytes: number }>(
        `SELECT COALESCE(SUM(octet_length(content) + COALESCE(octet_length(extracted_text), 0)
           + COALESCE(octet_length(ocr_analysis), 0)
           + COALESCE(octet_length(ocr_structured_data), 0)), 0) AS bytes
         FROM messages WHERE user_id = ?`,
      )
      .get(userId)?.bytes;
    const imagesDir = path.join(server.dataDir, 'images', userId);
    const files = existsSync(imagesDir)
      ? readdirSync(imagesDir).reduce(
          (sum, name) => sum + statSync(path.join(imagesDir, name)).size,
          0,
        )
      : 0;
    return (text ?? 0) + files;
  });

/** Fills her storage up to `room` bytes short of the quota, in a chat of its own. */
async function fillUpTo(props: {
  client: Awaited<ReturnType<typeof signedInClient>>['client'];
  userId: string;
  room: number;
}) {
  const chat = await props.client.post('/api/chats', { isEmptyChatCreation: true });
  const filler = QUOTA - props.room - (counter(props.userId) ?? 0);
  const db = new Database(path.join(server.dataDir, DB_FILE_NAME));
  db.pragma('busy_timeout = 5000');
  const kysely = sqliteDb(db);
  try {
    await appendMessage(kysely, {
      message: userMessageRow(
        { message: 'f'.repeat(filler) },
        { id: randomUUID(), chatId: chat.body.id, userId: props.userId, now: server.clock.now() },
      ),
    });
  } finally {
    await kysely.destroy();
  }
  expect(counter(props.userId)).toBe(QUOTA - props.room);
  return chat.body.id as string;
}

const messageCount = (userId: string) =>
  withDb(
    (db) =>
      db
        .prepare<[string], { n: number }>('SELECT count(*) AS n FROM messages WHERE user_id = ?')
        .get(userId)?.n,
  );

describe('her storage counter', () => {
  it('adds up her messages, their screenshot text and her screenshots, and deleting a chat frees them', async () => {
    const { client, userId } = await signedInClient(server, 'counted');
    expect(counter(userId)).toBe(0);
    const upload = await postImage(client, OCR_UPLOAD_PATH, { bytes: await smallPng() });
    expect(upload.status).toBe(201);
    const chat = await client.post('/api/chats', {
      message: 'Look at this ✨ über',
      isOCR: true,
      imageUrl: upload.body.imageUrl,
      extractedText: 'Them: are we still on?',
    });
    expect(chat.status).toBe(201);
    const other = await client.post('/api/chats', { message: 'Another one' });
    expect(counter(userId)).toBeGreaterThan(0);
    expect(counter(userId)).toBe(summed(userId));

    const before = counter(userId) ?? 0;
    const otherBytes = withDb(
      (db) =>
        db
          .prepare<[string], { bytes: number }>(
            'SELECT SUM(octet_length(content)) AS bytes FROM messages WHERE chat_id = ?',
          )
          .get(other.body.id)?.bytes ?? 0,
    );
    expect((await client.request('DELETE', `/api/chats/${other.body.id}`)).status).toBe(204);
    expect(counter(userId)).toBe(before - otherBytes);
    expect((await client.request('DELETE', `/api/chats/${chat.body.id}`)).status).toBe(204);
    await expect.poll(() => summed(userId)).toBe(0);
    expect(counter(userId)).toBe(0);
  });
});

describe('past her quota', () => {
  it('refuses a message with 413 and the words, stores nothing; a smaller one still fits', async () => {
    const { client, userId } = await signedInClient(server, 'full-send');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    await fillUpTo({ client, userId, room: 100 });
    const messages = messageCount(userId);

    const refused = await client.post(`/api/chats/${chat.body.id}/messages`, {
      message: 'x'.repeat(101),
    });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual(FULL);
    expect(messageCount(userId)).toBe(messages);
    expect((await client.get(`/api/chats/${chat.body.id}`)).body.messages).toEqual([]);
    expect(counter(userId)).toBe(QUOTA - 100);

    const fits = await client.post(`/api/chats/${chat.body.id}/messages`, {
      message: 'x'.repeat(100),
    });
    expect(fits.status).toBe(201);
  });

  it('refuses a new chat whose first message does not fit: no chat is made', async () => {
    const { client, userId } = await signedInClient(server, 'full-create');
    await fillUpTo({ client, userId, room: 10 });
    const chats = (await client.get('/api/chats')).body.length;
    const id = randomUUID();
    const refused = await client.post('/api/chats', { id, message: 'This will not fit here' });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual(FULL);
    expect((await client.get('/api/chats')).body).toHaveLength(chats);
    expect((await client.get(`/api/chats/${id}`)).status).toBe(404);
  });

  it('rejects a pushed message and a pushed new chat with the same words, stores nothing', async () => {
    const { client, userId } = await signedInClient(server, 'full-sync');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    await fillUpTo({ client, userId, room: 5 });
    const messages = messageCount(userId);
    const answer = await push(client, [
      sendMessage(chat.body.id, 'Too long for what is left'),
      createChat(randomUUID(), 'Also too long for it'),
    ]);
    expect(answer.status).toBe(200);
    for (const result of answer.body.results) {
      expect(result).toMatchObject({
        status: 'rejected',
        error: { status: 413, ...FULL },
        rows: { chats: [], messages: [], tombstones: [] },
      });
    }
    expect(messageCount(userId)).toBe(messages);
  });

  it('refuses a screenshot with 413 and keeps no file of it', async () => {
    const { client, userId } = await signedInClient(server, 'full-shot');
    const image = await smallPng(200, 200);
    await fillUpTo({ client, userId, room: 50 });
    const refused = await postImage(client, OCR_UPLOAD_PATH, { bytes: image });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual(FULL);
    const dir = path.join(server.dataDir, 'images', userId);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    expect(
      withDb((db) => db.prepare('SELECT * FROM images WHERE user_id = ?').all(userId)),
    ).toEqual([]);
  });

  it('refuses a profile picture with 413 and keeps the one she had', async () => {
    const { client, userId } = await signedInClient(server, 'full-picture');
    const picture = await sharp({
      create: {
        width: 300,
        height: 300,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const upload = (bytes: Buffer) =>
      postImage(client, '/api/user/profile-image', {
        bytes,
        filename: 'me.png',
        field: PROFILE_IMAGE_FIELD,
      });

    // With room, it counts: its file's size joins her storage, and a new one replaces it.
    const first = await upload(picture);
    expect(first.status).toBe(200);
    const pictureDir = path.join(server.dataDir, 'profile-images', userId);
    const sizeOf = (url: string) =>
      statSync(path.join(pictureDir, `${url.split('/').pop()}.webp`)).size;
    expect(counter(userId)).toBe(sizeOf(first.body.imageUrl));

    await fillUpTo({ client, userId, room: 10 });
    // A plain picture is smaller than the noisy one it replaces: that fits.
    const plain = await upload(await smallPng(300, 300));
    expect(plain.status).toBe(200);
    expect(counter(userId)).toBeLessThan(QUOTA - 10);

    await fillUpTo({ client, userId, room: 10 });
    const noisy = await upload(picture);
    expect(noisy.status).toBe(413);
    expect(noisy.body).toEqual(FULL);
    expect((await client.get('/api/user')).body.profileImage).toBe(plain.body.imageUrl);
    expect(readdirSync(pictureDir)).toHaveLength(1);
    expect(counter(userId)).toBe(QUOTA - 10);

    // Removing it frees its bytes.
    const plainBytes = sizeOf(plain.body.imageUrl);
    expect((await client.request('DELETE', '/api/user/profile-image')).status).toBe(200);
    expect(counter(userId)).toBe(QUOTA - 10 - plainBytes);
  });

  it('takes her messages again once she deletes a chat', async () => {
    const { client, userId } = await signedInClient(server, 'full-then-free');
    const chat = await client.post('/api/chats', { isEmptyChatCreation: true });
    const filler = await fillUpTo({ client, userId, room: 0 });
    const send = () => client.post(`/api/chats/${chat.body.id}/messages`, { message: 'Hi again' });
    expect((await send()).status).toBe(413);
    expect((await client.request('DELETE', `/api/chats/${filler}`)).status).toBe(204);
    expect(counter(userId)).toBe(0);
    expect((await send()).status).toBe(201);
  });
});
