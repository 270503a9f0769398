import type { Persona } from '@shared/personas';
import { resourceLinesFor } from '@shared/safety/resources';
import { helpSituation } from '@shared/safety/situation';

/**
 * The reply to a message that reads as suicide or self-harm intent. It steps out of persona,
 * says plainly that the bestie is an AI, and gives the help her message calls for, most urgent
 * first (resources.ts: 911 and Poison Control first when she has swallowed something). Never
 * written by a model. `name` is the name she set, or '' (never her email's local part).
 */
export function crisisReply(persona: Persona, name: string, herMessage: string): string {
  const glad = "I'm really glad you told me, and I'm taking what you said seriously.";
  const opening = name ? `${capitalise(name)}, ${glad}` : glad;
  const situation = helpSituation(herMessage);
  const ask =
    situation === 'support'
      ? 'Please reach out to one of these, they are free, confidential and there any time:'
      : 'Please get help right now, in this order:';
  return [
    opening,
    `I need to be honest with you: I'm ${persona.name}, an AI, not a person, and I can't keep you safe the way a real person can. You deserve someone who can be there with you right now.`,
    ask,
    resourceLinesFor(situation)
      .map((line) => `• ${line}`)
      .join('\n'),
    "If you can, tell someone you trust what you're going through, or ask them to stay with you. You don't have to carry this alone.",
    "I'm still here to talk. Would you tell me if you're safe right now?",
  ].join('\n\n');
}

/**
 * The reply that stands in for a limit while the chat is in care mode: a kind word written
 * by the server (no model), shown beside the help card, never a wall.
 */
export function careLimitReply(name: string): string {
  const opening = name
    ? `${capitalise(name)}, I'm still right here with you.`
    : "I'm still right here with you.";
  return `${opening} Take a slow breath. If things feel heavy, the people on the card below are there any time, day or night, and talking to one of them can really help.`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The name a reply may call her: the one she set, else none (never her email). */
export const replyName = (user: { name: string | null }): string => user.name?.trim() ?? '';
