import type { Limit } from '../http/rateLimit';

const HOUR_MS = 60 * 60 * 1000;

/** Reset mails per email address: the 6th request within an hour is refused. */
export const forgotPerEmail: Limit = { bucket: 'forgot-email', limit: 5, windowMs: HOUR_MS };

/** Reset requests per IP address. */
export const forgotPerIp: Limit = { bucket: 'forgot-ip', limit: 20, windowMs: HOUR_MS };

/** Attempts to use a reset link per IP address (links are unguessable; this stops floods). */
export const resetPerIp: Limit = { bucket: 'reset-ip', limit: 30, windowMs: HOUR_MS };
