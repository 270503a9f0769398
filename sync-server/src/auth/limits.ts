import type { Config } from '../config';
import type { Limit } from '../http/rateLimit';
import { fromAddress } from '../http/rateLimit';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Failed logins for one email from all addresses together: a ceiling that caps a guess spread
 * over many addresses (LOGIN_FAILURES_PER_EMAIL_PER_HOUR, 100 by default). Resetting it (as a
 * password reset does) also forgets her counts from each address below.
 */
export const loginPerEmail: Limit = { bucket: 'login-email', limit: 100, windowMs: HOUR_MS };

export const loginPerEmailCeiling = (config: Config): Limit => ({
  ...loginPerEmail,
  limit: config.loginFailuresPerEmailPerHour,
});

/**
 * Failed logins for one email from one address: the 11th within an hour from there is refused,
 * so another address cannot lock her out of logging in from her own.
 */
export const loginPerEmailFromAddress = (address: string): Limit =>
  fromAddress({ ...loginPerEmail, limit: 10 }, address);

/**
 * Failed logins from a device she signed in from before (its device cookie): there they take
 * the place of the email's limits above, which strangers can use up.
 */
export const loginPerDevice: Limit = { bucket: 'login-device', limit: 10, windowMs: HOUR_MS };

/** Failed logins from one address, whatever the email. */
export const loginPerIp = (config: Config): Limit => ({
  bucket: 'login-ip',
  limit: config.rateLimitIpPerHour,
  windowMs: HOUR_MS,
});

/** Every login request from one address, right or wrong (most cost a password hash). */
export const loginAttemptsPerIp: Limit = {
  bucket: 'login-attempts-ip',
  limit: 60,
  windowMs: 15 * MINUTE_MS,
};

/** Sign-up attempts per email. */
export const registerPerEmail: Limit = { bucket: 'register-email', limit: 10, windowMs: HOUR_MS };

/** Sign-up attempts per IP address. */
export const registerPerIp = (config: Config): Limit => ({
  bucket: 'register-ip',
  limit: config.rateLimitIpPerHour,
  windowMs: HOUR_MS,
});
