import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { aChat, aMessage } from '../../app/db/testData';
import { signUpViaApi } from './helpers';

/**
 * A phone that had the app before Dexie version 8 (the server's messages kept 50 to a
 * record) keeps every message through the update, in Chromium's own IndexedDB. Its chat exists
 * only on the device and the device has pulled everything, so all the chat shows after the
 * update comes from what version 8's upgrade made of the old rows.
 */
test('her chat from before the update shows whole and in order, with her refused message and its Retry', async ({
  page,
}) => {
  await signUpViaApi(page);
  const user: unknown = await (await page.request.get('/api/user')).json();
  let cursor = 0;
  for (let hasMore = true; hasMore;) {
    const answer = await page.request.get(`/api/sync/pull?cursor=${cursor}&limit=1000`);
    ({ cursor, hasMore } = (await answer.json()) as { cursor: number; hasMore: boolean });
  }
  const chatId = randomUUID();
  const texts = ['so he texted me at 2am', 'Oh babe, that is a lot. How are you feeling?'];
  const refused = 'what do I even say back';

  const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute)).toISOString();
  const { messages: _none, ...chat } = aChat({ id: chatId, title: texts[0], updatedAt: at(2) });
  const rows = [
    // Stored newest first: the blocks keep the chat's order, not the table's.
    { ...aMessage({ id: 'r1', chatId, seq: 2, message: texts[1], isUser: false }), status: 'sent' },
    {
      ...aMessage({ id: 'u1', chatId, seq: 1, message: texts[0], timestamp: at(0) }),
      status: 'sent',
    },
    {
      ...aMessage({ id: 'u2', chatId, message: refused, timestamp: at(2) }),
      seq: null,
      status: 'failed',
      failure: 'Not sent.',
      localOrder: 1,
    },
  ];
  // Same origin, none of the app's code: the database as version 7 left it.
  await page.goto('/favicon.svg');
  await page.evaluate(
    async ({ user, cursor, chat, rows }) => {
      await new Promise<void>((resolve, reject) => {
        // Dexie's version 7 is IndexedDB's version 70.
        const open = indexedDB.open('besties', 70);
        open.onupgradeneeded = () => {
          const db = open.result;
          db.createObjectStore('chats', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
          const messages = db.createObjectStore('messages', { keyPath: 'id' });
          messages.createIndex('[chatId+seq]', ['chatId', 'seq']);
          messages.createIndex('[chatId+localOrder]', ['chatId', 'localOrder']);
          db.createObjectStore('drafts', { keyPath: 'chatId' });
          db.createObjectStore('settings', { keyPath: 'key' });
          db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex(
            'mutation.id',
            'mutation.id',
          );
          db.createObjectStore('meta', { keyPath: 'key' });
          db.createObjectStore('images', { keyPath: 'messageId' }).createIndex('chatId', 'chatId');
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['chats', 'messages', 'meta'], 'readwrite');
          tx.objectStore('chats').put(chat);
          for (const row of rows) tx.objectStore('messages').put(row);
          const meta = tx.objectStore('meta');
          meta.put({ key: 'userId', value: (user as { id: string }).id });
          meta.put({ key: 'user', value: user });
          meta.put({ key: 'cursor', value: cursor });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    },
    { user, cursor, chat, rows },
  );

  await page.goto(`/chat/${chatId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(refused)).toBeVisible();
  const bubbles = log.locator('.chat-bubble');
  await expect(bubbles).toHaveText([...texts, refused]);
  await expect(log.getByText('Not sent.')).toBeVisible();
  await expect(log.getByRole('button', { name: 'Retry' })).toBeVisible();

  // As version 8 keeps them: the server's messages in their block, hers refused in her rows.
  const stored = await page.evaluate(
    () =>
      new Promise<{ version: number; blocks: unknown[]; hers: unknown[] }>((resolve, reject) => {
        const open = indexedDB.open('besties');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['messageBlocks', 'messages']);
          const blocks = tx.objectStore('messageBlocks').getAll();
          const hers = tx.objectStore('messages').getAllKeys();
          tx.oncomplete = () => {
            db.close();
            resolve({ version: db.version, blocks: blocks.result, hers: hers.result });
          };
        };
      }),
  );
  // Versions 9 and 10 add the help-card counts and her memories, and leave these rows as
  // version 8 made them.
  expect(stored.version).toBe(100);
  expect(stored.blocks).toMatchObject([
    {
      chatId,
      block: 0,
      messages: [
        { id: 'u1', seq: 1 },
        { id: 'r1', seq: 2 },
      ],
    },
  ]);
  expect(stored.hers).toEqual(['u2']);
});
