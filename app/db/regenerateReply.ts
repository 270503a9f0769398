import { uuidv7 } from '@shared/uuid';
import { updateMessage } from './chats';
import { db } from './db';

/*
 * Apart from serverRows.ts: only the newest reply's actions, loaded once the chat is drawn,
 * ask for this.
 */

/**
 * Asks for the newest reply of a chat to be written again: hidden here at once (`rewriting`),
 * so the chat shows the reply on its way in its place, and the regenerateReply mutation waits
 * in the outbox, in one transaction. The server writes it again in its place (same id); the
 * pull brings its new text. Returns the mutation's id, to learn its outcome (settled.ts).
 */
export async function queueRegenerateReply(chatId: string, replyId: string): Promise<string> {
  const mutation = { id: uuidv7(), type: 'regenerateReply' as const, chatId, messageId: replyId };
  await db.transaction('rw', [db.messages, db.messageBlocks, db.outbox], async () => {
    await updateMessage(chatId, replyId, { rewriting: 'asked' });
    await db.outbox.add({ mutation, createdAt: Date.now() });
  });
  return mutation.id;
}

/** The replies whose regenerateReply still waits in the outbox: hidden here until it settles. */
export async function waitingRewrites(): Promise<Set<string>> {
  const entries = await db.outbox.toArray();
  return new Set(
    entries.flatMap(({ mutation }) =>
      mutation.type === 'regenerateReply' ? [mutation.messageId] : [],
    ),
  );
}
