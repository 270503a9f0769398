import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYNC_EVENTS_PATH } from '@shared/sync';
import { FakeEventSource } from './eventSource.fake';
import { openLiveChannel, reconnectDelayMs, type LiveChannel } from './liveChannel';

let changes: number;
let channel: LiveChannel;

const made = () => FakeEventSource.made;
const latest = () => FakeEventSource.latest()!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.made = [];
  changes = 0;
  channel = openLiveChannel({
    onChange: () => (changes += 1),
    open: (url) => new FakeEventSource(url),
  });
});

afterEach(() => {
  channel.close();
  vi.useRealTimers();
});

/** The channel opened again with `onAccount`, and how often it has been called. */
function withAccountCalls(): { count: number } {
  channel.close();
  const accounts = { count: 0 };
  channel = openLiveChannel({
    onChange: () => (changes += 1),
    onAccount: () => (accounts.count += 1),
    open: (url) => new FakeEventSource(url),
  });
  return accounts;
}

describe('the live sync channel', () => {
  it('opens /api/sync/events and pulls on open and on each changed event', () => {
    expect(made().map((source) => source.url)).toEqual([SYNC_EVENTS_PATH]);
    latest().opened();
    expect(changes).toBe(1);
    latest().send('changed');
    latest().send('changed');
    expect(changes).toBe(3);
    latest().send('something-else');
    expect(changes).toBe(3);
  });

  it('fetches her account again when an event says it changed', () => {
    const accounts = withAccountCalls();
    latest().opened();
    latest().send('changed');
    expect(accounts.count).toBe(0);
    latest().send('changed', '{"seq":4,"account":true}');
    expect(accounts.count).toBe(1);
    expect(changes).toBe(3);
    latest().send('changed', 'not json');
    expect(accounts.count).toBe(1);
  });

  it('asks for her account when the server says this session ended (signed out elsewhere)', () => {
    const accounts = withAccountCalls();
    latest().opened();
    latest().send('ended', '{}');
    expect(accounts.count).toBe(1);
    // Not a change of her rows: nothing to pull.
    expect(changes).toBe(1);
  });

  it('waits 1 s, 2 s, 4 s ... up to 30 s between attempts while it cannot connect', () => {
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const failed = latest();
      failed.fail();
      expect(failed.closed).toBe(true);
      const before = made().length;
      let waited = 0;
      while (made().length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(reconnectDelayMs(20)).toBe(30_000);
  });

  it('starts again from 1 s once it has opened, and pulls on reopening', () => {
    latest().fail();
    vi.advanceTimersByTime(1000);
    latest().fail();
    vi.advanceTimersByTime(2000);
    latest().opened();
    expect(changes).toBe(1);
    latest().fail();
    vi.advanceTimersByTime(999);
    expect(made()).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(made()).toHaveLength(4);
    latest().opened();
    expect(changes).toBe(2);
  });

  it('reconnects at once when the network comes back, instead of waiting', () => {
    latest().fail();
    latest().fail();
    channel.reconnectNow();
    expect(made()).toHaveLength(2);
    // Nothing to do when it is not waiting.
    channel.reconnectNow();
    expect(made()).toHaveLength(2);
  });

  it('closes for good when she signs out: no event, error or timer opens it again', () => {
    const source = latest();
    source.fail();
    channel.close();
    vi.advanceTimersByTime(60_000);
    expect(made()).toHaveLength(1);

    const open = openLiveChannel({
      onChange: () => (changes += 1),
      open: (url) => new FakeEventSource(url),
    });
    const live = latest();
    open.close();
    expect(live.closed).toBe(true);
    live.send('changed');
    live.fail();
    vi.advanceTimersByTime(60_000);
    expect(changes).toBe(0);
    expect(made()).toHaveLength(2);
  });
});
