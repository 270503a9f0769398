import { personaGreeting } from '@shared/personas';
import type { Persona } from '@shared/personas';
import { messageBytes } from '../storage/service';
import { newMessage } from './repo';
import type { MessageRow, NewMessage } from './repo';

/**
 * The bestie's greeting, stored as the first message of a chat made from the persona picker
 * (spec §4): her message, answering none of hers. It is never a teaser, and no reply job or
 * upgrade nudge follows it.
 */
export function greetingRow(props: {
  id: string;
  chatId: string;
  userId: string;
  persona: Persona;
  now: number;
}): NewMessage {
  return newMessage({
    id: props.id,
    chatId: props.chatId,
    userId: props.userId,
    role: 'assistant',
    content: personaGreeting(props.persona),
    createdAt: props.now,
  });
}

/** The bytes the greeting adds to her storage. */
export function greetingBytes(persona: Persona): number {
  return messageBytes(greetingRow({ id: '', chatId: '', userId: '', persona, now: 0 }));
}

/** A bestie's message that answers none of hers: a greeting (every reply has `replyTo`). */
export function isGreeting(row: Pick<MessageRow, 'role' | 'replyTo'>): boolean {
  return row.role === 'assistant' && row.replyTo === null;
}
