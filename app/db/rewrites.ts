import { uuidv7 } from '@shared/uuid';
import { updateMessage } from './chats';
import { db } from './db';

/*
 * Apart from serverRows.ts: only the newest reply's actions and her last message's Edit,
 * loaded once the chat is drawn, ask for this.
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

/**
 * Her last message edited: her new words in its place here at once, its reply hidden
 * (`rewriting`) while it is written again, and the editMessage mutation waiting in the outbox
 * with her words before the edit (put back should the server refuse it), in one transaction.
 * Returns the mutation's id, to learn its outcome (settled.ts).
 */
export async function queueEditMessage(
  chatId: string,
  edit: { messageId: string; replyId: string; before: string; words: string },
): Promise<string> {
  const { messageId, replyId, before, words } = edit;
  const mutation = {
    id: uuidv7(),
    type: 'editMessage' as const,
    chatId,
    messageId,
    message: words,
  };
  await db.transaction('rw', [db.messages, db.messageBlocks, db.outbox], async () => {
    await updateMessage(chatId, messageId, { message: words });
    await updateMessage(chatId, replyId, { rewriting: 'asked' });
    await db.outbox.add({ mutation, createdAt: Date.now(), edit: { replyId, before } });
  });
  return mutation.id;
}

/**
 * What waits in the outbox to be written again: the replies hidden here (of a regenerateReply
 * or an editMessage), and her edited messages' new words, which stand over what the server
 * sends until it has them.
 */
export async function waitingRewrites(): Promise<{
  replies: Set<string>;
  words: Map<string, string>;
}> {
  const replies = new Set<string>();
  const words = new Map<string, string>();
  for (const { mutation, edit } of await db.outbox.toArray()) {
    if (mutation.type === 'regenerateReply') replies.add(mutation.messageId);
    if (mutation.type === 'editMessage') {
      words.set(mutation.messageId, mutation.message);
      if (edit) replies.add(edit.replyId);
    }
  }
  return { replies, words };
}
