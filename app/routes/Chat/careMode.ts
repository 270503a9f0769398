/**
 * A chat's risk state on the device (shared/safety/risk.ts): the newest crisis signal among
 * the messages it holds, and the server's care mode when it sends one. The chat is in care
 * mode until the later of the two ends (CARE_MODE_MS after the device's newest signal, or the
 * server's `careUntil`): help pinned, no teaser buttons, no upgrade prompts. Offline too: her
 * message read as a crisis here starts it at once.
 *
 * Loaded with the crisis reading (crisisReading.ts), never with the screen: it reads with the
 * detector's patterns, which the screen's first load does without.
 */
import type { CrisisReading } from '@shared/safety/crisis';
import { CARE_MODE_MS, inCareMode, NO_RISK, withSignal, type ChatRisk } from '@shared/safety/risk';

/** What the risk state reads of a message (a LocalMessage, or a visitor's words held back). */
export interface RiskMessage {
  id: string;
  isUser: boolean;
  isCrisis: boolean;
  message: string;
  timestamp: string;
  replyTo: string | null;
}

export type ReadInChat = (text: string, context: { riskRaised: boolean }) => CrisisReading;

export interface ChatRiskInput {
  /** The chat's messages on the device, in chat order. */
  messages: readonly RiskMessage[];
  /** readInChat (shared/safety/risk.ts): her words, in the light of her chat. */
  readInChat: ReadInChat;
  /** The server's care mode for the chat (ISO), when it sends one. */
  serverCareUntil?: string | null;
  /**
   * False: only her messages with no reply yet are read (the others once the patterns are
   * compiled, crisisWarmUp.ts); a crisis reply counts either way.
   */
  readAnswered?: boolean;
}

/**
 * The chat's newest crisis signal: her messages the device reads as a crisis (while the chat
 * is already in care mode, a "no" or "whatever" counts too), each crisis reply, and the
 * server's care mode (as the signal that began it).
 */
export function chatRiskOf({
  messages,
  readInChat,
  serverCareUntil = null,
  readAnswered = true,
}: ChatRiskInput): ChatRisk {
  const serverEnd = serverCareUntil === null ? NaN : Date.parse(serverCareUntil);
  const server: ChatRisk = Number.isFinite(serverEnd)
    ? { lastCrisisAt: serverEnd - CARE_MODE_MS }
    : NO_RISK;
  const answered = new Set(messages.flatMap((message) => message.replyTo ?? []));
  let risk = NO_RISK;
  for (const message of messages) {
    const at = Date.parse(message.timestamp);
    if (!Number.isFinite(at)) continue;
    if (!message.isUser) {
      if (message.isCrisis) risk = withSignal(risk, at);
      continue;
    }
    if (!readAnswered && answered.has(message.id)) continue;
    const serverRaised = server.lastCrisisAt !== null && server.lastCrisisAt <= at;
    const riskRaised = inCareMode(risk, at) || (serverRaised && inCareMode(server, at));
    if (readInChat(message.message, { riskRaised }).crisis) risk = withSignal(risk, at);
  }
  return server.lastCrisisAt === null ? risk : withSignal(risk, server.lastCrisisAt);
}

/** When the chat's care mode ends (ms since the epoch), or null when it never began. */
export function careEndOf(input: ChatRiskInput): number | null {
  const { lastCrisisAt } = chatRiskOf(input);
  return lastCrisisAt === null ? null : lastCrisisAt + CARE_MODE_MS;
}
