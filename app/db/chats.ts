import type { ChatSummary } from '@shared/chat';
import { db, type LocalChat, type LocalMessage } from './db';

/** The chat fields this device keeps (a server chat without its messages). */
export function toLocalChat({ id, title, timestamp, updatedAt, persona }: ChatSummary): LocalChat {
  return { id, title, timestamp, updatedAt, persona };
}

let lastLocalOrder = 0;

/** Increases with every message she writes here, even if the clock steps back. */
function nextLocalOrder(): number {
  lastLocalOrder = Math.max(lastLocalOrder + 1, Date.now());
  return lastLocalOrder;
}

/** The screenshot fields of a message of hers (spec §3), as she sends them. */
export type OcrFields = Pick<
  LocalMessage,
  | 'isOCR'
  | 'isEnhancedOCR'
  | 'imageUrl'
  | 'extractedText'
  | 'analysisType'
  | 'ocrAnalysis'
  | 'ocrStructuredData'
  | 'ocrConfidence'
>;

export function ocrFieldsOf(message: LocalMessage): OcrFields {
  const { isOCR, isEnhancedOCR, imageUrl, extractedText, analysisType } = message;
  const { ocrAnalysis, ocrStructuredData, ocrConfidence } = message;
  return {
    isOCR,
    isEnhancedOCR,
    imageUrl,
    extractedText,
    analysisType,
    ocrAnalysis,
    ocrStructuredData,
    ocrConfidence,
  };
}

/** A message of hers not yet saved by the server. */
export function pendingMessage(input: {
  id: string;
  chatId: string;
  text: string;
  ocr?: OcrFields;
}): LocalMessage {
  return {
    id: input.id,
    chatId: input.chatId,
    seq: null,
    message: input.text,
    isUser: true,
    replyError: null,
    replyTo: null,
    timestamp: new Date().toISOString(),
    avatar: null,
    imageUrl: null,
    isTeaser: false,
    isCrisis: false,
    isOCR: false,
    isEnhancedOCR: false,
    extractedText: null,
    analysisType: null,
    ocrAnalysis: null,
    ocrStructuredData: null,
    ocrConfidence: null,
    ...input.ocr,
    status: 'pending',
    localOrder: nextLocalOrder(),
  };
}

/** Logging out leaves nothing of hers on the device. */
export async function clearLocalData(): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });
}

/** Reads for screens (wrap in useLiveQuery). */
export function chatsNewestFirst(): Promise<LocalChat[]> {
  return db.chats.orderBy('updatedAt').reverse().toArray();
}

/** null when this device does not have the chat (useLiveQuery's undefined means "still reading"). */
export async function findChat(id: string): Promise<LocalChat | null> {
  return (await db.chats.get(id)) ?? null;
}

/** A chat's messages in the server's order, then hers still on their way in the order she wrote them. */
export async function messagesOf(chatId: string): Promise<LocalMessage[]> {
  const messages = await db.messages.where('chatId').equals(chatId).toArray();
  return messages.sort(inChatOrder);
}

/** Never compares clocks: a device whose clock is hours off still sees each reply in place. */
export function inChatOrder(a: LocalMessage, b: LocalMessage): number {
  if (a.seq !== null && b.seq !== null) return a.seq - b.seq;
  if (a.seq !== null) return -1;
  if (b.seq !== null) return 1;
  return (a.localOrder ?? 0) - (b.localOrder ?? 0);
}
