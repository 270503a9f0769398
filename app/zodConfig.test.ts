import { describe, expect, it, vi } from 'vitest';

describe('zod without eval (app/zodConfig.ts)', () => {
  it('is jitless once the app has started, before zod itself loads', async () => {
    vi.resetModules();
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    await import('./zodConfig');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);

    // No probe for eval, and none used, while a schema parses (the CSP would report each).
    const makeFunction = vi.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    const schema = z.object({ email: z.string(), tags: z.array(z.string()) });
    expect(schema.parse({ email: 'a@b.c', tags: ['x'] })).toEqual({ email: 'a@b.c', tags: ['x'] });
    expect(makeFunction).not.toHaveBeenCalled();
    makeFunction.mockRestore();
  });
});
