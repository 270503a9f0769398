import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { makeDataDir, startTestServer } from './harness';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  wire: Buffer;
  decoded: string;
}

/** A raw GET: the bytes as they crossed the wire, and the body as the browser decodes it. */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(url), { headers });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded =
          encoding === 'br'
            ? brotliDecompressSync(wire)
            : encoding === 'gzip'
              ? gunzipSync(wire)
              : wire;
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          wire,
          decoded: decoded.toString(),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Asks until the answer is `wireBytes` long (the background compression done), for up to 30 s on a busy machine. */
async function getOnceReady(url: string, encoding: string, wireBytes: number): Promise<RawAnswer> {
  const until = Date.now() + 30_000;
  for (;;) {
    const answer = await rawGet(url, { 'accept-encoding': encoding });
    if (answer.wire.length === wireBytes || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Varied enough that brotli's highest quality beats the per-request one.
const SCRIPT = Array.from(
  { length: 3000 },
  (_, i) =>
    `export const bestie${i} = { id: ${i}, name: 'Bestie ${(i * 7919) % 1000}', mood: ${i % 13} };`,
).join('\n');
const BEST_BROTLI = brotliCompressSync(Buffer.from(SCRIPT), {
  params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
});
const BEST_GZIP = gzipSync(Buffer.from(SCRIPT), { level: constants.Z_BEST_COMPRESSION });

describe('built files compressed once at the highest level', { timeout: 90_000 }, () => {
  let server: TestServer;
  let scriptUrl: string;

  beforeAll(async () => {
    const dataDir = await makeDataDir();
    const dist = path.join(dataDir, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Besties</title>');
    await writeFile(path.join(dist, 'assets', 'index-Ab12Cd.js'), SCRIPT);
    server = await startTestServer({ dataDir, env: { STATIC_DIR: dist } });
    scriptUrl = `${server.url}/assets/index-Ab12Cd.js`;
  });
  afterAll(async () => {
    await server.stop();
  });

  it('sends a hashed script as brotli at its highest quality: the same script in fewer bytes than per request', async () => {
    const first = await rawGet(scriptUrl, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.decoded).toBe(SCRIPT);

    const ready = await getOnceReady(scriptUrl, 'gzip, deflate, br', BEST_BROTLI.length);
    expect(ready.wire.length).toBe(BEST_BROTLI.length);
    expect(ready.wire.length).toBeLessThan(first.wire.length);
    expect(ready.status).toBe(200);
    expect(ready.decoded).toBe(SCRIPT);
    expect(ready.headers['content-encoding']).toBe('br');
    expect(ready.headers['content-type']).toMatch(/javascript/);
    expect(ready.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(ready.headers.vary).toMatch(/Accept-Encoding/i);
    expect(ready.headers['content-security-policy']).toBeDefined();
  });

  it('sends gzip at its highest level to a browser that takes only gzip', async () => {
    const ready = await getOnceReady(scriptUrl, 'gzip', BEST_GZIP.length);
    expect(ready.headers['content-encoding']).toBe('gzip');
    expect(ready.wire.length).toBe(BEST_GZIP.length);
    expect(ready.decoded).toBe(SCRIPT);
  });

  it('sends the script as it is to a browser that takes no compression', async () => {
    await getOnceReady(scriptUrl, 'br', BEST_BROTLI.length);
    const plain = await rawGet(scriptUrl, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.wire.toString()).toBe(SCRIPT);
  });

  it('still answers a missing hashed file with the app (404), not a compressed nothing', async () => {
    const missing = await rawGet(`${server.url}/assets/gone-Zz99.js`, { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.decoded).toContain('<title>Besties</title>');
  });
});
