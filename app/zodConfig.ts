import { config } from 'zod/v4/core';

/**
 * Imported first by main.tsx. Zod compiles its object parsers with `new Function` when it can,
 * and probes for that with `Function('')`; the page's Content-Security-Policy (no
 * 'unsafe-eval') refuses it, and every probe would be reported as a violation. Jitless zod
 * parses the same, without eval. The setting is global (every zod import shares it), and
 * `zod/v4/core`'s `config` alone is a few hundred bytes: zod itself loads with the screens
 * that validate.
 */
config({ jitless: true });
