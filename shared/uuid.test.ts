import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uuidv7 } from './uuid';

describe('uuidv7', () => {
  it('makes RFC 9562 version-7 UUIDs, which the API takes as ids', () => {
    const id = uuidv7();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
  });

  it('starts with the time in milliseconds, so later ids sort after earlier ones', () => {
    const t = Date.UTC(2026, 10, 28, 3, 30);
    expect(uuidv7(t).replace('-', '').slice(0, 12)).toBe(t.toString(16).padStart(12, '0'));
    const ids = Array.from({ length: 300 }, (_, step) => uuidv7(t + step));
    expect([...ids].sort()).toEqual(ids);
  });

  it('gives ids made in the same millisecond their own random bits', () => {
    const t = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => uuidv7(t)));
    expect(ids.size).toBe(10_000);
  });
});
