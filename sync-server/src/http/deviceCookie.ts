import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../deps';
import { isHttps, ownCookie } from './cookies';
import type { AppContext } from './types';

/** The device cookie's name on plain http; `__Host-` over https, as the session cookie's. */
export const DEVICE_COOKIE = 'besties_device';
export const SECURE_DEVICE_COOKIE = `__Host-${DEVICE_COOKIE}`;
/** A device stays known for a year after she last signed in on it. */
const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;
const DEVICE_ID_BYTES = 16;
const VALUE_SHAPE = /^([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** A device she has signed in from before: its id is what its failed logins count under. */
export interface KnownDevice {
  userId: string;
  id: string;
}

const cookieName = (deps: Deps) => (isHttps(deps) ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE);

const macOf = (secret: string, userId: string, id: string) =>
  createHmac('sha256', secret).update(`device ${userId}.${id}`).digest();

/**
 * Marks the browser as one she signed in from (OWASP's device cookie): signed with the session
 * secret, so nobody else can make one for her account. Nothing is stored on the server.
 */
export function rememberDevice(deps: Deps, ctx: AppContext, userId: string): void {
  const id = randomBytes(DEVICE_ID_BYTES).toString('base64url');
  const mac = macOf(deps.config.sessionSecret, userId, id).toString('base64url');
  ctx.append('Set-Cookie', deviceCookie(deps, `${userId}.${id}.${mac}`, DEVICE_LIFETIME_SECONDS));
}

/** Clears the device cookie: it names an account that is gone. */
export function forgetDevice(deps: Deps, ctx: AppContext): void {
  ctx.append('Set-Cookie', deviceCookie(deps, '', 0));
}

const deviceCookie = (deps: Deps, value: string, maxAgeSeconds: number) =>
  ownCookie(deps, cookieName(deps), value, maxAgeSeconds);

/** The device the request's cookie proves, or undefined (none, malformed or not signed by us). */
export function knownDeviceOf(deps: Deps, ctx: AppContext): KnownDevice | undefined {
  const match = VALUE_SHAPE.exec(ctx.cookies.get(cookieName(deps)) ?? '');
  if (!match) return undefined;
  const [, userId = '', id = '', mac = ''] = match;
  const expected = macOf(deps.config.sessionSecret, userId, id);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId, id };
}
