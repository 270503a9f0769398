import type { ForgotPasswordBody, ResetPasswordBody } from '@shared/validation';
import { apiJson } from '../../http/client';

export interface RecoveryAnswer {
  ok: boolean;
  message?: string;
}

/** POST /api/forgot-password: the same answer whether or not the email has an account. */
export function requestPasswordReset(body: ForgotPasswordBody): Promise<RecoveryAnswer> {
  return apiJson<RecoveryAnswer>('POST', '/api/forgot-password', body);
}

/** POST /api/reset-password: sets the new password with the token from the mailed link. */
export function resetPassword(body: ResetPasswordBody): Promise<RecoveryAnswer> {
  return apiJson<RecoveryAnswer>('POST', '/api/reset-password', body);
}

export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
