import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PATH, EXPORT_ZIP_PATH, exportFileName, PROFILE_IMAGE_FIELD } from '@shared/account';
import type { UserExport } from '@shared/account';
import { TEASER_NOTE } from '@shared/markdown';
import { OCR_UPLOAD_PATH } from '@shared/ocr-api';
import { unzip } from '../unzip';
import { signedInClient } from './fakes/besties';
import { fakeReader, getBytes, postImage, smallPng } from './fakes/ocr';
import type { Client, TestServer } from './harness';
import { startTestServer } from './harness';

// One server for the file, with the built-in reply engine and a fake OCR reader; every test
// makes its own account, so any one runs alone.
const reader = fakeReader('Them: are we still on for friday?\nMe: yes!! 7pm');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ocr: reader });
});
afterAll(() => server.stop());

async function zipOf(client: Client) {
  const answer = await getBytes(client, EXPORT_ZIP_PATH);
  expect(answer.status, answer.bytes.toString()).toBe(200);
  const entries = await unzip(answer.bytes);
  const text = (name: string) => entries.get(name)?.toString('utf8') ?? '';
  return { answer, entries, text };
}

/** The stored (whole) text of every reply in a chat, read from the database. */
async function storedReplies(chatId: string): Promise<string[]> {
  const rows = await server.db
    .selectFrom('messages')
    .select('content')
    .where('chat_id', '=', chatId)
    .where('role', '=', 'assistant')
    .orderBy('chat_seq')
    .execute();
  return rows.map((row) => row.content);
}

const withoutTime = (data: UserExport) => ({ ...data, exportedAt: undefined });

