import { z } from 'zod';

/** Limits and messages from the product spec (§5, §9). Forms and server both use these. */
export const PASSWORD_MIN_LENGTH = 6;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 1024;

export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  confirmRequired: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  fillAllFields: 'Please fill out all fields',
} as const;

/** The spec's "simple shape": text, @, text, dot, text. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(EMAIL_MAX_LENGTH, messages.emailInvalid)
  .regex(EMAIL_SHAPE, messages.emailInvalid)
  .transform(normalizeEmail);

const passwordPresent = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

const newPassword = passwordPresent.min(PASSWORD_MIN_LENGTH, messages.passwordTooShort);

/** POST /api/login body. */
export const loginSchema = z.object({ email: emailSchema, password: passwordPresent });

/** POST /api/register body. */
export const registerSchema = z.object({ email: emailSchema, password: newPassword });

/** The sign-up form: the register body plus a confirmation that never leaves the device. */
export const signUpFormSchema = registerSchema
  .extend({
    confirmPassword: z.string({ error: messages.confirmRequired }).min(1, messages.confirmRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });

/** POST /api/forgot-password body and the forgot-password form. */
export const forgotPasswordSchema = z.object({ email: emailSchema });

/** POST /api/reset-password body: the token from the link and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Missing reset token.' }).min(1, 'Missing reset token.').max(512),
  newPassword,
});

/** A reset-password field (spec §5): at least 6 characters, and an empty one is too short. */
const resetField = z
  .string({ error: messages.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

/** The reset-password form: both fields at least 6 characters, and the same. */
export const resetPasswordFormSchema = z
  .object({ newPassword: resetField, confirmPassword: resetField })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });

/** The one answer to every accepted forgot-password request, account or not (spec §2). */
export const FORGOT_PASSWORD_MESSAGE =
  "If your email exists in our system, we've sent password reset instructions to your inbox.";

export type ForgotPasswordBody = z.infer<typeof forgotPasswordSchema>;
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;
export type LoginBody = z.infer<typeof loginSchema>;
export type RegisterBody = z.infer<typeof registerSchema>;
export type SignUpForm = z.input<typeof signUpFormSchema>;

/** Field name -> first message, for forms and for the server's 400 answers. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    fields[field] ??= issue.message;
  }
  return fields;
}
