import type { Limit } from '../http/rateLimit';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Reset mails per email: one in 5 minutes, so her inbox cannot be flooded. Requests past it are
 * answered as any other and send nothing: the mail already sent holds a link that works for an
 * hour, so nobody can use up her recovery.
 */
export const resetMailPerEmail: Limit = {
  bucket: 'forgot-email',
  limit: 1,
  windowMs: 5 * MINUTE_MS,
};

/** Reset requests per IP address. */
export const forgotPerIp: Limit = { bucket: 'forgot-ip', limit: 20, windowMs: HOUR_MS };

/** Attempts to use a reset link per IP address (links are unguessable; this stops floods). */
export const resetPerIp: Limit = { bucket: 'reset-ip', limit: 30, windowMs: HOUR_MS };
