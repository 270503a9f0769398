import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, OCR_PATH, OCR_UPLOAD_PATH } from '@shared/ocr-api';
import { signedInClient } from './fakes/besties';
import { createChat, deleteChat, pullAll, push } from './fakes/sync';
import { fakeReader, getBytes, pixelBombPng, postImage, smallPng } from './fakes/ocr';
import type { TestServer } from './harness';
import { startTestServer } from './harness';

const reader = fakeReader();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ ocr: reader });
});
afterAll(() => server.stop());

const NOT_AN_IMAGE = {
  message: 'Please select an image file (PNG, JPG, GIF)',
  code: 'unsupported_media_type',
};
const storedFiles = (userId: string) => {
  const dir = path.join(server.dataDir, 'images', userId);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('uploads are untrusted', () => {
  it("refuses an SVG named .png with Content-Type image/png: 415 'Please select an image file (PNG, JPG, GIF)'", async () => {
    const { client, userId } = await signedInClient(server, 'svg');
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const answer = await postImage(client, OCR_UPLOAD_PATH, {
      bytes: svg,
      filename: 'cat.png',
      type: 'image/png',
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual(NOT_AN_IMAGE);
    expect(storedFiles(userId)).toEqual([]);
  });

  it('refuses an HTML file named .png with Content-Type image/png with the same 415', async () => {
    const { client } = await signedInClient(server, 'html');
    const reads = reader.reads;
    const answer = await postImage(client, OCR_PATH, {
      bytes: '<!doctype html><html><body><script>alert(1)</script></body></html>',
      filename: 'screenshot.png',
      type: 'image/png',
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual(NOT_AN_IMAGE);
    expect(reader.reads).toBe(reads);
  });

  it('refuses a file that starts like a PNG but is not one (415)', async () => {
    const { client } = await signedInClient(server, 'fake-png');
    const bytes = Buffer.concat([(await smallPng()).subarray(0, 16), Buffer.from('garbage')]);
    const answer = await postImage(client, OCR_UPLOAD_PATH, { bytes });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual(NOT_AN_IMAGE);
  });

  it("refuses more than 10 MB with 413 'Image must be 10 MB or smaller'", async () => {
    const { client, userId } = await signedInClient(server, 'big');
    const png = await smallPng();
    const bytes = Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES + 1 - png.length)]);
    const answer = await postImage(client, OCR_UPLOAD_PATH, { bytes });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      message: 'Image must be 10 MB or smaller',
      code: 'payload_too_large',
    });
    expect(storedFiles(userId)).toEqual([]);
  });

  it('refuses more than 10 MB with the same 413 while it streams, with no Content-Length', async () => {
    const { client, userId } = await signedInClient(server, 'stream');
    const boundary = 'besties-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n`;
    const chunks = [Buffer.from(head), await smallPng()];
    for (let sent = 0; sent <= IMAGE_MAX_BYTES; sent += 256 * 1024)
      chunks.push(Buffer.alloc(256 * 1024));
    chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    });
    const response = await fetch(new URL(OCR_UPLOAD_PATH, server.url), {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        cookie: client.cookieHeader(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      message: 'Image must be 10 MB or smaller',
      code: 'payload_too_large',
    });
    expect(storedFiles(userId)).toEqual([]);
  });

  it('refuses a pixel bomb (a 400-byte PNG declaring 20000×20000) before decoding it: 413', async () => {
    const { client } = await signedInClient(server, 'bomb');
    const bomb = pixelBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(2000);
    const started = performance.now();
    const answer = await postImage(client, OCR_PATH, { bytes: bomb });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      message: 'Image must be 40 megapixels or smaller',
      code: 'payload_too_large',
    });
    // Decoding 400 megapixels would take seconds and gigabytes; reading a header does not.
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('asks for a file in the image field (400) and for multipart (415)', async () => {
    const { client } = await signedInClient(server, 'empty');
    const none = await postImage(client, OCR_UPLOAD_PATH, null, { analysisType: 'general' });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      code: 'validation_error',
      fields: { image: 'Please select an image file (PNG, JPG, GIF)' },
    });
    const json = await client.post(OCR_UPLOAD_PATH, { image: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('unsupported_media_type');
  });

  it('re-encodes a JPEG without its EXIF and GPS metadata, under a name the server made', async () => {
    const { client, userId } = await signedInClient(server, 'exif');
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#336699' },
    })
      .jpeg()
      .withMetadata({
        exif: {
          IFD0: { Copyright: 'SECRET-OWNER', ImageDescription: 'SECRET-PLACE' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '51/1 30/1 0/1',
            GPSLongitudeRef: 'W',
            GPSLongitude: '0/1 7/1 0/1',
          },
        },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes('SECRET-OWNER')).toBe(true);

    const answer = await postImage(client, OCR_UPLOAD_PATH, {
      bytes: jpeg,
      filename: '../../../etc/evil.jpg',
      type: 'image/jpeg',
    });
    expect(answer.status).toBe(201);
    const [file] = storedFiles(userId);
    expect(file).toMatch(/^[A-Za-z0-9_-]{22}\.webp$/);
    const stored = readFileSync(path.join(server.dataDir, 'images', userId, file ?? ''));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes('SECRET-OWNER')).toBe(false);
    expect(stored.includes('SECRET-PLACE')).toBe(false);
    expect(stored.includes('Exif')).toBe(false);

    const served = await getBytes(client, answer.body.imageUrl);
    expect(served.bytes.equals(stored)).toBe(true);
  });

  it('applies the EXIF orientation before dropping it', async () => {
    const { client, userId } = await signedInClient(server, 'rotate');
    const sideways = await sharp({
      create: { width: 60, height: 20, channels: 3, background: '#000' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const answer = await postImage(client, OCR_UPLOAD_PATH, {
      bytes: sideways,
      type: 'image/jpeg',
    });
    expect(answer.status).toBe(201);
    const [file] = storedFiles(userId);
    const meta = await sharp(path.join(server.dataDir, 'images', userId, file ?? '')).metadata();
    expect({ width: meta.width, height: meta.height, orientation: meta.orientation }).toEqual({
      width: 20,
      height: 60,
      orientation: undefined,
    });
  });

  it('accepts PNG, GIF and WebP by their bytes, whatever their name and type say', async () => {
    const { client } = await signedInClient(server, 'formats');
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } });
    for (const bytes of [
      await base.clone().png().toBuffer(),
      await base.clone().gif().toBuffer(),
      await base.clone().webp().toBuffer(),
    ]) {
      const answer = await postImage(client, OCR_UPLOAD_PATH, {
        bytes,
        filename: 'notes.txt',
        type: 'text/plain',
      });
      expect(answer.status).toBe(201);
    }
  });
});

