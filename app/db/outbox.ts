import type { Mutation, MutationResult } from '@shared/sync';
import type { PersonaRef } from '@shared/chat';
import { pendingMessage } from './chats';
import { db, type OutboxEntry } from './db';
import { writeRows } from './sync';

/**
 * Writes that wait for the server. Each local write and its outbox entry go in one Dexie
 * transaction (STYLE.md §8), so what she sees and what will be sent never disagree.
 */

const entry = (mutation: Mutation): OutboxEntry => ({
  mutation,
  createdAt: Date.now(),
  attempts: 0,
});

/** Her message, shown at once as pending, and its sendMessage (or createChat) mutation. */
export async function queueMessage(input: {
  chatId: string;
  messageId: string;
  text: string;
  /** Set when the chat does not exist yet: her message creates it with this bestie. */
  newChat?: { persona: PersonaRef };
}): Promise<string> {
  const { chatId, messageId, text, newChat } = input;
  const mutation: Mutation = newChat
    ? {
        id: crypto.randomUUID(),
        type: 'createChat',
        chat: { id: chatId, messageId, message: text, personaId: newChat.persona.id },
      }
    : {
        id: crypto.randomUUID(),
        type: 'sendMessage',
        chatId,
        message: { id: messageId, message: text },
      };
  await db.transaction('rw', db.chats, db.messages, db.outbox, async () => {
    const now = new Date().toISOString();
    if (newChat && !(await db.chats.get(chatId))) {
      const title = text.replace(/\s+/g, ' ').trim().slice(0, 60);
      await db.chats.put({ id: chatId, title, timestamp: now, updatedAt: now, ...newChat });
    }
    const existing = await db.messages.get(messageId);
    if (existing) await db.messages.update(messageId, { status: 'pending', failure: undefined });
    else await db.messages.put(pendingMessage({ id: messageId, chatId, text }));
    const queued = await db.outbox.where('mutation.id').equals(mutation.id).count();
    if (queued === 0) await db.outbox.add(entry(mutation));
  });
  return mutation.id;
}

/** A new empty chat with a bestie, made on this device first. */
export async function queueNewChat(input: { chatId: string; persona: PersonaRef }) {
  const now = new Date().toISOString();
  await db.transaction('rw', db.chats, db.outbox, async () => {
    await db.chats.put({
      id: input.chatId,
      title: '',
      timestamp: now,
      updatedAt: now,
      persona: input.persona,
    });
    await db.outbox.add(
      entry({
        id: crypto.randomUUID(),
        type: 'createChat',
        chat: { id: input.chatId, personaId: input.persona.id, isEmptyChatCreation: true },
      }),
    );
  });
}

/** Deletes the chat here at once; the server hears of it when the outbox is pushed. */
export async function queueDeleteChat(chatId: string): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, db.drafts, db.outbox, async () => {
    await db.chats.delete(chatId);
    await db.messages.where('chatId').equals(chatId).delete();
    await db.drafts.delete(chatId);
    await db.outbox.add(entry({ id: crypto.randomUUID(), type: 'deleteChat', chatId }));
  });
}

/** The waiting mutations, oldest first. */
export function outboxInOrder(limit = 50): Promise<OutboxEntry[]> {
  return db.outbox.orderBy('seq').limit(limit).toArray();
}

export function outboxSize(): Promise<number> {
  return db.outbox.count();
}

/** Forgets settled mutations (applied or finally rejected). */
export async function removeFromOutbox(mutationIds: string[]): Promise<void> {
  await db.outbox.where('mutation.id').anyOf(mutationIds).delete();
}

export async function countAttempt(mutationId: string): Promise<void> {
  await db.outbox
    .where('mutation.id')
    .equals(mutationId)
    .modify((row) => {
      row.attempts += 1;
    });
}

/**
 * Settles what a push answered, in one transaction: the rows it wrote are saved, settled
 * mutations leave the outbox, and a message whose send was refused is marked failed so she
 * can see why (and retry or let it go).
 */
export async function settlePush(results: MutationResult[]): Promise<void> {
  const settled = results.filter((result) => result.status !== 'retry');
  await db.transaction('rw', [db.chats, db.messages, db.drafts, db.outbox], async () => {
    for (const result of settled) {
      const row = await db.outbox.where('mutation.id').equals(result.id).first();
      await db.outbox.where('mutation.id').equals(result.id).delete();
      await writeRows(result.rows);
      const messageId = row ? messageIdOf(row.mutation) : undefined;
      if (result.status === 'rejected' && messageId) {
        await db.messages.update(messageId, {
          status: 'failed',
          failure: result.error?.message ?? 'Not sent.',
        });
      }
    }
  });
}

function messageIdOf(mutation: Mutation): string | undefined {
  if (mutation.type === 'sendMessage') return mutation.message.id;
  if (mutation.type === 'createChat') return mutation.chat.messageId;
  return undefined;
}

/** True while the chat's creation waits in the outbox (the server does not know it yet). */
export async function isQueuedChat(chatId: string): Promise<boolean> {
  const entries = await db.outbox.toArray();
  return entries.some(
    ({ mutation }) => mutation.type === 'createChat' && mutation.chat.id === chatId,
  );
}
