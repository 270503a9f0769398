import { z } from 'zod';
import { HELP_SHOWN_MAX_COUNT, isUtcDay } from './referrals';

/** Help shown on a device on one UTC day (a countHelpShown mutation, a visitor's request). */
export const helpShownSchema = z.object({
  day: z
    .string({ error: 'Day must be a date (YYYY-MM-DD)' })
    .refine(isUtcDay, { error: 'Day must be a real date (YYYY-MM-DD)' }),
  count: z
    .number({ error: `Count must be a whole number from 1 to ${HELP_SHOWN_MAX_COUNT}` })
    .int({ error: `Count must be a whole number from 1 to ${HELP_SHOWN_MAX_COUNT}` })
    .min(1, { error: `Count must be a whole number from 1 to ${HELP_SHOWN_MAX_COUNT}` })
    .max(HELP_SHOWN_MAX_COUNT, {
      error: `Count must be a whole number from 1 to ${HELP_SHOWN_MAX_COUNT}`,
    }),
});
export type HelpShown = z.output<typeof helpShownSchema>;
