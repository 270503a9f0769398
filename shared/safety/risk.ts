/**
 * A chat's risk state (issue 36, points 2 and 3), the same on the device and the server.
 *
 * A chat with a crisis signal from her side (her message read as a crisis by the detector,
 * moderation or a model's check of her message; a crisis reply answers each) is in care mode
 * for CARE_MODE_MS after the newest signal: no teasers, no upgrade prompts, help pinned, the
 * paid plan's limits. While the risk is raised, a reply of distress ("no", "whatever", "its
 * fine i just want to sleep") reads as a crisis too.
 */
import type { CrisisReading } from './crisis';
import { isUnsafeAnswer, readCrisis } from './crisis';

export const CARE_MODE_MS = 24 * 60 * 60 * 1000;

/** The newest crisis signal of a chat (ms since the epoch), or null when it has none. */
export interface ChatRisk {
  lastCrisisAt: number | null;
}

export const NO_RISK: ChatRisk = { lastCrisisAt: null };

/** True while the chat is in care mode at `now`. */
export function inCareMode(risk: ChatRisk, now: number): boolean {
  return risk.lastCrisisAt !== null && now - risk.lastCrisisAt < CARE_MODE_MS;
}

/** When care mode ends (ms), or null when the chat is not in it at `now`. */
export function careUntil(risk: ChatRisk, now: number): number | null {
  return inCareMode(risk, now) ? (risk.lastCrisisAt as number) + CARE_MODE_MS : null;
}

/** The risk after one more signal at `at` (signals may come out of order). */
export function withSignal(risk: ChatRisk, at: number): ChatRisk {
  return { lastCrisisAt: Math.max(risk.lastCrisisAt ?? at, at) };
}

/**
 * Her message read in the light of her chat: alone, or, while the risk is raised, with a
 * reply of distress read as a crisis too.
 */
export function readInChat(text: string, context: { riskRaised: boolean }): CrisisReading {
  const alone = readCrisis(text);
  if (alone.crisis || !context.riskRaised) return alone;
  return isUnsafeAnswer(text) ? { crisis: true, category: 'passive' } : alone;
}
