import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { OcrReader } from '../../../sync-server/src/ocr/reader';
import type { Answer, Client } from '../harness';

export interface FakeReader extends OcrReader {
  text: string;
  confidence: number;
  reads: number;
  closed: boolean;
}

/** An OCR reader that says what it is told and counts its reads. */
export function fakeReader(text = 'Them: are we still on for friday?\nMe: yes!! 7pm'): FakeReader {
  const reader: FakeReader = {
    text,
    confidence: 0.91,
    reads: 0,
    closed: false,
    read(image: Buffer) {
      reader.reads += 1;
      if (image.length === 0) return Promise.reject(new Error('empty image'));
      return Promise.resolve({ text: reader.text, confidence: reader.confidence });
    },
    close() {
      reader.closed = true;
      return Promise.resolve();
    },
  };
  return reader;
}

export interface HeldReader extends FakeReader {
  /** Reads begun and not yet let go or stopped. */
  readonly held: number;
  /** Reads whose client went away (their signal aborted) while held. */
  stopped: number;
  /** Lets every held read answer. */
  letGo(): void;
  /** Resolves once `count` reads are held. */
  whenHolding(count: number): Promise<void>;
}

/** A fake reader whose reads wait until let go (or their signal aborts): images kept in work. */
export function heldReader(): HeldReader {
  const base = fakeReader();
  let waiting: (() => void)[] = [];
  let watchers: (() => void)[] = [];
  const check = () => watchers.forEach((watch) => watch());
  const reader: HeldReader = {
    ...base,
    get held() {
      return waiting.length;
    },
    stopped: 0,
    read(image, options = {}) {
      reader.reads += 1;
      return new Promise((resolve, reject) => {
        const answer = () => resolve({ text: reader.text, confidence: reader.confidence });
        waiting.push(answer);
        options.signal?.addEventListener('abort', () => {
          waiting = waiting.filter((other) => other !== answer);
          reader.stopped += 1;
          reject(new Error('aborted'));
        });
        check();
      });
    },
    letGo() {
      const all = waiting;
      waiting = [];
      all.forEach((answer) => answer());
    },
    whenHolding(count) {
      return new Promise((resolve) => {
        const watch = () => {
          if (waiting.length < count) return;
          watchers = watchers.filter((other) => other !== watch);
          resolve();
        };
        watchers.push(watch);
        watch();
      });
    },
    close() {
      reader.closed = true;
      return Promise.resolve();
    },
  };
  return reader;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A PNG of black text lines on white, drawn by librsvg in DejaVu Sans. */
export function textImage(lines: string[], options: { width?: number; size?: number } = {}) {
  const size = options.size ?? 28;
  const width = options.width ?? 640;
  const height = Math.round(lines.length * size * 1.6 + size);
  const text = lines
    .map(
      (line, index) =>
        `<text x="20" y="${Math.round((index + 1) * size * 1.6)}">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#fff"/>
    <g font-family="DejaVu Sans" font-size="${size}" fill="#000">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A small plain PNG. */
export const smallPng = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#f5a8c8' } })
    .png()
    .toBuffer();

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid-looking PNG of a few hundred bytes whose header declares width × height grey pixels
 * (a decompression bomb when large): only a few rows of pixel data follow.
 */
export function pixelBombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter, no interlace
  const rows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface Upload {
  bytes: Buffer | string;
  filename?: string;
  type?: string;
  /** The form field the file goes in; `image` (the OCR routes) unless given. */
  field?: string;
}

/** POSTs a multipart form as a browser would (her cookies, the file in `image` or `upload.field`). */
export async function postImage(
  client: Client,
  pathname: string,
  upload: Upload | null,
  fields: Record<string, string> = {},
  options: { signal?: AbortSignal } = {},
): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (upload) {
    const bytes = typeof upload.bytes === 'string' ? upload.bytes : new Uint8Array(upload.bytes);
    const blob = new Blob([bytes], { type: upload.type ?? 'image/png' });
    form.append(upload.field ?? 'image', blob, upload.filename ?? 'screenshot.png');
  }
  const headers: Record<string, string> = {};
  if (client.cookies.size > 0) headers.cookie = client.cookieHeader();
  const response = await fetch(new URL(pathname, client.baseUrl), {
    method: 'POST',
    headers,
    body: form,
    signal: options.signal,
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body, setCookies: [] };
}

/** GET with her cookies, the body as bytes. */
export async function getBytes(client: Client, pathname: string) {
  const headers: Record<string, string> = {};
  if (client.cookies.size > 0) headers.cookie = client.cookieHeader();
  const response = await fetch(new URL(pathname, client.baseUrl), { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
