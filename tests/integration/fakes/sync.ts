import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { replyStreamPath } from '@shared/chat';
import { PULL_DEFAULT_LIMIT } from '@shared/sync';
import type { Mutation, PullAnswer } from '@shared/sync';
import type { Client } from '../harness';
import { parseEvents } from './besties';
import type { StreamEvent } from './besties';

export const createChat = (chatId = randomUUID(), message?: string): Mutation => ({
  id: randomUUID(),
  type: 'createChat',
  chat: message
    ? { id: chatId, personaId: 1, message, messageId: randomUUID() }
    : { id: chatId, personaId: 1, isEmptyChatCreation: true },
});

export const sendMessage = (
  chatId: string,
  text: string,
  messageId: string = randomUUID(),
): Mutation => ({
  id: randomUUID(),
  type: 'sendMessage',
  chatId,
  message: { id: messageId, message: text },
});

export const deleteChat = (chatId: string): Mutation => ({
  id: randomUUID(),
  type: 'deleteChat',
  chatId,
});

export const push = (client: Client, mutations: Mutation[]) =>
  client.post('/api/sync/push', { mutations });

/** Every page from `cursor` on, as one answer, with the pages' cursors. */
export async function pullAll(client: Client, cursor = 0, limit = PULL_DEFAULT_LIMIT) {
  const all: PullAnswer = { chats: [], messages: [], tombstones: [], cursor, hasMore: true };
  const cursors: number[] = [];
  while (all.hasMore) {
    const answer = await client.get(`/api/sync/pull?cursor=${all.cursor}&limit=${limit}`);
    expect(answer.status).toBe(200);
    const page = answer.body as PullAnswer;
    all.chats.push(...page.chats);
    all.messages.push(...page.messages);
    all.tombstones.push(...page.tombstones);
    if (page.memories) (all.memories ??= []).push(...page.memories);
    all.cursor = page.cursor;
    all.hasMore = page.hasMore;
    cursors.push(page.cursor);
  }
  return { ...all, cursors };
}

/** The events of GET /api/chats/{chatId}/replies/{messageId}, read to the end. */
export async function replyEvents(
  client: Client,
  chatId: string,
  messageId: string,
): Promise<{ status: number; text: string; events: StreamEvent[] }> {
  const answer = await client.get(replyStreamPath(chatId, messageId), {
    accept: 'text/event-stream',
  });
  const events = answer.status === 200 ? parseEvents(answer.text) : [];
  return { status: answer.status, text: answer.text, events };
}

/** Waits until the reply to her message is written (or failed); answers its last event. */
export async function replyWritten(
  client: Client,
  chatId: string,
  messageId: string,
): Promise<StreamEvent> {
  const { events } = await replyEvents(client, chatId, messageId);
  const last = events.at(-1);
  if (!last) throw new Error(`no reply events for message ${messageId}`);
  return last;
}

/** The message ids a createChat or sendMessage mutation carries. */
export function messageIdOf(mutation: Mutation): { chatId: string; messageId: string } {
  if (mutation.type === 'sendMessage') {
    return { chatId: mutation.chatId, messageId: mutation.message.id };
  }
  if (mutation.type === 'createChat' && mutation.chat.messageId) {
    return { chatId: mutation.chat.id, messageId: mutation.chat.messageId };
  }
  throw new Error(`${mutation.type} carries no message`);
}

/** Waits for the replies to the messages these mutations carry. */
export async function repliesWritten(client: Client, mutations: Mutation[]): Promise<void> {
  for (const mutation of mutations) {
    if (mutation.type === 'deleteChat') continue;
    if (mutation.type === 'createChat' && !mutation.chat.messageId) continue;
    const { chatId, messageId } = messageIdOf(mutation);
    expect((await replyWritten(client, chatId, messageId)).event).toBe('reply');
  }
}

/** Polls `check` until it answers something truthy, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
