import { z } from 'zod';
import {
  deleteAccountMessages,
  LOCATION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  profileMessages,
} from './account';
import { THEMES } from './theme';
import { AGE_RANGES } from './user';

/** The request schemas of her account's controls; their words and limits are in ./account. */

/** Letters, numbers, punctuation and spaces: no control characters (tabs, newlines, NUL...). */
const NO_CONTROL = /^[^\p{Cc}\p{Cf}]*$/u;

/** A free-text profile field: trimmed, '' means "not set" (null). */
const textField = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .regex(NO_CONTROL, profileMessages.controlCharacters)
    .transform((value) => (value === '' ? null : value))
    .nullable();

/**
 * PATCH /api/users/{id} and the updateProfile mutation: only the fields sent change.
 * `profileImage` may only be null (remove it) or her current picture's URL, also absolute on the
 * server's address (unchanged; the server checks it); a new picture goes through
 * POST /api/user/profile-image. `metadata.age` is accepted as the spec's
 * short name for `metadata.ageRange`.
 */
export const profileUpdateSchema = z
  .object({
    name: textField(NAME_MAX_LENGTH, profileMessages.nameTooLong).optional(),
    profileImage: z.string().max(300).nullable().optional(),
    metadata: z
      .object({
        ageRange: z
          .enum(AGE_RANGES, { error: profileMessages.ageRangeInvalid })
          .nullable()
          .optional(),
        age: z.enum(AGE_RANGES, { error: profileMessages.ageRangeInvalid }).nullable().optional(),
        location: textField(LOCATION_MAX_LENGTH, profileMessages.locationTooLong).optional(),
      })
      .strict()
      .optional(),
    theme: z.enum(THEMES).optional(),
  })
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/**
 * The profile form on Settings (what she can type; the same rules as the server). Age Range
 * takes the select's values as they are: '' is 'Prefer not to say', saved as not set (null).
 */
export const profileFormSchema = z.object({
  name: textField(NAME_MAX_LENGTH, profileMessages.nameTooLong),
  ageRange: z
    .enum(['', ...AGE_RANGES], { error: profileMessages.ageRangeInvalid })
    .transform((range) => range || null),
  location: textField(LOCATION_MAX_LENGTH, profileMessages.locationTooLong),
});
export type ProfileForm = z.input<typeof profileFormSchema>;

/** DELETE /api/user body: her password again and the word DELETE. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: deleteAccountMessages.passwordRequired })
    .min(1, deleteAccountMessages.passwordRequired)
    .max(1024),
  confirm: z.literal('DELETE', { error: deleteAccountMessages.confirmWord }),
});
export type DeleteAccountBody = z.input<typeof deleteAccountSchema>;

/** GET /api/user/export's query: no format (or json) is the JSON file, zip the complete export. */
export const exportQuerySchema = z.object({
  format: z.enum(['json', 'zip']).optional(),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;
