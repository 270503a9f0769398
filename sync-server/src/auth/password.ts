import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';
import { serverBusy } from '../http/errors';
import { createTaskQueue } from './hashQueue';
import type { QueueSizes, TaskQueue } from './hashQueue';

/** scrypt cost: N=2^17, r=8, p=1 needs 128 MiB per hash, so maxmem is set above it. */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const MAXMEM = 256 * 1024 * 1024;
const SALT_BYTES = 32;
const KEY_BYTES = 64;

/**
 * A hash of a random password nobody knows, with the same parameters as real ones: login
 * verifies against it when the email is unknown, so both failures cost the same time.
 */
export const DUMMY_PASSWORD_HASH =
  'scrypt$131072$8$1$M2r77ROqtTs1YX90fxAE/3PN7s/QLVg9FM88jBuMqHg=$dTahvJQid1VYLRWAAfCw8vIByjHbil2mbc6fdVHQuaOEDvUFUyDm9JYF4Rv4/omVyAFVP2NV+1rf+3+B2nwm5w==';

export const DEFAULT_HASHING: QueueSizes = { concurrency: 2, queueLength: 16 };

/**
 * Every hash this process computes (sign-up, login, reset, account deletion) waits its turn
 * here: each takes 128 MiB and a core for a while, so a burst of logins must not run them all
 * at once. One queue per process, because the memory and cores it guards are the process's.
 */
let hashing: TaskQueue = createTaskQueue(DEFAULT_HASHING, serverBusy);

/**
 * Sets how many hashes run at once and how many may wait (HASH_CONCURRENCY, HASH_QUEUE);
 * past that, hashing fails at once with a 503 `busy` (Retry-After: 1). Hashes already
 * running or waiting finish in the queue they joined.
 */
export function limitPasswordHashing(sizes: QueueSizes): void {
  hashing = createTaskQueue(sizes, serverBusy);
}

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return hashing.run(() => scryptKey(password, salt, keyLength, options));
}

function scryptKey(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { ...options, maxmem: MAXMEM },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * `scrypt$N$r$p$salt$hash` (salt and hash in base64), so parameters can change later. Throws
 * `serverBusy()` when too many hashes are already running and waiting.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await derive(password, salt, KEY_BYTES, SCRYPT_PARAMS);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface StoredHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseStoredHash(stored: string): StoredHash | undefined {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || rest.length > 0 || !salt || !key) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(Math.log2(params.N)) &&
    params.N >= 2 ** 14 &&
    [params.r, params.p].every((value) => Number.isInteger(value) && value >= 1 && value <= 16) &&
    128 * params.N * params.r < MAXMEM;
  if (!sane) return undefined;
  return { ...params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

/**
 * Compares in constant time; a malformed stored hash never matches. Throws `serverBusy()` when
 * too many hashes are already running and waiting.
 */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return hashing.run(() => compare(password, stored));
}

/**
 * Runs `attempt` in a turn of the hash queue, with what checks a password in that turn: a
 * login counts its attempt only once it holds a turn, so an attempt past the queue is refused
 * (`serverBusy()`, thrown at once) before anything is counted.
 */
export function withHashingTurn<T>(
  attempt: (verify: (password: string, stored: string) => Promise<boolean>) => Promise<T>,
): Promise<T> {
  return hashing.run(() => attempt(compare));
}

async function compare(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const { N, r, p, salt, key } = parsed;
  const candidate = await scryptKey(password, salt, key.length, { N, r, p });
  return timingSafeEqual(candidate, key);
}
