import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/user';
import { chatsNewestFirst, clearLocalData, toLocalChat } from '../db/chats';
import { db } from '../db/db';
import { queueMessage } from '../db/outbox';
import { aChat } from '../db/testData';
import { setUser, useUserStore } from '../state/useUserStore';
import { fakeSyncApi } from './api.fake';
import { FakeEventSource } from './eventSource.fake';
import { startSync, SYNC_INTERVAL_MS, syncNow } from './runtime';
import { useSyncStore } from './useSyncStore';

const USER = { id: 'ann', email: 'ann@example.com' } as PublicUser;
let visibility: DocumentVisibilityState;
let api: ReturnType<typeof fakeSyncApi>;
let stop: () => void;

const newChat = { persona: { id: 1, name: 'Cassie', description: '', avatar: '' } };
const pulls = () => api.calls().filter((call) => call.startsWith('GET /api/sync/pull')).length;

/** Lets the sync cycle a trigger started run to its end. */
async function settle() {
  await vi.waitFor(() => expect(useSyncStore.getState().status).toBe('idle'));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(async () => {
  await clearLocalData();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  api = fakeSyncApi();
  stop = startSync(USER);
  await vi.waitFor(() => expect(pulls()).toBe(1));
  await settle();
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('when the device syncs', () => {
  it('syncs once at start, then when the network comes back', async () => {
    expect(pulls()).toBe(1);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(pulls()).toBe(2));
  });

  it('syncs when she comes back to the tab, not when she leaves it', async () => {
    setVisibility('hidden');
    await settle();
    expect(pulls()).toBe(1);
    setVisibility('visible');
    await vi.waitFor(() => expect(pulls()).toBe(2));
  });

  it('syncs every 30 s while the tab is visible, and not while it is hidden', async () => {
    vi.advanceTimersByTime(SYNC_INTERVAL_MS);
    await vi.waitFor(() => expect(pulls()).toBe(2));
    await settle();
    visibility = 'hidden';
    vi.advanceTimersByTime(SYNC_INTERVAL_MS * 3);
    await settle();
    expect(pulls()).toBe(2);
  });

  it('syncs when the live channel says her data changed, and closes it when stopped', async () => {
    const live = FakeEventSource.latest();
    expect(live?.url).toBe('/api/sync/events');
    live?.send('changed');
    await vi.waitFor(() => expect(pulls()).toBe(2));
    await settle();
    stop();
    expect(live?.closed).toBe(true);
  });

  it('shows offline at once when the network goes', () => {
    window.dispatchEvent(new Event('offline'));
    expect(useSyncStore.getState().status).toBe('offline');
  });

  it('stops every trigger when sync is stopped (she logged out)', async () => {
    stop();
    window.dispatchEvent(new Event('online'));
    setVisibility('visible');
    vi.advanceTimersByTime(SYNC_INTERVAL_MS * 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pulls()).toBe(1);
  });
});

describe('when the device changes hands', () => {
  const SOMEONE_ELSE = { id: 'bea', email: 'bea@example.com' } as PublicUser;

  afterEach(() => setUser(null));

  it("never pushes the last user's outbox with the next one's session", async () => {
    stop();
    await queueMessage({ chatId: 'c1', messageId: 'ann-1', text: "Ann's words", newChat });
    api = fakeSyncApi();
    stop = startSync(SOMEONE_ELSE);
    // Asked for at once, as a screen does after a write, before the device is hers.
    void syncNow();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(pulls()).toBe(1));
    await settle();
    expect(api.server.message('ann-1')).toBeUndefined();
  });

  it('asks who she is at a 401 to any call, and locks her data when her session has ended', async () => {
    await db.chats.put(toLocalChat(aChat({ id: 'c1', title: 'Her wedding plans' })));
    setUser(USER);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: 'Not signed in', code: 'unauthorized' }, { status: 401 }),
      ),
    );
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(useUserStore.getState().user).toBeNull());
    expect(await chatsNewestFirst()).toEqual([]);
    expect(await db.chats.count()).toBe(1);
  });
});
