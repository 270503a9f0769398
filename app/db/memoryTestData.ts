import type { Memory } from '@shared/memory';

/** A memory as the server sends it (test builder): Emma, every bestie's, from chat c1. */
export function aMemory(overrides: Partial<Memory> & { id: string }): Memory {
  return {
    kind: 'person',
    subject: 'Emma',
    detail: 'your best friend',
    date: null,
    personaId: null,
    sourceMessageId: 'm1',
    sourceChatId: 'c1',
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

/** The two memories most tests start from: a person, and a place that names her. */
export const EMMA = aMemory({ id: 'emma' });
export const LISBON = aMemory({
  id: 'lisbon',
  kind: 'place',
  subject: 'Lisbon',
  detail: 'Emma is moving there',
  createdAt: '2026-11-25T10:00:01.000Z',
});