describe('GET /api/user/export?format=zip', () => {
  it('refuses a visitor with 401', async () => {
    const answer = await server.client().get(EXPORT_ZIP_PATH);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Not signed in', code: 'unauthorized' });
  });

  it('is a zip download named for the day, never cached', async () => {
    const { client } = await signedInClient(server, 'zip-download');
    const { answer, entries } = await zipOf(client);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    const name = exportFileName(new Date(server.clock.now()), 'zip');
    expect(name).toMatch(/^besties-export-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect([...entries.keys()]).toEqual(['README.md', 'data.json']);
  });

  it('holds data.json as the JSON route gives it, each chat as Markdown, and her images byte for byte, unsent screenshots too', async () => {
    const { client } = await signedInClient(server, 'zip-complete');
    const picture = await postImage(client, '/api/user/profile-image', {
      bytes: await sharp({
        create: { width: 300, height: 200, channels: 3, background: '#e91e63' },
      })
        .png()
        .toBuffer(),
      filename: 'me.png',
      field: PROFILE_IMAGE_FIELD,
    });
    expect(picture.status, picture.text).toBe(200);

    const talk = await client.post('/api/chats', { message: 'Hi Cassie, I need advice' });
    expect(talk.status).toBe(201);
    const more = await client.post(`/api/chats/${talk.body.id}/messages`, {
      message: 'He left me on read',
    });
    expect(more.status).toBe(201);

    const sent = await postImage(client, OCR_UPLOAD_PATH, { bytes: await smallPng() });
    expect(sent.status).toBe(201);
    const ocrChat = await client.post('/api/chats', {
      id: randomUUID(),
      message: 'What do you think of this?',
      isOCR: true,
      imageUrl: sent.body.imageUrl,
      extractedText: sent.body.text,
      analysisType: 'general',
    });
    expect(ocrChat.status, ocrChat.text).toBe(201);
    // Read, then never sent: it is still hers.
    const unsent = await postImage(client, OCR_UPLOAD_PATH, { bytes: await smallPng(50, 20) });
    expect(unsent.status).toBe(201);

    const json = await client.get(EXPORT_PATH);
    expect(json.status).toBe(200);
    const { entries, text } = await zipOf(client);

    const data = JSON.parse(text('data.json')) as UserExport;
    expect(withoutTime(data)).toEqual(withoutTime(json.body as UserExport));
    expect(text('data.json')).toBe(
      json.text.replace(/"exportedAt": "[^"]+"/, `"exportedAt": "${data.exportedAt}"`),
    );

    const chatFiles = [...entries.keys()].filter((name) => name.startsWith('chats/'));
    expect(chatFiles).toHaveLength(2);
    const [talkFile, ocrFile] = chatFiles;
    expect(talkFile).toMatch(/^chats\/0001-\d{4}-\d{2}-\d{2}-hi-cassie-i-need-advice\.md$/);
    const talkDoc = text(talkFile ?? '');
    expect(talkDoc).toMatch(/^# Hi Cassie, I need advice\n\nA chat with Cassie \(AI\) · started /);
    const shownTalk = data.chats.find((chat) => chat.id === talk.body.id);
    for (const message of shownTalk?.messages ?? []) {
      const author = message.isUser ? 'You' : 'Cassie';
      const when = `${message.timestamp.slice(0, 16).replace('T', ' ')} UTC`;
      expect(talkDoc).toContain(`**${author}** · ${when}\n\n${message.message}`);
    }
    expect(talkDoc).toContain('He left me on read');

    const sentEntry = `images/screenshots/${sent.body.imageUrl.split('/').pop()}.png`;
    const unsentEntry = `images/screenshots/${unsent.body.imageUrl.split('/').pop()}.png`;
    const ocrDoc = text(ocrFile ?? '');
    expect(ocrDoc).toContain(`![Screenshot](../${sentEntry})`);
    expect(ocrDoc).toContain('> Them: are we still on for friday?\n> Me: yes!! 7pm');

    // Uploads are re-encoded when stored: the zip holds what the server kept and serves her.
    for (const [entry, url] of [
      [sentEntry, sent.body.imageUrl],
      [unsentEntry, unsent.body.imageUrl],
      ['images/profile-picture.webp', picture.body.imageUrl],
    ] as const) {
      const served = await getBytes(client, url);
      expect(served.status).toBe(200);
      expect(entries.get(entry)?.equals(served.bytes), entry).toBe(true);
    }

    const readme = text('README.md');
    expect(readme).toContain('![Your profile picture](images/profile-picture.webp)');
    expect(readme).toContain(`(${talkFile})`);
    expect(readme).toContain(`(${ocrFile})`);
    const unsentPart = readme.slice(readme.indexOf('## Screenshots you uploaded but never sent'));
    expect(unsentPart).toContain(`(${unsentEntry})`);
    expect(unsentPart).not.toContain(sentEntry);
    // Nothing of where the server keeps her files.
    for (const name of entries.keys()) expect(text(name)).not.toContain(server.dataDir);
  });

  it("keeps a reply her plan does not cover as its teaser in the chat's Markdown", async () => {
    const { client } = await signedInClient(server, 'zip-teaser');
    const talk = await client.post('/api/chats', { message: 'Hi Cassie, he ghosted me' });
    expect(talk.status).toBe(201);
    const [whole = ''] = await storedReplies(talk.body.id);
    const teaser = talk.body.messages[1];
    expect(teaser.isTeaser).toBe(true);
    const hidden = whole.slice(teaser.message.replace(/…$/, '').length).trim();
    expect(hidden.length).toBeGreaterThan(10);

    const { entries, text } = await zipOf(client);
    const doc = text([...entries.keys()].find((name) => name.startsWith('chats/')) ?? '');
    expect(doc).toContain(`${teaser.message}\n\n_${TEASER_NOTE}_`);
    for (const name of entries.keys()) expect(text(name)).not.toContain(hidden);
  });

  it("shares the JSON route's limit of 10 an hour: the 11th export of either kind is a 429", async () => {
    const { client } = await signedInClient(server, 'zip-often');
    for (let i = 0; i < 5; i += 1) expect((await client.get(EXPORT_PATH)).status).toBe(200);
    for (let i = 0; i < 5; i += 1)
      expect((await getBytes(client, EXPORT_ZIP_PATH)).status).toBe(200);
    const refused = await client.get(EXPORT_ZIP_PATH);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
  });

  it('refuses a format it does not know with 400', async () => {
    const { client } = await signedInClient(server, 'zip-format');
    const answer = await client.get(`${EXPORT_PATH}?format=tar`);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_error');
  });
});
