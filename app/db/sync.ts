import type { MutationResult, PullAnswer, SyncRows } from '@shared/sync';
import type { PublicUser } from '@shared/user';
import { deleteMessagesOf, toLocalChat } from './chats';
import { db, type LocalMessage } from './db';
import { messageIdOf, waitingMessageIds, withWaitingProfile } from './outbox';
import { publishSettled, type SettledMutation } from './settled';

const NOT_SENT = 'Not sent.';

/** The tables writeRows touches. */
const ROW_TABLES = () => [db.chats, db.messages, db.drafts, db.outbox, db.images];

/**
 * Server rows into Dexie: upserts, then tombstones (a delete wins). Only the sync engine calls
 * this (ARCHITECTURE.md: one way in). A message she has sent again and that still waits in the
 * outbox stays pending. Call inside a transaction over ROW_TABLES().
 */
export async function writeRows(rows: SyncRows): Promise<void> {
  const waiting = await waitingMessageIds();
  await db.chats.bulkPut(rows.chats.map(toLocalChat));
  await db.messages.bulkPut(
    rows.messages.map((message): LocalMessage =>
      waiting.has(message.id)
        ? { ...message, status: 'pending', replyError: null }
        : { ...message, status: 'sent' },
    ),
  );
  const gone = rows.tombstones.map((tombstone) => tombstone.id);
  if (gone.length > 0) {
    await db.chats.bulkDelete(gone);
    await deleteMessagesOf(gone);
    await db.images.where('chatId').anyOf(gone).delete();
    await db.drafts.bulkDelete(gone);
  }
}

/** One pulled page and its cursor, in one transaction: a crash never skips or repeats rows. */
export async function savePulledPage(page: PullAnswer): Promise<void> {
  await db.transaction('rw', [...ROW_TABLES(), db.meta], async () => {
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

/**
 * Settles what a push answered, in one transaction: settled mutations leave the outbox, the
 * rows they wrote are saved, a message whose send was refused is marked failed so she can
 * see why (and retry or let it go), and her account after an applied profile change becomes
 * the device's (with her changes still waiting kept on top). Then each settled mutation is
 * published (settled.ts) for the screens and stores that wait on it.
 */
export async function settlePush(results: MutationResult[]): Promise<void> {
  const settled = results.filter((result) => result.status !== 'retry');
  const published: SettledMutation[] = [];
  await db.transaction('rw', [...ROW_TABLES(), db.meta], async () => {
    for (const result of settled) {
      const row = await db.outbox.where('mutation.id').equals(result.id).first();
      await db.outbox.where('mutation.id').equals(result.id).delete();
      await writeRows(result.rows);
      const messageId = row ? messageIdOf(row.mutation) : undefined;
      if (result.status === 'rejected' && messageId) {
        await db.messages.update(messageId, {
          status: 'failed',
          failure: result.error?.message ?? NOT_SENT,
        });
      }
      const user = result.user ? await keepAccount(result.user) : undefined;
      // Settled already (by an overlapping push): published then, not again.
      if (row) published.push({ mutation: row.mutation, result, user });
    }
  });
  publishSettled(published);
}

/**
 * Her account as the server answered it (a push result, a picture upload) becomes the
 * device's, with her profile changes still waiting kept on top; returns it. Nothing is kept
 * when the device belongs to another account.
 */
export async function keepAccount(answer: PublicUser): Promise<PublicUser | undefined> {
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const owner = (await db.meta.get('userId'))?.value;
    if (owner !== undefined && owner !== answer.id) return undefined;
    const user = await withWaitingProfile(answer);
    await db.meta.put({ key: 'user', value: user });
    return user;
  });
}
