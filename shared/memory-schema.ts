import { z } from 'zod';
import { hasVisibleText } from './chat';
import { MEMORY_DETAIL_MAX_LENGTH, MEMORY_KINDS, MEMORY_SUBJECT_MAX_LENGTH } from './memory';

/*
 * A memory as she edits it (the saveMemory mutation), apart from the chat's schemas: the glass
 * box loads this alone.
 */

export const memoryMessages = {
  subjectEmpty: 'Say what this memory is about',
  subjectTooLong: `Keep it to ${MEMORY_SUBJECT_MAX_LENGTH} characters`,
  detailEmpty: 'Say what your besties should remember',
  detailTooLong: `Keep it to ${MEMORY_DETAIL_MAX_LENGTH} characters`,
} as const;

const words = (empty: string, max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .refine(hasVisibleText, { error: empty })
    .refine((text) => text.length <= max, { error: tooLong });

export const memoryFieldsSchema = z.object({
  id: z.uuid({ error: 'Must be a UUID' }),
  kind: z.enum(MEMORY_KINDS),
  subject: words(
    memoryMessages.subjectEmpty,
    MEMORY_SUBJECT_MAX_LENGTH,
    memoryMessages.subjectTooLong,
  ),
  detail: words(memoryMessages.detailEmpty, MEMORY_DETAIL_MAX_LENGTH, memoryMessages.detailTooLong),
  date: z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' }).nullable().default(null),
  personaId: z.number().int().min(1).max(5).nullable().default(null),
});
export type MemoryFields = z.input<typeof memoryFieldsSchema>;