describe('GET /api/images/{id}', () => {
  it('serves the image to its owner only, with its type, nosniff, inline and private caching', async () => {
    const owner = await signedInClient(server, 'owner');
    const upload = await postImage(owner.client, OCR_UPLOAD_PATH, { bytes: await smallPng() });
    const url = upload.body.imageUrl as string;
    expect(url).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{22}$/);

    const mine = await getBytes(owner.client, url);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('content-disposition')).toBe('inline');
    expect(mine.headers.get('cache-control')).toMatch(/^private\b/);
    expect(Number(mine.headers.get('content-length'))).toBe(mine.bytes.length);
    expect((await sharp(mine.bytes).metadata()).format).toBe('png');

    const other = await signedInClient(server, 'other');
    const theirs = await getBytes(other.client, url);
    const visitor = await getBytes(server.client(), url);
    const unknown = await getBytes(owner.client, '/api/images/AAAAAAAAAAAAAAAAAAAAAA');
    const bad = await getBytes(owner.client, '/api/images/..%2F..%2Fdb');
    for (const answer of [theirs, visitor, unknown, bad]) {
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.bytes.toString())).toEqual({
        message: 'Image not found',
        code: 'not_found',
      });
    }
  });

  it('goes when the chat that shows it is deleted, and stays while another of hers shows it', async () => {
    const { client, userId } = await signedInClient(server, 'chat-delete');
    const first = await postImage(client, OCR_UPLOAD_PATH, { bytes: await smallPng() });
    const shared = await postImage(client, OCR_UPLOAD_PATH, { bytes: await smallPng(30, 30) });
    const ocrMessage = (imageUrl: string) => ({
      message: 'Look what he texted me',
      isOCR: true,
      imageUrl,
      extractedText: 'Them: hey',
    });
    const chat = await client.post('/api/chats', {
      id: randomUUID(),
      ...ocrMessage(first.body.imageUrl),
    });
    expect(chat.status).toBe(201);
    await client.post(`/api/chats/${chat.body.id}/messages`, ocrMessage(shared.body.imageUrl));
    const other = await client.post('/api/chats', {
      id: randomUUID(),
      ...ocrMessage(shared.body.imageUrl),
    });
    expect(other.status).toBe(201);
    expect(storedFiles(userId)).toHaveLength(2);

    expect((await client.request('DELETE', `/api/chats/${chat.body.id}`)).status).toBe(204);
    expect((await getBytes(client, first.body.imageUrl)).status).toBe(404);
    expect((await getBytes(client, shared.body.imageUrl)).status).toBe(200);
    await expect.poll(() => storedFiles(userId)).toHaveLength(1);

    expect((await client.request('DELETE', `/api/chats/${other.body.id}`)).status).toBe(204);
    expect((await getBytes(client, shared.body.imageUrl)).status).toBe(404);
    await expect.poll(() => storedFiles(userId)).toEqual([]);
  });

  it('goes when the chat is deleted through a sync push too', async () => {
    const { client, userId } = await signedInClient(server, 'sync-delete');
    const image = await postImage(client, OCR_UPLOAD_PATH, { bytes: await smallPng() });
    const chatId = randomUUID();
    const created = await push(client, [
      {
        id: randomUUID(),
        type: 'createChat',
        chat: {
          id: chatId,
          personaId: 1,
          messageId: randomUUID(),
          message: 'Screenshot',
          isOCR: true,
          imageUrl: image.body.imageUrl,
          extractedText: 'Them: hi',
        },
      },
    ]);
    expect(created.body.results[0].status).toBe('applied');
    expect((await push(client, [deleteChat(chatId)])).body.results[0].status).toBe('applied');
    expect((await getBytes(client, image.body.imageUrl)).status).toBe(404);
    await expect.poll(() => storedFiles(userId)).toEqual([]);
  });

  it("refuses a message naming someone else's image, and her image stays", async () => {
    const victim = await signedInClient(server, 'victim');
    const image = await postImage(victim.client, OCR_UPLOAD_PATH, { bytes: await smallPng() });
    const attacker = await signedInClient(server, 'attacker');
    const chat = await attacker.client.post('/api/chats', {
      id: randomUUID(),
      message: 'mine now',
      isOCR: true,
      imageUrl: image.body.imageUrl,
    });
    expect(chat.status).toBe(400);
    expect((await attacker.client.get('/api/chats')).body).toEqual([]);
    expect((await getBytes(victim.client, image.body.imageUrl)).status).toBe(200);
  });
});

