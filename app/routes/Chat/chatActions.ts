import type { PersonaRef } from '@shared/chat';
import { DEFAULT_PERSONA_ID, personaById } from '@shared/personas';
import { queueDeleteChat, queueMessage, queueNewChat } from '../../db/outbox';
import { syncNow } from '../../sync/runtime';

/**
 * What she does to her chats. Each is written on this device with its outbox entry first, so
 * it shows at once, survives a reload and works offline; the sync engine then delivers it in
 * order (ARCHITECTURE.md: one way out). Nothing here talks to the server itself.
 */

export function personaRef(personaId: number): PersonaRef {
  const persona = personaById(personaId) ?? personaById(DEFAULT_PERSONA_ID);
  if (!persona) throw new Error('No default persona');
  const { id, name, description, avatar } = persona;
  return { id, name, description, avatar };
}

export interface SendInput {
  chatId: string;
  /** Her message's id; sending a failed message's id again retries it (never a duplicate). */
  messageId: string;
  text: string;
  /** The bestie of the chat, which her first message creates when it does not exist yet. */
  personaId: number;
}

export async function sendMessage({ chatId, messageId, text, personaId }: SendInput) {
  await queueMessage({ chatId, messageId, text, newChat: { persona: personaRef(personaId) } });
  void syncNow();
}

/** A new, empty chat with a bestie, made on the device first (its id is known at once). */
export async function startPersonaChat(
  personaId: number,
  chatId: string = crypto.randomUUID(),
): Promise<string> {
  await queueNewChat({ chatId, persona: personaRef(personaId) });
  void syncNow();
  return chatId;
}

/**
 * Deletes a chat here at once; the server hears of it through the outbox (spec §8). Resolves
 * once the push has been tried, so a screen that next asks the server (the landing page's
 * redirect to her newest chat) does not find it there.
 */
export async function removeChat(chatId: string): Promise<void> {
  await queueDeleteChat(chatId);
  await syncNow();
}
