import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cer } from '../../../tests/fixtures/ocr/cer';
import { ocrFixtures, renderPng, renderRgba } from '../../../tests/fixtures/ocr/fixtures';
import { createOcrReader, OcrBusy } from './reader';

/** The budget (README, Performance budgets): at most 2 % of characters wrong on every fixture. */
const MAX_CER = 0.02;

// One worker for the file: starting one costs about a second.
const reader = createOcrReader();
afterAll(() => reader.close());

describe('cer', () => {
  it('counts edits over the expected length, ignoring how whitespace is laid out', () => {
    expect(cer('Them: hi\nMe: yo', 'Them:  hi Me: yo ')).toBe(0);
    expect(cer('abcd', 'abed')).toBe(0.25);
    expect(cer('abcd', '')).toBe(1);
  });
});

describe('OcrReader on rendered screenshots', { timeout: 60_000 }, () => {
  beforeAll(() => reader.readRaw({ width: 1, height: 1, data: new Uint8ClampedArray(4) }));

  for (const fixture of ocrFixtures()) {
    it(`reads ${fixture.name} with at most 2 % character errors`, async () => {
      const result = await reader.readRaw(await renderRgba(fixture));
      expect(cer(fixture.expected, result.text), result.text).toBeLessThanOrEqual(MAX_CER);
      if (fixture.kind === 'chat') {
        const labelled = result.text.split('\n').filter((line) => /^(Them|Me): /.test(line));
        expect(labelled.length).toBe(result.bubbles);
        expect(result.bubbles).toBe(fixture.expected.match(/^(Them|Me): /gm)?.length);
      } else {
        expect(result.bubbles).toBe(0);
      }
      expect(result.confidence).toBeGreaterThan(0.5);
    });
  }

  it('reads a JPEG upload (fills noisy across colour bins) of small text as well', async () => {
    const fixture = ocrFixtures().find((candidate) => candidate.name === 'chat-small-text');
    if (!fixture) throw new Error('no chat-small-text fixture');
    const jpeg = await sharp(await renderPng(fixture))
      .jpeg({ quality: 75 })
      .toBuffer();
    const { text } = await reader.read(jpeg);
    expect(cer(fixture.expected, text), text).toBeLessThanOrEqual(MAX_CER);
  });

  it('reads an uploaded PNG through read(), confidence from 0 to 1', async () => {
    const fixture = ocrFixtures().find((candidate) => candidate.name === 'chat-dark');
    if (!fixture) throw new Error('no chat-dark fixture');
    const { text, confidence } = await reader.read(await renderPng(fixture));
    expect(text.split('\n')).toContain('Them: Did you see what he posted last night?');
    expect(confidence).toBeGreaterThan(0.5);
    expect(confidence).toBeLessThanOrEqual(1);
  });
});

describe('the OCR pool', { timeout: 60_000 }, () => {
  it('refuses a read past its threads and queue with OcrBusy, and drops one aborted', async () => {
    const pool = createOcrReader({ threads: 1, queueLength: 1 });
    try {
      const fixture = ocrFixtures().find((candidate) => candidate.name === 'receipt');
      if (!fixture) throw new Error('no receipt fixture');
      const png = await renderPng(fixture);
      // Warm: while its thread starts, piscina also queues a task for that thread.
      const first = await pool.read(png);
      const leaving = new AbortController();
      const running = pool.read(png);
      const waiting = pool.read(png, { signal: leaving.signal });
      await expect(pool.read(png)).rejects.toBeInstanceOf(OcrBusy);
      leaving.abort();
      await expect(waiting).rejects.toThrow(/abort/i);
      // The waiting read left the queue: there is room for another.
      const next = pool.read(png);
      expect((await running).text).toBe(first.text);
      expect((await next).text).toBe(first.text);
    } finally {
      await pool.close();
    }
  });
});
