/**
 * What her besties remember of her: facts she shared, each traceable to the message
 * it came from, shared by every bestie unless she keeps one to a single bestie. Synced like her
 * chats (the outbox out, the pull in), read offline, in her export, gone with her account.
 */

export const MEMORY_KINDS = ['person', 'place', 'event', 'like', 'situation'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

/** How her memories are grouped where she reads them, in this order. */
export const MEMORY_GROUPS: Readonly<Record<MemoryKind, string>> = {
  person: 'People',
  place: 'Places',
  event: 'Dates',
  like: 'Things you love',
  situation: "What you're going through",
};

export const MEMORY_SUBJECT_MAX_LENGTH = 80;
export const MEMORY_DETAIL_MAX_LENGTH = 200;

export interface Memory {
  id: string;
  kind: MemoryKind;
  /** What it is about, as she said it: "Emma", "Lisbon", "your birthday". */
  subject: string;
  /** What she said of it, as her bestie says it back: "your best friend". */
  detail: string;
  /** An event's day (YYYY-MM-DD), when one is known. */
  date: string | null;
  /** Kept to this bestie only (1 to 5); null: every bestie remembers it. */
  personaId: number | null;
  /** The message it came from and its chat; null when she wrote it herself or it is gone. */
  sourceMessageId: string | null;
  sourceChatId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One memory as it reads: "Emma: your best friend". */
export const memoryLine = (memory: Pick<Memory, 'subject' | 'detail'>): string =>
  `${memory.subject}: ${memory.detail}`;
