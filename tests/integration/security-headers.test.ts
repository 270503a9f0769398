import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer, TestServer } from './harness';
import {
  cookieAttributes,
  makeDataDir,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  sessionCookieOf,
  startTestServer,
} from './harness';

const THEME_SCRIPT = "document.documentElement.dataset.theme = 'dark';";
const OTHER_SCRIPT = "document.documentElement.dataset.theme = 'light'; // rebuilt";
const page = (inline: string) =>
  `<!doctype html><html><head><script>${inline}</script>` +
  '<script type="module" crossorigin src="/assets/app-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
const STRIPE_HOST = /stripe/i;
const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };

/** A directive's sources by name, e.g. `{ 'script-src': ["'self'", ...] }`. */
function policyOf(answer: Answer): Record<string, string[]> {
  const header = answer.headers.get('content-security-policy');
  expect(header, 'Content-Security-Policy').toBeTruthy();
  const directives: Record<string, string[]> = {};
  for (const directive of (header ?? '').split(';')) {
    const [name = '', ...sources] = directive.trim().split(/\s+/);
    if (name) directives[name] = sources;
  }
  return directives;
}

/** A built PWA in a fresh DATA_DIR: index.html with an inline script, a bundle and its map. */
async function builtApp(): Promise<{ dataDir: string; dist: string }> {
  const dataDir = await makeDataDir();
  const dist = path.join(dataDir, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), page(THEME_SCRIPT));
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("besties")');
  await writeFile(
    path.join(dist, 'assets', 'app-abc123.js.map'),
    '{"version":3,"sources":["../app/secret-source.tsx"]}',
  );
  return { dataDir, dist };
}

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  const { dataDir, dist } = await builtApp();
  return startTestServer({ dataDir, env: { STATIC_DIR: dist, ...env } });
}

describe('security headers on plain http, with test payments', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.stop());

  it("gives the app a policy of its own origin, its theme script's hash and tesseract's needs", async () => {
    const policy = policyOf(await server.client().get('/'));
    expect(policy).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", hashOf(THEME_SCRIPT), "'wasm-unsafe-eval'"],
      'worker-src': ["'self'", 'blob:'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'frame-src': ["'none'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
    });
  });

  it('never allows inline scripts or eval in general, nor any Stripe host without Stripe keys', async () => {
    for (const route of ['/', '/chat/123', '/settings', '/nope']) {
      const answer = await server.client().get(route);
      const scripts = policyOf(answer)['script-src'];
      expect(scripts, route).not.toContain("'unsafe-inline'");
      expect(scripts, route).not.toContain("'unsafe-eval'");
      expect(answer.headers.get('content-security-policy'), route).not.toMatch(STRIPE_HOST);
      expect(answer.headers.get('permissions-policy'), route).toContain('payment=()');
    }
  });

  it.each(['/', '/chat/123', '/assets/app-abc123.js', '/api/config', '/api/user', '/api/nope'])(
    'sends the browser-side protections on %s',
    async (route) => {
      const answer = await server.client().get(route);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      const permissions = answer.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'usb', 'payment']) {
        expect(permissions).toContain(`${feature}=()`);
      }
      expect(policyOf(answer)['frame-ancestors']).toEqual(["'none'"]);
      // HSTS over plain http would be ignored at best and lock a local setup out at worst.
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('lets API answers (JSON, errors) load nothing at all, and never be cached', async () => {
    for (const route of ['/api/config', '/api/user', '/api/nope']) {
      const answer = await server.client().get(route);
      expect(policyOf(answer), route).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'none'"],
      });
      expect(answer.headers.get('cache-control'), route).toBe('no-store');
    }
  });

  it('follows a rebuilt index.html: the new inline script is allowed, the old one no longer', async () => {
    const index = path.join(server.config.staticDir, 'index.html');
    await writeFile(index, page(OTHER_SCRIPT));
    try {
      const scripts = policyOf(await server.client().get('/'))['script-src'];
      expect(scripts).toContain(hashOf(OTHER_SCRIPT));
      expect(scripts).not.toContain(hashOf(THEME_SCRIPT));
    } finally {
      await writeFile(index, page(THEME_SCRIPT));
    }
  });

  it.each(['/assets/app-abc123.js.map', '/assets/app-abc123.js%2emap'])(
    'never serves a source map (%s is a 404)',
    async (route) => {
      const answer = await server.client().get(route);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('secret-source');
    },
  );

  it('still serves the bundle the map belongs to', async () => {
    const answer = await server.client().get('/assets/app-abc123.js');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('console.log("besties")');
  });

  it('names the session cookie besties_session, without Secure, and reads it back', async () => {
    const client = server.client();
    const answer = await client.post('/api/register', {
      email: 'lia@example.com',
      password: 'lia-password',
    });
    expect(answer.status).toBe(201);
    const cookie = sessionCookieOf(answer) ?? '';
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    expect(cookieAttributes(cookie)).not.toHaveProperty('secure');
    expect((await client.get('/api/user')).status).toBe(200);
  });
});

