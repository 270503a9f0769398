import type { ChatSummary } from '@shared/chat';
import type { PullAnswer, SyncRows } from '@shared/sync';
import type { PublicUser } from '@shared/user';
import { db, type LocalChat } from './db';

const toLocalChat = ({ id, title, timestamp, updatedAt, persona }: ChatSummary): LocalChat => ({
  id,
  title,
  timestamp,
  updatedAt,
  persona,
});

/** Server rows into Dexie: upserts, then tombstones (a delete wins). Call inside a transaction. */
export async function writeRows(rows: SyncRows): Promise<void> {
  await db.chats.bulkPut(rows.chats.map(toLocalChat));
  await db.messages.bulkPut(rows.messages.map((message) => ({ ...message, status: 'sent' })));
  const gone = rows.tombstones.map((tombstone) => tombstone.id);
  if (gone.length > 0) {
    await db.chats.bulkDelete(gone);
    await db.messages.where('chatId').anyOf(gone).delete();
    await db.drafts.bulkDelete(gone);
  }
}

/** Rows a push answered with. */
export async function saveSyncRows(rows: SyncRows): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, db.drafts, () => writeRows(rows));
}

/** One pulled page and its cursor, in one transaction: a crash never skips or repeats rows. */
export async function savePulledPage(page: PullAnswer): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, db.drafts, db.meta, async () => {
    await writeRows(page);
    await db.meta.put({ key: 'cursor', value: page.cursor });
  });
}

export async function pullCursor(): Promise<number> {
  const row = await db.meta.get('cursor');
  return typeof row?.value === 'number' ? row.value : 0;
}

/**
 * Makes the device hers: when another user's data is here it is wiped before anything of
 * hers is written. (Logging out wipes everything, so data of nobody known is hers.)
 */
export async function claimDevice(user: PublicUser): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const owner = (await db.meta.get('userId'))?.value;
    if (owner !== user.id) {
      if (owner !== undefined) await Promise.all(db.tables.map((table) => table.clear()));
      await db.meta.put({ key: 'userId', value: user.id });
    }
    await db.meta.put({ key: 'user', value: user });
  });
}

/** The user last signed in on this device, for starting with no network. */
export async function lastUser(): Promise<PublicUser | null> {
  const row = await db.meta.get('user');
  return (row?.value as PublicUser | undefined) ?? null;
}

export async function saveDraft(chatId: string, text: string): Promise<void> {
  if (text === '') await db.drafts.delete(chatId);
  else await db.drafts.put({ chatId, text, updatedAt: Date.now() });
}

export async function draftOf(chatId: string): Promise<string> {
  return (await db.drafts.get(chatId))?.text ?? '';
}
