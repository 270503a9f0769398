import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import {
  DEFAULT_HASHING,
  DUMMY_PASSWORD_HASH,
  hashPassword,
  limitPasswordHashing,
  verifyPassword,
} from './password';

describe('password hashing', () => {
  it('stores scrypt with its parameters, a 32-byte salt and a 64-byte key', async () => {
    const hash = await hashPassword('bestie-pass');
    const [scheme, n, r, p, salt = '', key = ''] = hash.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(32);
    expect(Buffer.from(key, 'base64')).toHaveLength(64);
    expect(hash).not.toContain('bestie-pass');
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('bestie-pass');
    expect(await verifyPassword('bestie-pass', hash)).toBe(true);
    expect(await verifyPassword('bestie-pasS', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('treats visually equal Unicode spellings as the same password', async () => {
    const hash = await hashPassword('caf\u00e9!');
    expect(await verifyPassword('cafe\u0301!', hash)).toBe(true);
  });

  it('never matches a malformed or unknown hash', async () => {
    for (const stored of [
      '',
      'plain',
      'bcrypt$x',
      'scrypt$3$8$1$c2FsdA==$a2V5',
      'scrypt$131072$8$1$$',
    ]) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });

  it('has a dummy hash with the real parameters that matches nothing likely', async () => {
    expect(DUMMY_PASSWORD_HASH.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword('', DUMMY_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword('password', DUMMY_PASSWORD_HASH)).toBe(false);
  });
});

describe('password hashing under load', () => {
  afterEach(() => limitPasswordHashing(DEFAULT_HASHING));

  it('refuses a hash past the queue with 503 busy and Retry-After: 1, and hashes again after', async () => {
    limitPasswordHashing({ concurrency: 1, queueLength: 1 });
    const results = await Promise.allSettled([
      hashPassword('first'),
      verifyPassword('second', DUMMY_PASSWORD_HASH),
      hashPassword('third'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const error = (results[2] as PromiseRejectedResult).reason as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(503);
    expect(error.headers).toEqual({ 'Retry-After': '1' });
    expect(error.toBody()).toEqual({
      message: 'The server is busy. Please try again in a moment.',
      code: 'busy',
    });
    expect(await verifyPassword('x', await hashPassword('x'))).toBe(true);
  });
});
