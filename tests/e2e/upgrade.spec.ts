import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';

/**
 * A phone that had the app before Dexie version 8 (issue 14: the server's messages kept 50 to a
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

  // Same origin, none of the app's code: the database as version 7 left it.
  await page.goto('/favicon.svg');
  await page.evaluate(
    async ({ user, cursor, chatId, texts, refused }) => {
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute)).toISOString();
      const message = (id: string, text: string, seq: number | null, minute: number) => ({
        id,
        chatId,
        seq,
        message: text,
        isUser: seq === null || seq % 2 === 1,
        replyError: null,
        replyTo: null,
        timestamp: at(minute),
        avatar: seq !== null && seq % 2 === 0 ? '/personas/cassie.svg' : null,
        imageUrl: null,
        isTeaser: false,
        isCrisis: false,
        isOCR: false,
        isEnhancedOCR: false,
        extractedText: null,
        analysisType: null,
        ocrAnalysis: null,
        ocrStructuredData: null,
        ocrConfidence: null,
        status: seq === null ? 'failed' : 'sent',
      });
      const persona = {
        id: 1,
        name: 'Cassie',
        description: 'Your soft place to land.',
        avatar: '/personas/cassie.svg',
      };
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
          tx.objectStore('chats').put({
            id: chatId,
            title: 'so he texted me at 2am',
            timestamp: at(0),
            updatedAt: at(2),
            persona,
          });
          // Stored newest first: the blocks keep the chat's order, not the table's.
          tx.objectStore('messages').put(message('r1', texts[1]!, 2, 1));
          tx.objectStore('messages').put(message('u1', texts[0]!, 1, 0));
          tx.objectStore('messages').put({
            ...message('u2', refused, null, 2),
            localOrder: 1,
            failure: 'Not sent.',
          });
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
    { user, cursor, chatId, texts, refused },
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
  expect(stored.version).toBe(80);
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
