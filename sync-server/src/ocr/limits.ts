import type { Limit } from '../http/rateLimit';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Images one user may send in an hour, over all three routes (each is decoded, re-encoded,
 * stored and usually read by tesseract: CPU and disk). Analysis also counts as a reply
 * (chats/replyLimit.ts).
 */
export const imagesPerUser: Limit = { bucket: 'images-user', limit: 120, windowMs: HOUR_MS };
