import { ANALYSIS_TYPES, teaserOf } from '@shared/chat';
import { ocrAnalysisSchema } from '@shared/chat-schema';
import type { AnalysisType, Chat, ChatMessage, ChatPage, ChatSummary } from '@shared/chat';
import { canUsePersonaFully, personaById, PERSONAS } from '@shared/personas';
import type { Persona } from '@shared/personas';
import { careUntil } from '@shared/safety/risk';
import type { SubscriptionTier } from '@shared/user';
import { presentPersonaRef } from '../personas/present';
import { isGreeting } from './greeting';
import type { ChatRow, MessageRow } from './repo';

const UNTITLED = 'New Chat';
const iso = (ms: number) => new Date(ms).toISOString();

export const personaOf = (chat: Pick<ChatRow, 'personaId'>): Persona =>
  personaById(chat.personaId) ?? (PERSONAS[0] as Persona);

type Viewer = { tier: SubscriptionTier; persona: Persona };
type Shown = Pick<MessageRow, 'role' | 'isCrisis' | 'care' | 'replyTo' | 'content'>;

/**
 * Whether a reply shows her only its opening. Decided from flags set from her side alone when
 * the reply was written (her message read as a crisis, or the chat in care mode), never from
 * the reply's own text: a model that writes "988" unlocks nothing. A free user in care mode
 * reads the replies written in those 24 hours whole, on purpose: no paywall while she may be
 * at risk.
 */
const isTeaserFor = (row: Omit<Shown, 'content'>, viewer: Viewer) =>
  row.role === 'assistant' &&
  !row.isCrisis &&
  !row.care &&
  !isGreeting(row) &&
  !canUsePersonaFully(viewer.tier, viewer.persona);

/** The text of a message as she may see it: presentMessage's `message`, made alone. */
export const shownContent = (row: Shown, viewer: Viewer): string =>
  isTeaserFor(row, viewer) ? teaserOf(row.content) : row.content;

/**
 * A message as she may see it. The one place teasers are made: a reply her tier does not
 * cover in full shows only its opening, unless it is a crisis reply or the bestie's greeting
 * (always in full).
 */
export function presentMessage(row: MessageRow, viewer: Viewer): ChatMessage {
  const isReply = row.role === 'assistant';
  const isTeaser = isTeaserFor(row, viewer);
  const usedMemories = memoryIdsOf(row.usedMemories);
  return {
    id: row.id,
    chatId: row.chatId,
    seq: row.chatSeq,
    message: isTeaser ? teaserOf(row.content) : row.content,
    isUser: !isReply,
    replyError: row.replyError,
    replyTo: row.replyTo,
    timestamp: iso(row.createdAt),
    avatar: isReply ? viewer.persona.avatar : null,
    imageUrl: row.imageUrl,
    isTeaser,
    isCrisis: row.isCrisis === 1,
    helpCard: row.helpCard === 1,
    isOCR: row.isOcr === 1,
    isEnhancedOCR: row.isEnhancedOcr === 1,
    extractedText: row.extractedText,
    analysisType: (ANALYSIS_TYPES as readonly string[]).includes(row.analysisType ?? '')
      ? (row.analysisType as AnalysisType)
      : null,
    ocrAnalysis: parseJson(row.ocrAnalysis, (value) => ocrAnalysisSchema.parse(value)),
    ocrStructuredData: parseJson(
      row.ocrStructuredData,
      (value) => value as Record<string, unknown>,
    ),
    ocrConfidence: row.ocrConfidence,
    // A teaser hides the words that used them.
    ...(usedMemories.length > 0 && !isTeaser ? { usedMemories } : {}),
  };
}

/**
 * Until when (ms) an answer showing these chats holds: care mode is the one part of an answer
 * that changes with the clock alone, so it holds until the first care mode shown ends.
 */
export function shownUntil(chats: Pick<ChatSummary, 'careUntil'>[]): number {
  let until = Infinity;
  for (const chat of chats) if (chat.careUntil) until = Math.min(until, Date.parse(chat.careUntil));
  return until;
}

/** A chat as the API shows it at `now` (ms): care mode is read at that moment. */
export function presentChatSummary(chat: ChatRow, now: number): ChatSummary {
  const careEnds = careUntil({ lastCrisisAt: chat.lastCrisisAt }, now);
  return {
    id: chat.id,
    title: chat.title || UNTITLED,
    timestamp: iso(chat.createdAt),
    updatedAt: iso(chat.updatedAt),
    persona: presentPersonaRef(personaOf(chat)),
    careUntil: careEnds === null ? null : iso(careEnds),
  };
}

export function presentChat(
  chat: ChatRow,
  messages: MessageRow[],
  viewer: { tier: SubscriptionTier; now: number },
): Chat {
  const { tier } = viewer;
  const persona = personaOf(chat);
  return {
    ...presentChatSummary(chat, viewer.now),
    messages: messages.map((message) => presentMessage(message, { tier, persona })),
  };
}

/** A page of her chat: `nextBefore` is the oldest message shown, when older ones are left. */
export function presentChatPage(
  page: { chat: ChatRow; messages: MessageRow[]; hasMore: boolean },
  viewer: { tier: SubscriptionTier; now: number },
): ChatPage {
  const oldest = page.messages[0];
  return {
    ...presentChat(page.chat, page.messages, viewer),
    hasMore: page.hasMore,
    nextBefore: page.hasMore && oldest ? oldest.id : null,
  };
}

/** The memory ids a reply stored, as far as they read as ids: a damaged value names none. */
function memoryIdsOf(text: string | null): string[] {
  const value = parseJson(text, (parsed) => parsed);
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

function parseJson<T>(text: string | null, shape: (value: unknown) => T): T | null {
  if (text === null) return null;
  try {
    return shape(JSON.parse(text));
  } catch {
    return null;
  }
}
