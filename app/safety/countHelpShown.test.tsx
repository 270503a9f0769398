import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mutation } from '@shared/sync';
import { clearLocalData } from '../db/chats';
import { db } from '../db/db';
import { aChat, aMessage } from '../db/testData';
import { toChatItem } from '../routes/Chat/chatItems';
import { CrisisResources } from '../routes/Chat/CrisisResources';
import { HelpCard } from '../routes/Chat/HelpCard';
import { MessageBubble } from '../routes/Chat/MessageBubble';
import { setUser } from '../state/useUserStore';
import { createSyncEngine } from '../sync/engine';
import { FakeSyncServer } from '../sync/server.fake';
import { USER } from '../testUser';
import { forgetCountedHere } from './countHelpShown';
import { startSendingVisitorHelpShown, waitingHelpShown } from './visitorHelpShown';

/** The yearly count: each help card counted once, and it reaches the server. */

const TODAY = '2027-03-14';

/** A fresh device: no Dexie rows, nothing counted in this tab, nobody signed in. */
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T23:59:00Z`));
  await Promise.all(db.tables.map((table) => table.clear()));
  forgetCountedHere();
  setUser(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const counted = async (): Promise<Mutation[]> =>
  (await db.outbox.toArray())
    .map((entry) => entry.mutation)
    .filter((mutation) => mutation.type === 'countHelpShown');

/** Lets the effects' Dexie writes finish (a count that should not come has had its chance). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

/** fetch answering the visitor's POSTs: each call's body, and what the next answer is. */
function fakeFetch() {
  const bodies: unknown[] = [];
  let answer: () => Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      expect(url).toBe('/api/safety/help-shown');
      expect(init.method).toBe('POST');
      bodies.push(JSON.parse(String(init.body)));
      return answer();
    }),
  );
  return {
    bodies,
    answerWith(status: number) {
      answer = async () => new Response(JSON.stringify({ ok: status === 200 }), { status });
    },
  };
}

describe('a signed-in device', () => {
  beforeEach(() => setUser(USER));

  it('counts a help card once per key, across re-renders, remounts and a reload', async () => {
    const first = render(<HelpCard countAs="help-m1" />);
    await waitFor(async () => expect(await counted()).toHaveLength(1));
    first.rerender(<HelpCard countAs="help-m1" />);
    first.unmount();
    render(<HelpCard countAs="help-m1" />);
    // A reload: this tab's memory is gone, the device's keys are not.
    forgetCountedHere();
    render(<HelpCard countAs="help-m1" />);
    await settle();
    expect(await counted()).toEqual([
      { id: expect.any(String), type: 'countHelpShown', day: TODAY, count: 1 },
    ]);
  });

  it("counts the 'Get help now' dialog each time it opens (a card with no key)", async () => {
    render(<HelpCard />).unmount();
    render(<HelpCard />);
    await waitFor(async () => expect(await counted()).toHaveLength(2));
  });

  it('counts the help card after her message and the card beside a teaser that spoke of help; a crisis reply (the server counts it), plain resources and other rows not at all', async () => {
    const persona = aChat({ id: 'c' }).persona;
    const bubble = (item: Parameters<typeof MessageBubble>[0]['item']) => (
      <MessageBubble item={item} persona={persona} onRetry={() => {}} onUpgrade={() => {}} />
    );
    const crisisReply = toChatItem({
      ...aMessage({ id: 'r1', isUser: false, isCrisis: true }),
      status: 'sent',
    });
    const ordinary = toChatItem({ ...aMessage({ id: 'r2', isUser: false }), status: 'sent' });
    const spokeOfHelp = toChatItem({
      ...aMessage({ id: 'r3', isUser: false, isTeaser: true, helpCard: true }),
      status: 'sent',
    });
    const view = render(
      bubble({ id: 'help-m1', timestamp: '', kind: 'help', situation: 'support' }),
    );
    view.rerender(bubble(crisisReply));
    view.rerender(bubble(ordinary));
    view.rerender(bubble(spokeOfHelp));
    render(<CrisisResources />);
    await waitFor(async () => expect(await counted()).toHaveLength(2));
    await settle();
    expect(await db.helpShown.toArray()).toEqual([
      { key: 'beside-r3', day: TODAY },
      { key: 'help-m1', day: TODAY },
    ]);
  });

  it('keeps the count in the outbox while offline and sends it with the next sync, once', async () => {
    const server = new FakeSyncServer();
    const engine = createSyncEngine({ transport: server, isOnline: () => true });
    server.failNext = 1;
    render(<HelpCard countAs="help-m1" />);
    await waitFor(async () => expect(await counted()).toHaveLength(1));
    await engine.sync();
    expect(engine.status()).toBe('offline');
    expect(await counted()).toHaveLength(1);
    expect(server.helpShown).toEqual([]);

    await engine.sync();
    expect(server.helpShown).toEqual([{ day: TODAY, count: 1 }]);
    expect(await counted()).toEqual([]);
    render(<HelpCard countAs="help-m1" />);
    await settle();
    await engine.sync();
    expect(server.helpShown).toEqual([{ day: TODAY, count: 1 }]);
    engine.stop();
  });

  it('hands counts not sent yet to the visitor queue when she logs out, which sends them', async () => {
    const network = fakeFetch();
    network.answerWith(200);
    startSendingVisitorHelpShown();
    render(<HelpCard countAs="help-m1" />);
    render(<HelpCard countAs="help-m2" />);
    await waitFor(async () => expect(await counted()).toHaveLength(2));
    await clearLocalData();
    expect(await db.outbox.count()).toBe(0);
    await vi.waitFor(() => expect(network.bodies).toEqual([{ day: TODAY, count: 2 }]));
    await vi.waitFor(() => expect(waitingHelpShown()).toEqual({}));
  });
});

describe("a visitor's device (no outbox)", () => {
  it('keeps the count in localStorage while offline and sends it when back online', async () => {
    const network = fakeFetch();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    startSendingVisitorHelpShown();
    const card = render(<HelpCard countAs="help-v1" />);
    card.rerender(<HelpCard countAs="help-v1" />);
    await settle();
    expect(waitingHelpShown()).toEqual({ [TODAY]: 1 });
    expect(network.bodies).toEqual([]);
    expect(await db.outbox.count()).toBe(0);

    onLine.mockReturnValue(true);
    network.answerWith(200);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(waitingHelpShown()).toEqual({}));
    expect(network.bodies).toEqual([{ day: TODAY, count: 1 }]);
  });

  it('keeps the count when the send fails or is rate limited, and drops one the server refuses for good', async () => {
    const network = fakeFetch();
    render(<HelpCard countAs="help-v1" />);
    await vi.waitFor(() => expect(network.bodies).toHaveLength(1));
    await settle();
    expect(waitingHelpShown()).toEqual({ [TODAY]: 1 });

    network.answerWith(429);
    render(<HelpCard countAs="help-v2" />);
    await vi.waitFor(() => expect(network.bodies).toHaveLength(2));
    await settle();
    expect(waitingHelpShown()).toEqual({ [TODAY]: 2 });

    network.answerWith(400);
    render(<HelpCard countAs="help-v3" />);
    await vi.waitFor(() => expect(waitingHelpShown()).toEqual({}));
    expect(network.bodies.at(-1)).toEqual({ day: TODAY, count: 3 });
  });
});
