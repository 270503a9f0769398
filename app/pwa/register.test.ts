import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalData } from '../db/chats';
import { queueMessage } from '../db/outbox';
import { flushOutbox } from './update';

const syncNow = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../sync/runtime', () => ({ syncNow }));

beforeEach(async () => {
  await clearLocalData();
  syncNow.mockClear();
});

describe('before a new version reloads the app', () => {
  it('sends what waits in the outbox', async () => {
    await queueMessage({ chatId: 'c', messageId: 'm', text: 'do not lose me' });
    await flushOutbox();
    expect(syncNow).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when nothing waits', async () => {
    await flushOutbox();
    expect(syncNow).not.toHaveBeenCalled();
  });
});