describe("a message's imageUrl", () => {
  const NOT_HERS = {
    message: 'Image must be one you uploaded',
    code: 'validation_error',
    fields: { imageUrl: 'Image must be one you uploaded' },
  };
  const notHers = async () => {
    const stranger = await signedInClient(server, 'stranger');
    const theirs = await postImage(stranger.client, OCR_UPLOAD_PATH, { bytes: await smallPng() });
    return [
      'https://tracker.example/pixel.png',
      '/api/user/export',
      'javascript:alert(1)',
      '/api/images/AAAAAAAAAAAAAAAAAAAAAA',
      `https://tracker.example${theirs.body.imageUrl as string}`,
      theirs.body.imageUrl as string,
    ];
  };

  it('is refused with 400 on POST /api/chats/{id}/messages unless it is one of her images, and nothing is stored', async () => {
    const { client } = await signedInClient(server, 'rest-sender');
    const chat = await client.post('/api/chats', { id: randomUUID(), message: 'Hi' });
    expect(chat.status).toBe(201);
    for (const imageUrl of await notHers()) {
      const answer = await client.post(`/api/chats/${chat.body.id}/messages`, {
        message: 'Look',
        isOCR: true,
        imageUrl,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(NOT_HERS);
    }
    const created = await client.post('/api/chats', {
      id: randomUUID(),
      message: 'Look',
      imageUrl: 'https://tracker.example/pixel.png',
    });
    expect(created.body).toEqual(NOT_HERS);
    const chats = (await client.get('/api/chats')).body as Array<{ id: string }>;
    expect(chats.map((one) => one.id)).toEqual([chat.body.id]);
    const page = await client.get(`/api/chats/${chat.body.id}`);
    expect(page.body.messages.map((one: { message: string }) => one.message)).not.toContain('Look');

    const mine = await postImage(client, OCR_UPLOAD_PATH, { bytes: await smallPng() });
    const sent = await client.post(`/api/chats/${chat.body.id}/messages`, {
      message: 'Look',
      isOCR: true,
      imageUrl: mine.body.imageUrl,
    });
    expect(sent.status).toBe(201);
  });

  it('makes a sync push reject the message (400) and store nothing', async () => {
    const { client } = await signedInClient(server, 'sync-sender');
    const chatId = randomUUID();
    expect((await push(client, [createChat(chatId, 'Hi')])).body.results[0].status).toBe('applied');
    const urls = await notHers();
    const answer = await push(
      client,
      urls.map((imageUrl) => ({
        id: randomUUID(),
        type: 'sendMessage' as const,
        chatId,
        message: { id: randomUUID(), message: 'Look', isOCR: true, imageUrl },
      })),
    );
    expect(answer.status).toBe(200);
    for (const result of answer.body.results) {
      expect(result.status).toBe('rejected');
      expect(result.error).toEqual({ status: 400, ...NOT_HERS });
    }
    const pulled = await pullAll(client);
    expect(pulled.messages.map((one) => one.message)).not.toContain('Look');
  });
});
