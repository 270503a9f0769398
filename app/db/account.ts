import type { PublicUser } from '@shared/user';
import { clearLocalData, lockedHere } from './chats';
import { db } from './db';
import { withWaitingProfile } from './outbox';

/** Whose device this is: the account signed in here, kept for offline starts. */

/**
 * Makes the device hers: when another user's data is here it is wiped, as the log-out button
 * wipes it, before anything of hers is written; her own data, locked when her session ended
 * (sessionLock.ts), is hers to see again, and what she wrote offline is sent.
 * (Logging out wipes everything, so data of nobody known is hers.)
 */
export async function claimDevice(user: PublicUser): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const owner = (await db.meta.get('userId'))?.value;
    if (owner !== user.id) {
      if (owner !== undefined) await clearLocalData();
      await db.meta.put({ key: 'userId', value: user.id });
    }
    await db.meta.delete('lockedAt');
    await db.meta.put({ key: 'user', value: user });
  });
}

/**
 * The user last signed in on this device, for starting with no network; nobody once her
 * session has ended here (her data is locked).
 */
export async function lastUser(): Promise<PublicUser | null> {
  if (await lockedHere()) return null;
  const row = await db.meta.get('user');
  return (row?.value as PublicUser | undefined) ?? null;
}

/**
 * Her account as the server answered it (a push result, a picture upload) becomes the
 * device's, with her profile changes still waiting kept on top; returns it. Nothing is kept
 * when the device belongs to another account.
 */
export async function keepAccount(answer: PublicUser): Promise<PublicUser | undefined> {
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const owner = (await db.meta.get('userId'))?.value;
    if (owner !== undefined && owner !== answer.id) return undefined;
    const user = await withWaitingProfile(answer);
    await db.meta.put({ key: 'user', value: user });
    return user;
  });
}
