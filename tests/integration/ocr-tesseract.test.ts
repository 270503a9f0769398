import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OCR_PATH } from '@shared/ocr-api';
import { signedInClient } from './fakes/besties';
import { postImage, textImage } from './fakes/ocr';
import type { TestServer } from './harness';
import { startTestServer } from './harness';

// The real tesseract.js reader: one image, to keep the suite light on a shared machine.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('server-side OCR with tesseract.js', () => {
  it('reads the text of an image it is sent, with a confidence from 0 to 1', async () => {
    const { client } = await signedInClient(server, 'tesseract');
    const image = await textImage(['Are we still on for Friday?', 'Meet me at seven']);
    const answer = await postImage(client, OCR_PATH, { bytes: image });
    expect(answer.status).toBe(200);
    const words = (answer.body.text as string).toLowerCase();
    for (const word of ['still', 'friday', 'meet', 'seven']) expect(words).toContain(word);
    expect(answer.body.extractedText).toBe(answer.body.text);
    expect(answer.body.confidence).toBeGreaterThan(0.5);
    expect(answer.body.confidence).toBeLessThanOrEqual(1);
  }, 60_000);
});
