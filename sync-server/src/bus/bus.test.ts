import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../../../scripts/postgres/cluster';
import type { Cluster } from '../../../scripts/postgres/cluster';
import { localBus, PAYLOAD_MAX_BYTES, postgresBus } from './bus';
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
