import type { Persona } from '@shared/personas';

/** The resources every crisis reply carries, word for word. */
export const CRISIS_RESOURCES = [
  'US: call or text 988 (Suicide & Crisis Lifeline)',
  'Crisis Text Line: text HOME to 741741',
  'Elsewhere: findahelpline.com',
  'If you are in danger right now, call 911 (US) or your local emergency number.',
] as const;

/**
 * The reply to a message that reads as suicide or self-harm intent. It steps out of persona,
 * says plainly that the bestie is an AI, and gives the resources. Never written by a model.
 */
export function crisisReply(persona: Persona, displayName: string): string {
  const name = displayName.charAt(0).toUpperCase() + displayName.slice(1);
  return [
    `${name}, I'm really glad you told me, and I'm taking what you said seriously.`,
    `I need to be honest with you: I'm ${persona.name}, an AI, not a person, and I can't keep you safe the way a real person can. You deserve someone who can be there with you right now.`,
    'Please reach out to one of these, they are free, confidential and there any time:',
    CRISIS_RESOURCES.map((line) => `• ${line}`).join('\n'),
    "If you can, tell someone you trust what you're going through, or ask them to stay with you. You don't have to carry this alone.",
    "I'm still here to talk. Would you tell me if you're safe right now?",
  ].join('\n\n');
}
