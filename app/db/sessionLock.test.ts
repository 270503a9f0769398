import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { utcDay } from '@shared/referrals';
import type { PublicUser } from '@shared/user';
import { waitingHelpShown } from '../safety/visitorHelpShown';
import { useToastStore } from '../state/useToastStore';
import { chatsNewestFirst, clearLocalData, findChat, messagePageOf, toLocalChat } from './chats';
import { db } from './db';
import { queueHelpShown } from './helpShown';
import { outboxInOrder, queueMessage } from './outbox';
import { forgetLockedData, LOCK_LIFETIME_MS, lockOwnerData } from './sessionLock';
import { claimDevice, lastUser } from './account';
import { draftOf, saveDraft } from './drafts';
import { aChat } from './testData';

const HER = { id: 'her', email: 'her@example.com' } as PublicUser;
const SOMEONE_ELSE = { id: 'someone-else', email: 'else@example.com' } as PublicUser;
const HOUR = 60 * 60 * 1000;
const persona = { id: 1, name: 'Cassie', description: '', avatar: '' };

/** Her device as she left it: a chat of hers, a draft, and a message written offline. */
async function herDevice() {
  await claimDevice(HER);
  await db.chats.put(toLocalChat(aChat({ id: 'c1', title: 'Her wedding plans' })));
  await saveDraft('c1', 'Half-written to Cassie');
  await queueMessage({ chatId: 'c1', messageId: 'm1', text: 'Sent offline', newChat: { persona } });
}

/** Everything a screen could draw of hers. */
async function whatScreensShow() {
  return {
    chats: (await chatsNewestFirst()).map((chat) => chat.title),
    chat: await findChat('c1'),
    messages: (await messagePageOf('c1', null)).messages.map((message) => message.message),
    draft: await draftOf('c1'),
    offlineStart: await lastUser(),
  };
}

const NOTHING = { chats: [], chat: null, messages: [], draft: '', offlineStart: null };

beforeEach(async () => {
  await clearLocalData();
  localStorage.clear();
  useToastStore.setState({ current: null });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T09:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('when her session ends without the log-out button', () => {
  it('shows nothing of hers on any screen, and keeps it all on the device', async () => {
    await herDevice();
    expect((await whatScreensShow()).chats).toEqual(['Her wedding plans']);

    await lockOwnerData(() => false);

    expect(await whatScreensShow()).toEqual(NOTHING);
    expect(await db.chats.count()).toBe(1);
    expect(await outboxInOrder()).toHaveLength(1);
  });

  it('tells her she was signed out when she was using the app, and nobody else', async () => {
    await herDevice();
    await lockOwnerData(() => true);
    expect(useToastStore.getState().current).toMatchObject({
      title: 'You were signed out',
      description: 'Log in again to see your chats.',
    });

    useToastStore.setState({ current: null });
    await lockOwnerData(() => false);
    expect(useToastStore.getState().current).toBeNull();
  });

  it('keeps nothing a visitor types over her drafts', async () => {
    await herDevice();
    await lockOwnerData(() => false);
    await saveDraft('c1', 'A visitor typing');
    await claimDevice(HER);
    expect(await draftOf('c1')).toBe('Half-written to Cassie');
  });

  it('locks nothing on a device that holds nobody’s data', async () => {
    await lockOwnerData(() => false);
    expect(await db.meta.get('lockedAt')).toBeUndefined();
  });
});

describe('after her data is locked', () => {
  beforeEach(async () => {
    await herDevice();
    await lockOwnerData(() => false);
  });

  it('comes back when she signs in again here, her offline message still waiting to be sent', async () => {
    await claimDevice(HER);
    expect(await whatScreensShow()).toEqual({
      chats: ['Her wedding plans'],
      chat: expect.objectContaining({ id: 'c1' }),
      messages: ['Sent offline'],
      draft: 'Half-written to Cassie',
      offlineStart: HER,
    });
    expect((await outboxInOrder()).map((entry) => entry.mutation.type)).toEqual(['sendMessage']);
  });

  it('is wiped, as the log-out button wipes it, before anyone else signs in or up', async () => {
    await queueHelpShown('card-1', utcDay(Date.now()));
    await claimDevice(SOMEONE_ELSE);
    expect(await db.chats.count()).toBe(0);
    expect(await outboxInOrder()).toEqual([]);
    expect(await lastUser()).toEqual(SOMEONE_ELSE);
    // Help shown names nobody: it is still counted, through the visitor's queue (helpShown.ts).
    await vi.waitFor(() => expect(Object.values(waitingHelpShown())).toEqual([1]));
  });

  it('is wiped when a visitor starts chatting', async () => {
    await forgetLockedData();
    expect(await db.chats.count()).toBe(0);
    expect(await outboxInOrder()).toEqual([]);
    expect(await db.meta.count()).toBe(0);
  });

  it('waits for her 24 hours, then is wiped at the next check', async () => {
    vi.setSystemTime(Date.now() + LOCK_LIFETIME_MS - HOUR);
    await lockOwnerData(() => false);
    expect(await db.chats.count()).toBe(1);

    vi.setSystemTime(Date.now() + HOUR);
    await lockOwnerData(() => false);
    expect(await db.chats.count()).toBe(0);
    expect(await outboxInOrder()).toEqual([]);
    expect(await db.meta.count()).toBe(0);
  });

  it('counts the 24 hours from when her session first ended, however often it is found ended since', async () => {
    vi.setSystemTime(Date.now() + 23 * HOUR);
    await lockOwnerData(() => false);
    vi.setSystemTime(Date.now() + 2 * HOUR);
    await lockOwnerData(() => false);
    expect(await db.chats.count()).toBe(0);
  });

  it('is wiped when the clock has gone back before the lock (its 24 hours cannot be told)', async () => {
    vi.setSystemTime(Date.now() - HOUR);
    await lockOwnerData(() => false);
    expect(await db.chats.count()).toBe(0);
  });
});

describe('a visitor on a device nobody has signed in to', () => {
  it('starts chatting with nothing wiped, her own draft kept', async () => {
    await saveDraft('new-chat', 'A visitor typing');
    await forgetLockedData();
    expect(await draftOf('new-chat')).toBe('A visitor typing');
  });
});
