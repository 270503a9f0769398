import type { Config } from '../config';
import type { Limit } from '../http/rateLimit';

const HOUR_MS = 60 * 60 * 1000;

/** Login attempts per email: the 11th within an hour is refused (a success clears the count). */
export const loginPerEmail: Limit = { bucket: 'login-email', limit: 10, windowMs: HOUR_MS };

/** Failed logins per IP address. */
export const loginPerIp = (config: Config): Limit => ({
  bucket: 'login-ip',
  limit: config.rateLimitIpPerHour,
  windowMs: HOUR_MS,
});

/** Sign-up attempts per email. */
export const registerPerEmail: Limit = { bucket: 'register-email', limit: 10, windowMs: HOUR_MS };

/** Sign-up attempts per IP address. */
export const registerPerIp = (config: Config): Limit => ({
  bucket: 'register-ip',
  limit: config.rateLimitIpPerHour,
  windowMs: HOUR_MS,
});
