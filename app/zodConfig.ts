import { z } from 'zod';

/**
 * Imported first by main.tsx. Zod compiles its object parsers with `new Function` when it can,
 * and probes for that with `Function('')`; the page's Content-Security-Policy (no
 * 'unsafe-eval') refuses it, and every probe would be reported as a violation. Jitless zod
 * parses the same, without eval.
 */
z.config({ jitless: true });
