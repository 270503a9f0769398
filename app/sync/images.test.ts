import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalData } from '../db/chats';
import { messagesOf } from '../db/wholeChat';
import { db } from '../db/db';
import { outboxInOrder, queueDeleteChat, queueMessage } from '../db/outbox';
import { aChat } from '../db/testData';
import { ApiError } from '../http/client';
import { createSyncEngine } from './engine';
import { FakeSyncServer } from './server.fake';

const CASSIE = aChat({ id: 'x' }).persona;
const OCR = {
  isOCR: true,
  isEnhancedOCR: false,
  imageUrl: null,
  extractedText: 'Them: sorry',
  analysisType: null,
  ocrAnalysis: null,
  ocrStructuredData: null,
  ocrConfidence: 0.9,
};
let server: FakeSyncServer;
let online: boolean;

const engine = () =>
  createSyncEngine({ transport: server, isOnline: () => online, retryDelayMs: () => 60_000 });
const screenshot = () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

async function queueScreenshot(messageId = 'm1') {
  await queueMessage({
    chatId: 'c1',
    messageId,
    text: 'Them: sorry',
    newChat: { persona: CASSIE },
    ocr: OCR,
    image: screenshot(),
  });
}

beforeEach(async () => {
  await clearLocalData();
  server = new FakeSyncServer();
  online = true;
});

describe('a screenshot message made offline', () => {
  it('is kept on the device with its image and waits in the outbox', async () => {
    online = false;
    await queueScreenshot();
    await engine().sync();
    expect(server.calls).toEqual([]);
    expect(await messagesOf('c1')).toMatchObject([
      { id: 'm1', status: 'pending', isOCR: true, extractedText: 'Them: sorry' },
    ]);
    expect(await db.images.get('m1')).toMatchObject({ chatId: 'c1', imageUrl: null });
    expect(await outboxInOrder()).toMatchObject([{ imageOf: 'm1' }]);
  });

  it('uploads its image first, then pushes the message with the server image URL', async () => {
    await queueScreenshot();
    await engine().sync();
    expect(server.calls).toEqual(['upload /api/images/image-1', 'push createChat']);
    expect(server.images.get('/api/images/image-1')?.text).toBe('Them: sorry');
    expect(await messagesOf('c1')).toMatchObject([
      { id: 'm1', status: 'sent', isOCR: true, imageUrl: '/api/images/image-1' },
    ]);
    // The device keeps its copy to show, offline too.
    expect(await db.images.get('m1')).toMatchObject({ imageUrl: '/api/images/image-1' });
  });

  it('never uploads twice when the push fails after the upload (a reload in between)', async () => {
    await queueScreenshot();
    const push = server.push;
    server.push = async () => {
      throw new TypeError('Failed to fetch');
    };
    await engine().sync();
    expect(server.calls).toEqual(['upload /api/images/image-1']);
    server.push = push;
    await engine().sync(); // a new engine, as after a reload
    expect(server.calls).toEqual(['upload /api/images/image-1', 'push createChat']);
    expect(server.received[0]).toMatchObject({ chat: { imageUrl: '/api/images/image-1' } });
  });

  it('keeps everything in order behind an image that cannot go up yet', async () => {
    await queueScreenshot();
    await queueMessage({ chatId: 'c1', messageId: 'm2', text: 'and then?' });
    server.failNext = 1;
    const sync = engine();
    await sync.sync();
    sync.stop();
    expect(server.calls).toEqual([]);
    await engine().sync();
    expect(server.calls).toEqual([
      'upload /api/images/image-1',
      'push createChat',
      'push sendMessage',
    ]);
  });

  it('still sends her text when the server refuses the image for good', async () => {
    await queueScreenshot();
    server.failNext = 1;
    server.failWith = () => new ApiError(415, 'Unsupported Media Type', '{"message":"no"}');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await engine().sync();
    logged.mockRestore();
    expect(await messagesOf('c1')).toMatchObject([{ id: 'm1', status: 'sent', imageUrl: null }]);
  });

  it('is gone with its image when she deletes the chat', async () => {
    await queueScreenshot();
    await queueDeleteChat('c1');
    expect(await db.images.count()).toBe(0);
  });
});
