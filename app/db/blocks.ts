import type { LocalMessage, MessageBlock } from './db';

/**
 * The server's messages are kept on the device in blocks of MESSAGE_BLOCK_SIZE by their place
 * (`seq`), one IndexedDB record per block: writing a record costs about as much
 * whatever it holds, so a fresh device's 50,000 messages are 1,000 writes, not 50,000.
 */
export const MESSAGE_BLOCK_SIZE = 50;

/** The block a message placed at `seq` is kept in (seq 1–50: block 0). ±Infinity stay as they are. */
export const blockOf = (seq: number): number => Math.floor((seq - 1) / MESSAGE_BLOCK_SIZE);

/** The block that holds place `seq` of a chat, as one string (a Map's key). */
export const blockKeyOf = (chatId: string, seq: number) => `${blockOf(seq)}:${chatId}`;

/**
 * The blocks that hold `messages`, each placed by the server, in the order of `seq`; of two
 * copies of a message the later in `messages` is kept. Throws on a message without an id or a
 * place, before anything is written (as IndexedDB refuses a record without its key).
 */
export function intoBlocks(messages: LocalMessage[]): MessageBlock[] {
  const blocks = new Map<string, Map<string, LocalMessage>>();
  for (const message of messages) {
    const { id, chatId, seq } = message;
    if (typeof id !== 'string' || !Number.isInteger(seq)) {
      throw new Error(`A placed message needs an id and a place: ${id}, ${seq}`);
    }
    const key = blockKeyOf(chatId, seq!);
    const block = blocks.get(key) ?? blocks.set(key, new Map()).get(key)!;
    block.set(id, message);
  }
  return [...blocks.values()].map((byId) => {
    const inOrder = [...byId.values()].sort((a, b) => a.seq! - b.seq!);
    return { chatId: inOrder[0]!.chatId, block: blockOf(inOrder[0]!.seq!), messages: inOrder };
  });
}
