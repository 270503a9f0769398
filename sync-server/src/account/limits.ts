import type { Limit } from '../http/rateLimit';

const MINUTE_MS = 60 * 1000;

/** Exports per user: each reads every chat she has, so the 11th within an hour is refused. */
export const exportPerUser: Limit = { bucket: 'export-user', limit: 10, windowMs: 60 * MINUTE_MS };

/**
 * Password checks to delete her account, per user: a stolen session cannot guess her password
 * (the 6th within 15 minutes is refused).
 */
export const deletePerUser: Limit = {
  bucket: 'delete-account-user',
  limit: 5,
  windowMs: 15 * MINUTE_MS,
};
