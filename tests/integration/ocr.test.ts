import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENHANCED_OCR_PATH, OCR_PATH, OCR_UPLOAD_PATH } from '@shared/ocr-api';
import {
  enhancedOcrAnswerSchema,
  ocrAnswerSchema,
  uploadAnswerSchema,
} from '@shared/ocr-api-schema';
import { grant, signedInClient } from './fakes/besties';
import { fakeReader, getBytes, postImage, smallPng } from './fakes/ocr';
import type { TestServer } from './harness';
import { startTestServer } from './harness';

const reader = fakeReader();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ ocr: reader, env: { REPLY_LIMIT_PAID_PER_HOUR: '3' } });
});
afterAll(async () => {
  await server.stop();
  // The server closes its OCR reader (its tesseract worker) when it shuts down.
  expect(reader.closed).toBe(true);
});

const RECEIPT = `Corner Bakery
12/11/2026
Croissant 3.50
Latte 4.25
Subtotal 7.75
Tax 0.62
Total $8.37`;

async function subscriber(name: string) {
  const account = await signedInClient(server, name);
  await grant(server, account.userId, 'premium');
  return account;
}
const imagesOf = (userId: string) => {
  const dir = path.join(server.dataDir, 'images', userId);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /api/ocr', () => {
  it('reads the text for a free user, without analysis', async () => {
    const { client } = await signedInClient(server, 'free-ocr');
    reader.text = 'Them: are we still on for friday?\nMe: yes!! 7pm';
    const answer = await postImage(client, OCR_PATH, { bytes: await smallPng() });
    expect(answer.status).toBe(200);
    expect(ocrAnswerSchema.strict().parse(answer.body)).toEqual({
      text: reader.text,
      extractedText: reader.text,
      confidence: 0.91,
      imageUrl: expect.stringMatching(/^\/api\/images\/[A-Za-z0-9_-]{22}$/),
      analysisType: 'general',
      analysis: null,
      structuredData: null,
    });
    expect((await getBytes(client, answer.body.imageUrl)).status).toBe(200);
  });

  it('adds the analysis of the chosen type for a subscriber', async () => {
    const { client } = await subscriber('paid-ocr');
    reader.text = RECEIPT;
    const answer = await postImage(
      client,
      OCR_PATH,
      { bytes: await smallPng() },
      { analysisType: 'receipt' },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.analysis).toMatchObject({ type: 'receipt', sentiment: 'neutral' });
    expect(answer.body.structuredData).toMatchObject({
      merchant: 'Corner Bakery',
      items: [
        { name: 'Croissant', amount: 3.5 },
        { name: 'Latte', amount: 4.25 },
      ],
      total: 8.37,
    });
  });

  it('needs a signed-in user (401), even for a real image', async () => {
    const answer = await postImage(server.client(), OCR_PATH, { bytes: await smallPng() });
    expect(answer.status).toBe(401);
  });
});

