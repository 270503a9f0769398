import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { makeDataDir, startTestServer } from './harness';

const INDEX = '<!doctype html><title>Besties</title><div id="root"></div>';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A raw GET, so the path reaches the server exactly as written (fetch would normalise it). */
function rawGet(url: string, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(url), { path: rawPath }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving the built PWA', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dataDir = await makeDataDir();
    const dist = path.join(dataDir, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("besties")');
    await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Besties"}');
    server = await startTestServer({ dataDir, env: { STATIC_DIR: dist } });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('caches hashed assets for a year', async () => {
    const answer = await server.client().get('/assets/app-abc123.js');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('console.log("besties")');
    expect(answer.headers.get('content-type')).toMatch(/javascript/);
    expect(answer.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it.each([
    ['/', /text\/html/],
    ['/index.html', /text\/html/],
    ['/sw.js', /javascript/],
    ['/manifest.webmanifest', /manifest\+json/],
  ])('revalidates %s (no-cache)', async (file, type) => {
    const answer = await server.client().get(file);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(type);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(['/chat/123', '/chat', '/auth', '/settings/', '/reset-password'])(
    'answers the app route %s with index.html and 200',
    async (route) => {
      const answer = await server.client().get(`${route}?token=abc`);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(INDEX);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it.each(['/nope', '/chat/1/2', '/assets/missing.js', '/assets'])(
    'answers %s with index.html and 404, so the app shows its not-found page',
    async (route) => {
      const answer = await server.client().get(route);
      expect(answer.status).toBe(404);
      expect(answer.text).toBe(INDEX);
    },
  );

  it('answers HEAD like GET, without a body', async () => {
    const answer = await server.client().request('HEAD', '/chat/123');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
  });

  it('keeps unknown /api paths JSON', async () => {
    const answer = await server.client().get('/api/nope');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('never serves files outside STATIC_DIR or hidden files', async () => {
    for (const rawPath of [
      '/../session-secret',
      '/..%2fsession-secret',
      '/%2e%2e/session-secret',
    ]) {
      const answer = await rawGet(server.url, rawPath);
      expect(answer.status, rawPath).toBe(404);
      expect(answer.body, rawPath).toBe(INDEX);
    }
    await writeFile(path.join(server.config.staticDir, '.env'), 'SECRET=1');
    const hidden = await server.client().get('/.env');
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toContain('SECRET');
  });
});

describe('before the PWA is built', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it("answers app routes with a 503 'run npm start' page", async () => {
    const answer = await server.client().get('/auth');
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.text).toBe('Besties has not been built yet: run npm start');
  });

  it('answers other paths with 404', async () => {
    expect((await server.client().get('/nope')).status).toBe(404);
  });
});
