import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OCR_PATH, OCR_UPLOAD_PATH } from '@shared/ocr-api';
import { signedInClient } from './fakes/besties';
import { heldReader, postImage, smallPng, textImage } from './fakes/ocr';
import type { HeldReader } from './fakes/ocr';
import type { Answer, TestServer } from './harness';
import { startTestServer } from './harness';

/*
 * One free account must not freeze the server. A small PNG declaring 6300 × 6300 pixels,
 * decoded to full size with its regions found on the event loop, would stall /api/health and
 * take gigabytes of memory. So reads run on a small pool of threads, shrunk while decoded, and
 * images are admitted two per user and a few in all.
 */

/** Polls GET /api/health every ~20 ms while `work` runs; answers the slowest answer's ms. */
async function slowestHealthDuring(server: TestServer, work: Promise<unknown>): Promise<number> {
  let done = false;
  void work.finally(() => {
    done = true;
  });
  let slowest = 0;
  while (!done) {
    const started = performance.now();
    const answer = await fetch(`${server.url}/api/health`);
    await answer.arrayBuffer();
    expect(answer.status).toBe(200);
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await work;
  return slowest;
}

/** A real 6300 × 6300 PNG of one colour: tens of kilobytes, 40 megapixels once decoded. */
const hugePlainPng = () =>
  sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status).sort();

describe('OCR under load, with the real tesseract.js reader', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { OCR_THREADS: '1', OCR_QUEUE: '4' } });
  });
  afterAll(() => server.stop());

  it('keeps /api/health answering while two users send 6300 × 6300 PNGs', async () => {
    const bomb = await hugePlainPng();
    expect(bomb.length).toBeLessThan(200_000);
    const [first, second] = await Promise.all([
      signedInClient(server, 'huge-1'),
      signedInClient(server, 'huge-2'),
    ]);
    const uploads = Promise.all([
      postImage(first.client, OCR_PATH, { bytes: bomb }),
      postImage(first.client, OCR_PATH, { bytes: bomb }),
      postImage(second.client, OCR_PATH, { bytes: bomb }),
    ]);
    const slowest = await slowestHealthDuring(server, uploads);
    // Before: over 4 s for one such image. The strict figure (200 ms at p99) is the bench's.
    expect(slowest).toBeLessThan(1000);
    const answers = await uploads;
    expect(statuses(answers)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(answer.body.text).toBe('');
  }, 120_000);

  it('still reads a normal screenshot, shrunk or not', async () => {
    const { client } = await signedInClient(server, 'normal');
    const lines = ['Are we still on for Friday?', 'Meet me at seven'];
    const answer = await postImage(client, OCR_PATH, { bytes: await textImage(lines) });
    expect(answer.status).toBe(200);
    expect(answer.body.text).toBe(lines.join('\n'));
    expect(answer.body.confidence).toBeGreaterThan(0.5);
  }, 60_000);
});

describe('OCR admission', () => {
  let reader: HeldReader;
  let server: TestServer;
  beforeAll(async () => {
    reader = heldReader();
    // Two threads and one queue place: three images in work at most, from everyone.
    server = await startTestServer({ ocr: reader, env: { OCR_THREADS: '2', OCR_QUEUE: '1' } });
  });
  afterAll(() => server.stop());

  it('reads at most two of her images at once: the third is 503 busy with Retry-After', async () => {
    const { client } = await signedInClient(server, 'three-at-once');
    const png = await smallPng();
    const uploads = [0, 1, 2].map(() => postImage(client, OCR_PATH, { bytes: png }));
    const refused = await Promise.race(uploads);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.body).toEqual({
      code: 'busy',
      message: 'Your other images are still being read. Please try again in a moment.',
    });
    await reader.whenHolding(2);
    reader.letGo();
    expect(statuses(await Promise.all(uploads))).toEqual([200, 200, 503]);
    // Her places came back: two more at once are both read.
    const again = [0, 1].map(() => postImage(client, OCR_PATH, { bytes: png }));
    await reader.whenHolding(2);
    reader.letGo();
    expect(statuses(await Promise.all(again))).toEqual([200, 200]);
  });

  it('refuses past the threads and their queue with 503 busy, whoever sends', async () => {
    const users = await Promise.all([1, 2, 3, 4].map((n) => signedInClient(server, `user-${n}`)));
    const png = await smallPng();
    const held = users
      .slice(0, 3)
      .map(({ client }) => postImage(client, OCR_UPLOAD_PATH, { bytes: png }));
    await reader.whenHolding(3);
    const refused = await postImage(users[3]!.client, OCR_PATH, { bytes: png });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.body).toEqual({
      code: 'busy',
      message: 'The server is busy. Please try again in a moment.',
    });
    reader.letGo();
    expect(statuses(await Promise.all(held))).toEqual([201, 201, 201]);
    const later = postImage(users[3]!.client, OCR_PATH, { bytes: png });
    await reader.whenHolding(1);
    reader.letGo();
    expect((await later).status).toBe(200);
  });

  it('stops the read of a client that goes away and gives her place back', async () => {
    const { client } = await signedInClient(server, 'goes-away');
    const png = await smallPng();
    const leaving = new AbortController();
    const gone = postImage(client, OCR_PATH, { bytes: png }, {}, { signal: leaving.signal });
    const staying = postImage(client, OCR_PATH, { bytes: png });
    await reader.whenHolding(2);
    const stoppedBefore = reader.stopped;
    leaving.abort();
    await expect(gone).rejects.toThrow();
    await expect.poll(() => reader.stopped).toBe(stoppedBefore + 1);
    // One of her two places is free again while the other read still waits.
    const next = postImage(client, OCR_PATH, { bytes: png });
    await reader.whenHolding(2);
    reader.letGo();
    expect(statuses(await Promise.all([staying, next]))).toEqual([200, 200]);
  });

  it('gives the place back when the image is refused', async () => {
    const { client } = await signedInClient(server, 'not-images');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await postImage(client, OCR_PATH, { bytes: 'not an image' });
      expect(answer.status).toBe(415);
    }
    const answer = postImage(client, OCR_PATH, { bytes: await smallPng() });
    await reader.whenHolding(1);
    reader.letGo();
    expect((await answer).status).toBe(200);
  });
});
