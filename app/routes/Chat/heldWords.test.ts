import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicUser } from '@shared/user';
import { clearLocalData, toLocalChat } from '../../db/chats';
import { db } from '../../db/db';
import { lockOwnerData } from '../../db/sessionLock';
import { claimDevice } from '../../db/account';
import { aChat } from '../../db/testData';
import { useUserStore } from '../../state/useUserStore';
import { useSyncStore } from '../../sync/useSyncStore';
import { chatForHeldWords } from './heldWords';

const HER = { id: 'her', email: 'her@example.com' } as PublicUser;
const NEXT = { id: 'next', email: 'next@example.com' } as PublicUser;

beforeEach(async () => {
  await clearLocalData();
  await claimDevice(HER);
  await db.chats.put(toLocalChat(aChat({ id: 'her-empty', title: '' })));
  await lockOwnerData(() => false);
});

describe("where a visitor's held words go once she is in", () => {
  it('makes the device hers first, even when sync cannot say yet what the server has', async () => {
    useUserStore.setState({ status: 'ready', user: NEXT });
    // Sync failing as she signs in: the words are placed at once, without waiting for it.
    useSyncStore.setState({ status: 'error-will-retry', caughtUp: false });
    expect(await chatForHeldWords(1)).toBeUndefined();
    expect(await db.meta.get('userId')).toEqual({ key: 'userId', value: 'next' });
    expect(await db.chats.count()).toBe(0);
  });
});
