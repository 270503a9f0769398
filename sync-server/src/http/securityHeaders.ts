import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import type { Config } from '../config';
import { isApiPath } from './types';

export type SecurityConfig = Pick<Config, 'publicUrl' | 'staticDir' | 'stripePublishableKey'>;

/** Stripe.js's hosts (Stripe's CSP guide), allowed only while Stripe takes the payments. */
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = [
  'https://js.stripe.com',
  'https://*.js.stripe.com',
  'https://hooks.stripe.com',
];
const STRIPE_API = ['https://api.stripe.com'];

/** JSON, event streams and downloads load nothing and may be framed by nobody. */
export const API_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Powerful features the app never uses, turned off for it and anything it could embed. */
const UNUSED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'serial',
  'usb',
];

/** `'sha256-…'` of each inline `<script>` (one without `src`), hashed exactly as written. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
  )) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The app's policy. Scripts: our own files, the hashed theme script in index.html, and
 * 'wasm-unsafe-eval' for tesseract's WebAssembly core; tesseract.js starts its worker from a
 * blob: URL (worker-src). Styles allow inline because Radix's dialogs add a <style> element
 * (react-remove-scroll) with no nonce; see SECURITY.md.
 */
export function appPolicy(props: { scriptHashes: string[]; stripe: boolean }): string {
  const { scriptHashes, stripe } = props;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      ["'self'", ...scriptHashes, "'wasm-unsafe-eval'", ...(stripe ? STRIPE_SCRIPTS : [])],
    ],
    ['worker-src', ["'self'", 'blob:']],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...(stripe ? STRIPE_API : [])]],
    ['frame-src', stripe ? STRIPE_FRAMES : ["'none'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export function permissionsPolicy(stripe: boolean): string {
  const payment = stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()';
  return [...UNUSED_FEATURES.map((feature) => `${feature}=()`), payment].join(', ');
}

/**
 * The hashes of the served index.html's inline scripts, read again whenever the file changes
 * (a new build), so the policy and the page can never disagree.
 */
function servedIndexHashes(staticDir: string): () => string[] {
  const file = path.join(staticDir, 'index.html');
  let cached: { mtimeMs: number; size: number; hashes: string[] } | undefined;
  return () => {
    let stats: Stats;
    try {
      stats = statSync(file);
    } catch {
      return [];
    }
    if (!cached || cached.mtimeMs !== stats.mtimeMs || cached.size !== stats.size) {
      cached = {
        mtimeMs: stats.mtimeMs,
        size: stats.size,
        hashes: inlineScriptHashes(readFileSync(file, 'utf8')),
      };
    }
    return cached.hashes;
  };
}

export function securityHeaders(config: SecurityConfig): Middleware {
  const stripe = config.stripePublishableKey !== undefined;
  const https = config.publicUrl.startsWith('https:');
  const scriptHashes = servedIndexHashes(config.staticDir);
  const permissions = permissionsPolicy(stripe);
  return async (ctx, next) => {
    const api = isApiPath(ctx.path);
    ctx.set({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': permissions,
      'Content-Security-Policy': api
        ? API_POLICY
        : appPolicy({ scriptHashes: scriptHashes(), stripe }),
    });
    // Only a site reached over https may tell browsers to insist on it.
    if (https) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // Account answers must never sit in a browser, proxy or service-worker cache.
    if (api) ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
