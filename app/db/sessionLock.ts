import { toast } from '../state/useToastStore';
import { clearLocalData } from './chats';
import { db } from './db';

/**
 * When her session ends without the log-out button (she signed out everywhere from another
 * device, reset her password, or it expired or was cleared), the device locks her data rather
 * than show it to whoever opens the app next: every read a screen makes of it shows nothing
 * (chats.ts, lockedHere) and sync stops with her. What happens next:
 * - she signs in again here: her data comes back and her outbox is sent (sync.ts,
 *   claimDevice, which also wipes it first when anyone else signs in or up);
 * - a visitor starts chatting: wiped (forgetLockedData), as the log-out button wipes it;
 * - 24 hours pass: wiped at the next check (the app's start, or her session found ended again).
 * The lock is kept in the device's store (meta `lockedAt`, beside `userId`, whose data it is),
 * so it survives a reload.
 */

/** How long her locked data waits for her on the device. */
export const LOCK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Said once, when her session is found ended while she is here. */
export const SIGNED_OUT_NOTICE = {
  title: 'You were signed out',
  description: 'Log in again to see your chats.',
};

/**
 * Nobody is signed in (the API said 401 to "who am I?"): locks the data of whoever owns the
 * device, or wipes it once it has been locked for 24 hours. She is told when `tellHer()` says
 * she was using the app just now (and nothing has happened since: a log-out says its own).
 */
export async function lockOwnerData(tellHer: () => boolean, now = Date.now()): Promise<void> {
  const expired = await db.transaction('rw', db.meta, async () => {
    if ((await db.meta.get('userId')) === undefined) return false;
    const lockedAt = (await db.meta.get('lockedAt'))?.value as number | undefined;
    if (lockedAt === undefined) {
      await db.meta.put({ key: 'lockedAt', value: now });
      return false;
    }
    // A clock set back counts as expired too: the lock never outlives a day by accident.
    return now - lockedAt >= LOCK_LIFETIME_MS || now < lockedAt;
  });
  if (expired) await clearLocalData();
  else if (tellHer()) toast(SIGNED_OUT_NOTICE);
}

/**
 * A visitor starts chatting on a device that still holds someone's data (locked, or left by a
 * session that ended before the lock existed): it is wiped first, as the log-out button does.
 */
export async function forgetLockedData(): Promise<void> {
  if ((await db.meta.get('userId')) !== undefined) await clearLocalData();
}
