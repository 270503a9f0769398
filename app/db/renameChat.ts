import { uuidv7 } from '@shared/uuid';
import { db } from './db';

/*
 * Apart from outbox.ts, which the chat's first paint loads: only the rename dialog, loaded
 * when she opens the chat's menu, asks for this.
 */

/**
 * Renames the chat here at once (the title trimmed, as the server keeps it); the server hears
 * of it when the outbox is pushed, and the rename it applies last wins. The caller checks the
 * title first (shared/chat-title-schema.ts `chatTitleSchema`).
 */
export async function queueRenameChat(chatId: string, title: string): Promise<void> {
  const trimmed = title.trim();
  await db.transaction('rw', [db.chats, db.outbox], async () => {
    await db.chats.update(chatId, { title: trimmed });
    const mutation = { id: uuidv7(), type: 'renameChat' as const, chatId, title: trimmed };
    await db.outbox.add({ mutation, createdAt: Date.now() });
  });
}
