import { setImmediate } from 'node:timers';
import { afterCommit } from '../db/database';
import type { Db } from '../db/database';

/**
 * "Her data changed", from the code that writes it to the devices that follow it (GET
 * /api/sync/events). In this process for now. With PostgreSQL (ARCHITECTURE.md, Growing past
 * one VM) `changed` would be a NOTIFY in the writing transaction and each process would LISTEN
 * on one connection and call its own subscribers: the same interface.
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

export function createChangeFeed(): ChangeFeed {
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

  return {
    changed(userId, what = 'rows') {
      // Nobody follows her (most writes on a server with few devices open): nothing to do.
      if (!following.has(userId)) return;
      if (due.size === 0) setImmediate(deliver);
      due.set(userId, (due.get(userId) ?? false) || what === 'account');
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
