import type { PersonaRef } from '@shared/chat';
import { personaGreeting } from '@shared/personas';

export const AI_NOTE = 'Just so you know: your bestie is an AI, not a person.';

export const GENERIC_GREETING =
  "Hey bestie! I'm so glad you're here. Tell me anything: big, small, messy, all of it. What's on your mind today?";

/**
 * The client-side welcome shown while a chat has no messages (spec §2): a generic greeting in
 * a fresh new chat, her bestie's own in a chat with a persona.
 */
export function welcomeText(persona: Pick<PersonaRef, 'name' | 'description'> | null): string {
  if (!persona) return GENERIC_GREETING;
  return personaGreeting(persona);
}

const SESSION_GAP_MS = 30 * 60 * 1000;
export const REMINDER_AFTER_MS = 3 * 60 * 60 * 1000;

/**
 * True after 3 hours of continuous chatting: the newest messages, read backwards, have no
 * gap over 30 minutes and span at least 3 hours.
 */
export function needsAiReminder(timestamps: readonly string[]): boolean {
  const times = timestamps.map((t) => Date.parse(t)).filter((t) => !Number.isNaN(t));
  times.sort((a, b) => a - b);
  const newest = times.at(-1);
  if (newest === undefined) return false;
  let start = newest;
  for (let i = times.length - 2; i >= 0; i -= 1) {
    const time = times[i] as number;
    if (start - time > SESSION_GAP_MS) break;
    start = time;
  }
  return newest - start >= REMINDER_AFTER_MS;
}
