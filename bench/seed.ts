import { randomUUID } from 'node:crypto';
import path from 'node:path';
import * as chatsRepo from '../sync-server/src/chats/repo';
import { inTransaction, sqliteDb } from '../sync-server/src/db/database';
import type { Db } from '../sync-server/src/db/database';
import { DB_FILE_NAME, openDatabase } from '../sync-server/src/db/open';

const REPLY =
  'I hear you, and honestly that sounds like a lot to carry. Tell me more about what happened after that?';
const MINE = 'So today at school something happened and I do not know how to feel about it.';

/**
 * Runs `use` with a Db of its own on the SQLite database in `dataDir` (a server's, while it
 * runs: another connection, as an ops script would be), closed after.
 */
export async function withDataDirDb<T>(dataDir: string, use: (db: Db) => Promise<T>): Promise<T> {
  const handle = openDatabase(path.join(dataDir, DB_FILE_NAME));
  const db = sqliteDb(handle);
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Writes `chats` chats of `messagesPerChat` messages (hers and replies, alternating) for a
 * user straight into the server's database (`db`, SQLite or PostgreSQL), as the chats use
 * cases would, in one transaction.
 */
export async function seedHistory(
  target: Db,
  props: { userId: string; chats: number; messagesPerChat: number },
): Promise<void> {
  const now = Date.now() - 1000 * 60 * 60 * 24 * 30;
  await inTransaction(target, async (db) => {
    for (let c = 0; c < props.chats; c += 1) {
      const chatId = randomUUID();
      const at = now + c * 1000;
      await chatsRepo.insertChat(db, {
        id: chatId,
        userId: props.userId,
        personaId: 1,
        title: `Chat number ${c}`,
        createdAt: at,
        updatedAt: at,
        changeSeq: await chatsRepo.nextChangeSeq(db, props.userId),
      });
      let previous: string | null = null;
      for (let m = 0; m < props.messagesPerChat; m += 1) {
        const id = randomUUID();
        const isReply = m % 2 === 1;
        await chatsRepo.insertMessage(db, {
          ...chatsRepo.newMessage({
            id,
            chatId,
            userId: props.userId,
            role: isReply ? 'assistant' : 'user',
            content: isReply ? REPLY : MINE,
            replyTo: isReply ? previous : null,
            createdAt: at + m,
          }),
          changeSeq: await chatsRepo.nextChangeSeq(db, props.userId),
          chatSeq: m + 1,
          replyError: null,
        });
        previous = id;
      }
    }
  });
}