describe('security headers with Stripe configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start(STRIPE_KEYS);
  });
  afterAll(() => server.stop());

  it("allows Stripe.js's script, its frames and its API, and nothing else of Stripe's", async () => {
    const policy = policyOf(await server.client().get('/'));
    expect(policy['script-src']).toEqual([
      "'self'",
      hashOf(THEME_SCRIPT),
      "'wasm-unsafe-eval'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(policy['frame-src']).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it("lets Stripe's frame ask for payment (Permissions-Policy)", async () => {
    const answer = await server.client().get('/');
    expect(answer.headers.get('permissions-policy')).toContain(
      'payment=(self "https://js.stripe.com")',
    );
  });

  it('keeps Stripe out of API answers', async () => {
    const answer = await server.client().get('/api/config');
    expect(answer.body).toEqual({ payments: { provider: 'stripe', publishableKey: 'pk_test_x' } });
    expect(answer.headers.get('content-security-policy')).not.toMatch(STRIPE_HOST);
  });
});

describe('security headers behind https (PUBLIC_URL=https://besties.example)', () => {
  const ORIGIN = { Origin: 'https://besties.example' };
  let server: TestServer;
  beforeAll(async () => {
    server = await start({ PUBLIC_URL: 'https://besties.example' });
  });
  afterAll(() => server.stop());

  it.each(['/', '/api/config', '/api/nope'])(
    'tells browsers to use https only (%s)',
    async (route) => {
      const answer = await server.client().get(route);
      expect(answer.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
    },
  );

  it('sets the session as a __Host- cookie: Secure, Path=/, no Domain, HttpOnly', async () => {
    const client = server.client();
    const answer = await client.post(
      '/api/register',
      { email: 'ria@example.com', password: 'ria-password' },
      ORIGIN,
    );
    expect(answer.status).toBe(201);
    const cookie = sessionCookieOf(answer) ?? '';
    expect(cookie.startsWith(`${SECURE_SESSION_COOKIE}=`)).toBe(true);
    expect(answer.setCookies.some((set) => set.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    const attributes = cookieAttributes(cookie);
    expect(attributes).toHaveProperty('secure');
    expect(attributes).toHaveProperty('httponly');
    expect(attributes.path).toBe('/');
    expect(attributes).not.toHaveProperty('domain');
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('sets the device cookie as a __Host- cookie too: Secure, Path=/, no Domain, HttpOnly', async () => {
    const answer = await server
      .client()
      .post('/api/register', { email: 'pia@example.com', password: 'pia-password' }, ORIGIN);
    expect(answer.status).toBe(201);
    const cookie = answer.setCookies.find((set) => set.startsWith('__Host-besties_device=')) ?? '';
    const attributes = cookieAttributes(cookie);
    expect(attributes).toHaveProperty('secure');
    expect(attributes).toHaveProperty('httponly');
    expect(attributes.samesite).toBe('Lax');
    expect(attributes.path).toBe('/');
    expect(attributes).not.toHaveProperty('domain');
  });

  it('reads the session only under its __Host- name, and clears it there on logout', async () => {
    const client = server.client();
    await client.post(
      '/api/register',
      { email: 'sia@example.com', password: 'sia-password' },
      ORIGIN,
    );
    const id = client.cookies.get(SECURE_SESSION_COOKIE) ?? '';
    expect(id).not.toBe('');

    const plainName = server.client();
    plainName.cookies.set(SESSION_COOKIE, id);
    expect((await plainName.get('/api/user')).status).toBe(401);

    const logout = await client.post('/api/logout', undefined, ORIGIN);
    const cleared = sessionCookieOf(logout) ?? '';
    expect(cleared.startsWith(`${SECURE_SESSION_COOKIE}=;`)).toBe(true);
    expect(cookieAttributes(cleared)['max-age']).toBe('0');
    expect(cookieAttributes(cleared)).toHaveProperty('secure');
    expect((await client.get('/api/user')).status).toBe(401);
  });
});
