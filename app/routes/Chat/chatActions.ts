import { MESSAGE_MAX_LENGTH, type PersonaRef } from '@shared/chat';
import { DEFAULT_PERSONA_ID, personaById } from '@shared/personas';
import { uuidv7 } from '@shared/uuid';
import type { OcrFields } from '../../db/chats';
import type { ScreenshotAttachment } from '../../db/db';
import { queueDeleteChat, queueMessage, queueNewChat } from '../../db/outbox';
import { requestSync } from '../../sync/requestSync';

/**
 * What she does to her chats. Each is written on this device with its outbox entry first, so
 * it shows at once, survives a reload and works offline; the sync engine then delivers it in
 * order (ARCHITECTURE.md, One way out, one way in). Nothing here talks to the server itself.
 */

export function personaRef(personaId: number): PersonaRef {
  const persona = personaById(personaId) ?? personaById(DEFAULT_PERSONA_ID);
  if (!persona) throw new Error('No default persona');
  const { id, name, description, avatar } = persona;
  return { id, name, description, avatar };
}

export interface SendInput {
  chatId: string;
  /** Her message's id; a retry (`retry`) sends a failed message's id again, never a duplicate. */
  messageId: string;
  text: string;
  /** The bestie of the chat, which her first message creates when it does not exist yet. */
  personaId: number;
  /** A screenshot message's fields and its image (kept on the device until uploaded). */
  ocr?: OcrFields;
  image?: Blob;
  /** A retry of a message of hers on this device: where the server placed it (null: not placed). */
  retry?: { seq: number | null };
}

export async function sendMessage({ personaId, ...message }: SendInput) {
  const newChat = { persona: personaRef(personaId) };
  await queueMessage({ ...message, newChat });
  void requestSync();
}

/** What 'Use this text' attaches to her next message (spec §4): the text, the screenshot, any analysis. */
export type ScreenshotMessage = ScreenshotAttachment;

/**
 * Her screenshot as an OCR message, on the device first like any message: its image is kept
 * here and uploaded by the sync engine before the message goes (unless the server has it
 * already from the enhanced analysis). What she typed with it is the message, so
 * her bestie answers her question with the screenshot's text beside it; with nothing typed,
 * the screenshot's text is the message, as before.
 */
export async function sendScreenshot(
  input: { chatId: string; personaId: number; question?: string } & ScreenshotMessage,
): Promise<void> {
  const { enhanced } = input;
  const text = input.text.trim();
  const message = input.question?.trim() || text;
  await sendMessage({
    chatId: input.chatId,
    messageId: uuidv7(),
    personaId: input.personaId,
    text: message.slice(0, MESSAGE_MAX_LENGTH),
    image: input.image,
    ocr: {
      isOCR: true,
      isEnhancedOCR: enhanced !== null,
      imageUrl: enhanced?.imageUrl ?? null,
      extractedText: text,
      analysisType: enhanced ? input.analysisType : null,
      ocrAnalysis: enhanced?.analysis ?? null,
      ocrStructuredData: enhanced?.structuredData ?? null,
      ocrConfidence: enhanced?.confidence ?? input.confidence,
    },
  });
}

/**
 * A chat picked from the persona picker (spec §4: "a chat is created with a greeting"), made
 * on the device first (its id is known at once): the server stores her bestie's greeting as
 * its first message, so every device shows it.
 */
export async function startPersonaChat(
  personaId: number,
  chatId: string = uuidv7(),
): Promise<string> {
  await queueNewChat({ chatId, persona: personaRef(personaId), greetingId: uuidv7() });
  void requestSync();
  return chatId;
}

/** A new, empty chat with a bestie (bestie=cassie's), made on the device first. */
export async function startEmptyChat(personaId: number, chatId: string): Promise<string> {
  await queueNewChat({ chatId, persona: personaRef(personaId) });
  void requestSync();
  return chatId;
}

/**
 * Deletes a chat here at once; the server hears of it through the outbox (spec §8). Resolves
 * once the push has been tried, so a screen that next asks the server (the landing page's
 * redirect to her newest chat) does not find it there.
 */
export async function removeChat(chatId: string): Promise<void> {
  await queueDeleteChat(chatId);
  await requestSync();
}
