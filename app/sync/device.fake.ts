import { afterEach, beforeEach, vi } from 'vitest';
import type { PublicUser } from '@shared/user';
import { clearLocalData } from '../db/chats';
import { useUserStore } from '../state/useUserStore';
import { fakeSyncApi } from './api.fake';
import { startSync, syncNow } from './runtime';
import { FakeSyncServer } from './server.fake';

/**
 * For a test file whose screens sync: before each test, a cleared device and a fresh
 * FakeSyncServer behind the sync API (`fetch`); after it, sync stopped and the stubs gone. Call
 * at the file's top level, before its own hooks.
 */
export function syncedDevice() {
  const device = {
    server: new FakeSyncServer(),
    /** Set before each test. */
    api: undefined as unknown as ReturnType<typeof fakeSyncApi>,
    stopSync: undefined as (() => void) | undefined,
    /** She is signed in here and the device syncs with the server (as SyncRunner does). */
    signIn(user: PublicUser) {
      useUserStore.setState({ status: 'ready', user });
      device.stopSync = startSync(user);
    },
  };
  beforeEach(async () => {
    await clearLocalData();
    device.server = new FakeSyncServer();
    device.api = fakeSyncApi(device.server);
  });
  afterEach(async () => {
    // A cycle still under way would end after the page is gone (no `navigator` then): let the
    // last one finish here.
    if (device.stopSync) await syncNow();
    device.stopSync?.();
    device.stopSync = undefined;
    vi.unstubAllGlobals();
  });
  return device;
}
