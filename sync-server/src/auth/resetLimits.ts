import type { Limit } from '../http/rateLimit';
import { fromAddress } from '../http/rateLimit';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Reset mails per email address from all client addresses together: a ceiling (20 an hour)
 * so her inbox cannot be flooded, high enough that one address cannot use it up.
 */
export const forgotPerEmail: Limit = { bucket: 'forgot-email', limit: 20, windowMs: HOUR_MS };

/**
 * Reset requests per email address from one client address: the 6th within an hour from there
 * is refused, while she can still ask from her own.
 */
export const forgotPerEmailFromAddress = (address: string): Limit =>
  fromAddress({ ...forgotPerEmail, limit: 5 }, address);

/** Reset requests per IP address. */
export const forgotPerIp: Limit = { bucket: 'forgot-ip', limit: 20, windowMs: HOUR_MS };

/** Attempts to use a reset link per IP address (links are unguessable; this stops floods). */
export const resetPerIp: Limit = { bucket: 'reset-ip', limit: 30, windowMs: HOUR_MS };
