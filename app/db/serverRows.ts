import type { MutationResult, PullAnswer, SyncRows } from '@shared/sync';
import { blockKeyOf, blockOf, intoBlocks } from './blocks';
import { deleteMessagesOf, toLocalChat, updateMessage } from './chats';
import { db, type LocalMessage, type OutboxEntry } from './db';
import { messageOf, waitingMessageIds, waitingTitles } from './outbox';
import { publishSettled, type SettledMutation } from './settled';
import { keepAccount } from './account';
import { withWaitingMemoryChanges } from './memories';
import { waitingRewrites } from './rewrites';

/**
 * What the server sends into Dexie: pulled pages and a push's answers. The sync engine loads
 * this after the first screen is drawn.
 */

const NOT_SENT = 'Not sent.';

/** The tables writeRows touches. */
const ROW_TABLES = () => [
  db.chats,
  db.messages,
  db.messageBlocks,
  db.drafts,
  db.outbox,
  db.images,
  db.memories,
];

/**
 * Server rows into Dexie: upserts, then tombstones (a delete wins). Only the sync engine calls
 * this (ARCHITECTURE.md, One way out, one way in). A message she has sent again and that still
 * waits in the outbox stays pending. Call inside a transaction over ROW_TABLES().
 */
export async function writeRows(rows: SyncRows): Promise<void> {
  const waiting = await waitingMessageIds();
  // A rename still waiting to be pushed is hers, newer than what the server sent.
  const titles = rows.chats.length > 0 ? await waitingTitles() : new Map<string, string>();
  await db.chats.bulkPut(
    rows.chats.map((chat) => toLocalChat({ ...chat, title: titles.get(chat.id) ?? chat.title })),
  );
  // A reply she asked to have written again stays hidden until the server has that request,
  // and her words in an edit still waiting stand over the server's.
  const rewrites = rows.messages.length > 0 ? await waitingRewrites() : undefined;
  await storePlaced(
    rows.messages.map((message): LocalMessage => {
      if (waiting.has(message.id)) return { ...message, status: 'pending', replyError: null };
      const words = rewrites?.words.get(message.id) ?? message.message;
      const rewriting = rewrites?.replies.has(message.id) ? 'asked' : undefined;
      return { ...message, message: words, status: 'sent', ...(rewriting && { rewriting }) };
    }),
  );
  // Her edits and forgets still waiting in the outbox are newer than what the server sent.
  if (rows.memories) await db.memories.bulkPut(await withWaitingMemoryChanges(rows.memories));
  // A tombstone from a server before memories has no other type than a chat's.
  const forgotten = rows.tombstones.flatMap((t) => (t.type === 'memory' ? [t.id] : []));
  if (forgotten.length > 0) await db.memories.bulkDelete(forgotten);
  const gone = rows.tombstones.flatMap((t) => (t.type === 'memory' ? [] : [t.id]));
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
      const message = row ? messageOf(row.mutation) : undefined;
      if (result.status === 'rejected' && message) {
        await updateMessage(message.chatId, message.id, {
          status: 'failed',
          failure: result.error?.message ?? NOT_SENT,
        });
      }
      await settleRewrite(row, result);
      const user = result.user ? await keepAccount(result.user) : undefined;
      // Settled already (by an overlapping push): published then, not again.
      if (row) published.push({ mutation: row.mutation, result, user });
    }
  });
  publishSettled(published);
}

/**
 * A reply the server will write again is read as it is written; one it would not shows as it
 * was, and so do her words before an edit it refused.
 */
async function settleRewrite(row: OutboxEntry | undefined, result: MutationResult) {
  const mutation = row?.mutation;
  const applied = result.status === 'applied';
  const rewriting = applied ? ('queued' as const) : undefined;
  if (mutation?.type === 'regenerateReply') {
    await updateMessage(mutation.chatId, mutation.messageId, { rewriting });
  } else if (mutation?.type === 'editMessage' && row?.edit) {
    await updateMessage(mutation.chatId, row.edit.replyId, { rewriting });
    if (!applied)
      await updateMessage(mutation.chatId, mutation.messageId, { message: row.edit.before });
  }
}

/**
 * Stores messages the server has placed (each with its `seq`) into the blocks that hold their
 * places, replacing an older copy of each; one of hers written here leaves `messages` once it
 * is placed. Call inside a transaction over messages and blocks.
 */
export async function storePlaced(messages: LocalMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const keys = new Map<string, [string, number]>();
  for (const { chatId, seq } of messages) {
    keys.set(blockKeyOf(chatId, seq ?? 0), [chatId, blockOf(seq ?? 0)]);
  }
  const stored = await db.messageBlocks.bulkGet([...keys.values()]);
  const kept = stored.flatMap((block) => block?.messages ?? []);
  await db.messageBlocks.bulkPut(intoBlocks([...kept, ...messages]));
  const here = new Set(await db.messages.toCollection().primaryKeys());
  const placedHere = messages.filter((message) => here.has(message.id));
  if (placedHere.length > 0) await db.messages.bulkDelete(placedHere.map(({ id }) => id));
}
