import type { Config } from '../config';
import type { Limit } from '../http/rateLimit';

const HOUR_MS = 60 * 60 * 1000;

/** Payment intents a signed-in user may start in an hour (each one is a call to Stripe). */
export const intentPerUser: Limit = { bucket: 'payment-intent-user', limit: 30, windowMs: HOUR_MS };

/** Payment intents started by visitors per IP address (many people may share one). */
export const intentPerIp = (config: Config): Limit => ({
  bucket: 'payment-intent-ip',
  limit: config.rateLimitIpPerHour,
  windowMs: HOUR_MS,
});

/** Payment checks per IP address (each one is a call to Stripe). */
export const verifyPerIp = (config: Config): Limit => ({
  bucket: 'payment-verify-ip',
  limit: config.rateLimitIpPerHour,
  windowMs: HOUR_MS,
});

/** Test-card confirmations per IP address. */
export const testConfirmPerIp = (config: Config): Limit => ({
  bucket: 'payment-test-confirm-ip',
  limit: config.rateLimitIpPerHour,
  windowMs: HOUR_MS,
});

/** Claim-link uses a signed-in user may try in an hour. */
export const claimPerUser: Limit = { bucket: 'purchase-claim-user', limit: 30, windowMs: HOUR_MS };

/** Claim-link uses per IP address. */
export const claimPerIp = (config: Config): Limit => ({
  bucket: 'purchase-claim-ip',
  limit: config.rateLimitIpPerHour,
  windowMs: HOUR_MS,
});
