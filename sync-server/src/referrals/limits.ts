import type { Config } from '../config';
import type { Limit } from '../http/rateLimit';

/**
 * A visitor's reports of help shown, per client address (RATE_LIMIT_IP_PER_HOUR): a device
 * sends one per day it has counts for, so a real one is far below it; the limit caps what an
 * address could add to the yearly count.
 */
export const helpShownPerIp = (config: Config): Limit => ({
  bucket: 'help-shown-ip',
  limit: config.rateLimitIpPerHour,
  windowMs: 60 * 60 * 1000,
});

/**
 * Her devices' countHelpShown mutations, per user (RATE_LIMIT_IP_PER_HOUR too): a device sends
 * one per help card, so she never comes near it; past it a mutation is rejected (429) and not
 * counted, so no account can run up the yearly count.
 */
export const helpShownPerUser = (config: Config): Limit => ({
  bucket: 'help-shown-user',
  limit: config.rateLimitIpPerHour,
  windowMs: 60 * 60 * 1000,
});
