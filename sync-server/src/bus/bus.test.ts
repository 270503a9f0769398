import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCluster } from '../../../scripts/postgres/cluster';
import type { Cluster } from '../../../scripts/postgres/cluster';
import { localBus, packPayloads, PAYLOAD_MAX_BYTES, postgresBus, unpackPayloads } from './bus';
import type { Bus, Channel } from './bus';

const logger = pino({ level: 'silent' });

/** Collects what `bus` hears on `channel`; `until(n)` waits for the nth payload. */
function hear(bus: Bus, channel: Channel) {
  const heard: string[] = [];
  const waiters: { n: number; done: () => void }[] = [];
  const stop = bus.subscribe(channel, (payload) => {
    heard.push(payload);
    for (const waiter of waiters.filter((each) => heard.length >= each.n)) waiter.done();
  });
  const until = (n: number, ms = 5000) =>
    new Promise<void>((resolve, reject) => {
      if (heard.length >= n) return resolve();
      const timer = setTimeout(() => reject(new Error(`heard ${heard.length} of ${n}`)), ms);
      waiters.push({ n, done: () => (clearTimeout(timer), resolve()) });
    });
  return { heard, until, stop };
}

describe('packing payloads for one NOTIFY', () => {
  it('gives back every payload in order, whatever its text', () => {
    const full = 'x'.repeat(PAYLOAD_MAX_BYTES);
    const payloads = ['a', '', '12:ab;cd', 'ünïcödé 👋', full, full];
    const packs = packPayloads(payloads, 7);
    expect(packs.flatMap(unpackPayloads)).toEqual(payloads);
    // Each pack fits PostgreSQL's limit, and each has its own number.
    for (const pack of packs) expect(Buffer.byteLength(pack)).toBeLessThan(8000);
    expect(packs.map((pack) => pack.split(';')[0])).toEqual(['7', '8']);
  });
});

describe('the local bus (SQLite, one process)', () => {
  it('tells every listener of the channel, on a later turn, in order, and only that channel', async () => {
    const bus = localBus();
    const changes = hear(bus, 'besties_changes');
    const replies = hear(bus, 'besties_replies');
    bus.publish('besties_changes', 'a');
    bus.publish('besties_changes', 'b');
    expect(changes.heard).toEqual([]);
    await changes.until(2);
    expect(changes.heard).toEqual(['a', 'b']);
    expect(replies.heard).toEqual([]);
    changes.stop();
    bus.publish('besties_changes', 'c');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(changes.heard).toEqual(['a', 'b']);
  });

  it('refuses a payload PostgreSQL would refuse', () => {
    expect(() => localBus().publish('besties_changes', 'x'.repeat(PAYLOAD_MAX_BYTES + 1))).toThrow(
      RangeError,
    );
  });
});

describe('the PostgreSQL bus (LISTEN/NOTIFY)', () => {
  let cluster: Cluster;
  let url: string;
  beforeAll(async () => {
    cluster = await startCluster();
    url = await cluster.createDatabase('bus');
  }, 60_000);
  afterAll(() => cluster?.stop());

  it("carries one process's payloads to another, and back to itself, in the order published", async () => {
    const a = postgresBus(url, logger);
    const b = postgresBus(url, logger);
    try {
      const onB = hear(b, 'besties_replies');
      const onA = hear(a, 'besties_replies');
      const other = hear(b, 'besties_changes');
      // Both listen before anything is sent.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const sent = Array.from({ length: 200 }, (_, index) => `piece ${index}`);
      for (const payload of sent) a.publish('besties_replies', payload);
      await onB.until(200);
      await onA.until(200);
      expect(onB.heard).toEqual(sent);
      expect(onA.heard).toEqual(sent);
      expect(other.heard).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('sends a burst in a few NOTIFYs, not one round trip each, identical payloads and all', async () => {
    const a = postgresBus(url, logger);
    const b = postgresBus(url, logger);
    const notifies = vi.spyOn(pg.Client.prototype, 'query');
    const notifiesSent = () =>
      notifies.mock.calls.filter(([text]) => String(text).includes('pg_notify')).length;
    try {
      const onB = hear(b, 'besties_replies');
      const changes = hear(b, 'besties_changes');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Pieces of a reply as the built-in engine makes them, some the same, one near the limit.
      const sent = [
        ...Array.from({ length: 500 }, (_, index) => (index % 3 === 0 ? ' ha' : `piece ${index}`)),
        'é'.repeat(PAYLOAD_MAX_BYTES / 2),
        '',
        'last',
      ];
      const before = notifiesSent();
      for (const payload of sent) a.publish('besties_replies', payload);
      a.publish('besties_changes', 'user-1');
      await onB.until(sent.length);
      await changes.until(1);
      expect(onB.heard).toEqual(sent);
      expect(changes.heard).toEqual(['user-1']);
      // One for the first piece, then what queued meanwhile, in packs of at most 8 kB.
      expect(notifiesSent() - before).toBeLessThan(10);
    } finally {
      notifies.mockRestore();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps going when PostgreSQL stops: drops what it cannot send, and says when it is back', async () => {
    const a = postgresBus(url, logger);
    const b = postgresBus(url, logger);
    try {
      const onB = hear(b, 'besties_changes');
      await new Promise((resolve) => setTimeout(resolve, 300));
      let resumed = 0;
      b.onResume(() => (resumed += 1));
      cluster.pause();
      expect(() => a.publish('besties_changes', 'while down')).not.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 500));
      cluster.resume();
      await expect.poll(() => resumed, { timeout: 15_000, interval: 100 }).toBe(1);
      // a is back too once it has reconnected: what it sends now arrives.
      await expect
        .poll(
          () => {
            a.publish('besties_changes', 'after');
            return onB.heard.includes('after');
          },
          { timeout: 15_000, interval: 300 },
        )
        .toBe(true);
      expect(onB.heard).not.toContain('while down');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 40_000);
});