describe('POST /api/ocr/enhanced', () => {
  it('refuses a free user with 403 requiresSubscription before any OCR work', async () => {
    const { client, userId } = await signedInClient(server, 'free-enhanced');
    const reads = reader.reads;
    const answer = await postImage(
      client,
      ENHANCED_OCR_PATH,
      { bytes: await smallPng() },
      { analysisType: 'receipt' },
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      message: 'Enhanced OCR analysis requires a subscription',
      code: 'subscription_required',
      requiresSubscription: true,
    });
    expect(reader.reads).toBe(reads);
    expect(imagesOf(userId)).toEqual([]);
  });

  it('answers a subscriber with the text, the analysis, structured data and confidence', async () => {
    const { client } = await subscriber('paid-enhanced');
    reader.text =
      'Jane Doe\nSenior Designer\nAcme Studio LLC\njane@acme.studio\n+1 415 555 0134\nwww.acme.studio';
    const answer = await postImage(
      client,
      ENHANCED_OCR_PATH,
      { bytes: await smallPng() },
      { analysisType: 'business-card' },
    );
    expect(answer.status).toBe(200);
    const body = enhancedOcrAnswerSchema.strict().parse(answer.body);
    expect(body.extractedText).toBe(reader.text);
    expect(body.confidence).toBe(0.91);
    expect(body.analysis.type).toBe('business-card');
    expect(body.structuredData).toEqual({
      name: 'Jane Doe',
      title: 'Senior Designer',
      company: 'Acme Studio LLC',
      email: 'jane@acme.studio',
      phone: '+1 415 555 0134',
      website: 'www.acme.studio',
    });
  });

  it('defaults to general and refuses an unknown analysis type (400)', async () => {
    const { client } = await subscriber('types');
    reader.text = 'Them: you up?\nMe: no';
    const general = await postImage(client, ENHANCED_OCR_PATH, { bytes: await smallPng() });
    expect(general.status).toBe(200);
    expect(general.body.analysis.type).toBe('general');
    expect(general.body.structuredData.messages).toEqual([
      { from: 'them', text: 'you up?' },
      { from: 'me', text: 'no' },
    ]);
    const unknown = await postImage(
      client,
      ENHANCED_OCR_PATH,
      { bytes: await smallPng() },
      { analysisType: 'horoscope' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('validation_error');
    expect(Object.keys(unknown.body.fields)).toEqual(['analysisType']);
  });

  it("counts toward her plan's hourly reply limit (429 with Retry-After past it)", async () => {
    const { client } = await subscriber('limit');
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push(await postImage(client, ENHANCED_OCR_PATH, { bytes: await smallPng() }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]?.body.code).toBe('rate_limited');
    expect(Number(answers[3]?.headers.get('retry-after'))).toBeGreaterThan(0);
    // /api/ocr still reads the text, without the analysis, once the limit is reached.
    const basic = await postImage(client, OCR_PATH, { bytes: await smallPng() });
    expect(basic.status).toBe(200);
    expect(basic.body.analysis).toBeNull();
  });
});

describe('POST /api/ocr/upload', () => {
  it('stores and reads the image: text, imageUrl and no enhancedResult for a free user', async () => {
    const { client } = await signedInClient(server, 'free-upload');
    reader.text = 'Me: did you see this';
    const answer = await postImage(client, OCR_UPLOAD_PATH, { bytes: await smallPng() });
    expect(answer.status).toBe(201);
    expect(uploadAnswerSchema.strict().parse(answer.body)).toEqual({
      text: 'Me: did you see this',
      imageUrl: expect.stringMatching(/^\/api\/images\//),
      enhancedResult: null,
    });
  });

  it('adds the enhanced result for a subscriber', async () => {
    const { client } = await subscriber('paid-upload');
    reader.text = 'So proud of my girls! #bestie #weekend with @maya_j';
    const answer = await postImage(
      client,
      OCR_UPLOAD_PATH,
      { bytes: await smallPng() },
      { analysisType: 'social-media' },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.enhancedResult).toEqual({
      analysis: expect.objectContaining({ type: 'social-media', sentiment: 'positive' }),
      structuredData: {
        hashtags: ['#bestie', '#weekend'],
        mentions: ['@maya_j'],
        urls: [],
        sentiment: 'positive',
      },
      confidence: 0.91,
    });
  });

  it('with ?ocr=false only stores the image: no OCR, the text she sent back', async () => {
    const { client } = await subscriber('offline-upload');
    const reads = reader.reads;
    const answer = await postImage(
      client,
      `${OCR_UPLOAD_PATH}?ocr=false`,
      { bytes: await smallPng() },
      { text: 'Them: read on my phone' },
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      text: 'Them: read on my phone',
      imageUrl: expect.stringMatching(/^\/api\/images\//),
      enhancedResult: null,
    });
    expect(reader.reads).toBe(reads);
    expect((await getBytes(client, answer.body.imageUrl)).status).toBe(200);
  });
});
