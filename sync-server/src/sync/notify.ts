import { setImmediate } from 'node:timers';
import { afterCommit } from '../db/database';
import type { Db } from '../db/database';
import { localBus } from '../bus/bus';
import type { Bus } from '../bus/bus';

/**
 * "Her data changed", from the code that writes it to the devices that follow it (GET
 * /api/sync/events), in whichever process they are connected to: `changed` is published on
 * the bus (bus/bus.ts: NOTIFY on PostgreSQL, in-process on SQLite) once the write commits, and
 * each process tells its own subscribers.
 */
export interface ChangeFeed {
  /**
   * Her change sequence advanced. Call it with the Db the write ran on (its transaction, if
   * any), as a NOTIFY would be: subscribers hear once that transaction has committed (never if
   * it is rolled back) and that turn of the event loop is over, once per turn however many
   * writes.
   */
  changed(userId: string, what?: Change): void;
  /** Follows her changes; answers the unsubscribe. */
  subscribe(userId: string, subscriber: Subscriber): () => void;
  /** How many follow her in this process. */
  subscribers(userId: string): number;
  /** Tells every subscriber the feed is closing (server shutdown) and forgets them. */
  close(): void;
}

/** What changed: her rows (chats, messages: pull), or her account (profile, plan: fetch it). */
export type Change = 'rows' | 'account';

export interface Subscriber {
  /** `account`: her account changed too (or only), not just her rows. */
  changed(account: boolean): void;
  /** The feed closed: the subscriber ends what it holds open. */
  closed(): void;
}

/**
 * The feeds by database. A transaction is a Db of its own but shares its database's adapter
 * (Kysely makes one per database), so the adapter finds the same feed from either.
 */
const feeds = new WeakMap<object, ChangeFeed>();

/**
 * Makes `bus` carry the changes of the database `db`: its feed then hears every process's
 * writes, not only this one's. Call once, before any change (createApp does).
 */
export function useBus(db: Db, bus: Bus): ChangeFeed {
  const feed = createChangeFeed(bus);
  feeds.set(db.getExecutor().adapter, feed);
  return feed;
}

/**
 * The one feed of this database, as seen from `db`: `changed` waits for the commit of the
 * transaction `db` is (at once when it is none).
 */
export function changeFeed(db: Db): ChangeFeed {
  const key = db.getExecutor().adapter;
  let feed = feeds.get(key);
  if (!feed) {
    feed = createChangeFeed();
    feeds.set(key, feed);
  }
  const shared = feed;
  return {
    ...shared,
    changed: (userId, what) => afterCommit(db, () => shared.changed(userId, what)),
  };
}

export function createChangeFeed(bus: Bus = localBus()): ChangeFeed {
  const following = new Map<string, Set<Subscriber>>();
  /** Users due an event at the end of this turn, and whether their account changed. */
  const due = new Map<string, boolean>();

  function deliver(): void {
    const users = [...due];
    due.clear();
    for (const [userId, account] of users) {
      for (const subscriber of [...(following.get(userId) ?? [])]) subscriber.changed(account);
    }
  }

  function heard(userId: string, account: boolean): void {
    // Nobody follows her here (most writes on a server with few devices open): nothing to do.
    if (!following.has(userId)) return;
    if (due.size === 0) setImmediate(deliver);
    due.set(userId, (due.get(userId) ?? false) || account);
  }

  bus.subscribe('besties_changes', (payload) => {
    const [userId, account] = JSON.parse(payload) as [string, 0 | 1];
    heard(userId, account === 1);
  });
  // The bus was away (PostgreSQL restarted): what it missed is unknown, so every device here
  // pulls, her account included.
  bus.onResume(() => {
    for (const userId of following.keys()) heard(userId, true);
  });

  return {
    changed(userId, what = 'rows') {
      bus.publish('besties_changes', JSON.stringify([userId, what === 'account' ? 1 : 0]));
    },
    subscribe(userId, subscriber) {
      const set = following.get(userId) ?? new Set();
      set.add(subscriber);
      following.set(userId, set);
      return () => {
        set.delete(subscriber);
        if (set.size === 0 && following.get(userId) === set) following.delete(userId);
      };
    },
    subscribers: (userId) => following.get(userId)?.size ?? 0,
    close() {
      const all = [...following.values()].flatMap((set) => [...set]);
      following.clear();
      due.clear();
      for (const subscriber of all) subscriber.closed();
    },
  };
}
