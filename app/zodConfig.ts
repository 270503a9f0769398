/**
 * Imported first by main.tsx. Zod compiles its object parsers with `new Function` when it can,
 * and probes for that with `Function('')`; the page's Content-Security-Policy (no
 * 'unsafe-eval') refuses it, and every probe would be reported as a violation. Jitless zod
 * parses the same, without eval.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` (what `config()` of `zod/v4/core`
 * writes, shared by every copy of zod): set there, the setting is in place before zod itself
 * loads, with the screens that validate, and the first paint carries none of zod.
 * zodConfig.test.ts holds zod to it.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
export {};
