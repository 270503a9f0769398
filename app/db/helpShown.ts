import { DAY_MS, HELP_SHOWN_MAX_AGE_DAYS, utcDay, type UtcDay } from '@shared/referrals';
import type { Mutation } from '@shared/sync';
import { uuidv7 } from '@shared/uuid';
import { db } from './db';

/**
 * Help shown on her device (the yearly count): each help card counted once, its key
 * kept and a countHelpShown mutation queued in one Dexie transaction, so the count leaves the
 * device the one way everything of hers does (the outbox) and is applied once by the server.
 * One mutation per card: a count added to one already on its way could be lost with it.
 */

/** Counts the card under `key` on `day` unless it was counted already; true when counted now. */
export async function queueHelpShown(key: string, day: UtcDay): Promise<boolean> {
  return db.transaction('rw', db.helpShown, db.outbox, async () => {
    if (await db.helpShown.get(key)) return false;
    // Keys older than any count the server still takes are of no more use.
    const oldest = utcDay(Date.parse(`${day}T00:00:00Z`) - HELP_SHOWN_MAX_AGE_DAYS * DAY_MS);
    await db.helpShown.where('day').below(oldest).delete();
    await db.helpShown.put({ key, day });
    const mutation: Mutation = { id: uuidv7(), type: 'countHelpShown', day, count: 1 };
    await db.outbox.add({ mutation, createdAt: Date.now() });
    return true;
  });
}

/**
 * Before the device is wiped (logout, a deleted account): the help shown still waiting in the
 * outbox, per day, for the visitor's queue (app/safety/visitorHelpShown.ts), which sends it
 * without a session. It names nobody, so it is counted still rather than lost. Call inside a
 * transaction over the outbox, before it is cleared; hand it over once that has committed.
 */
export async function helpShownToHandOver(): Promise<Record<UtcDay, number>> {
  const entries = await db.outbox.toArray();
  const byDay: Record<UtcDay, number> = {};
  for (const { mutation } of entries) {
    if (mutation.type === 'countHelpShown') {
      byDay[mutation.day] = (byDay[mutation.day] ?? 0) + mutation.count;
    }
  }
  return byDay;
}
