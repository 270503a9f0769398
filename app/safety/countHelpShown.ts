import { utcDay } from '@shared/referrals';
import { useUserStore } from '../state/useUserStore';

/**
 * The yearly count (SB 243's referral totals): a help card shown on this device is counted once per
 * `key`, on the UTC day it was shown, with nothing else about it. Signed in, it waits in her
 * outbox (app/db/helpShown.ts) and reaches the server with her next sync, offline or not; a
 * visitor's is kept in localStorage and sent without a session (./visitorHelpShown.ts).
 * Never throws: counting must never stand between her and the help.
 */

const countedHere = new Set<string>();

export async function countHelpShown(key: string, now: number = Date.now()): Promise<void> {
  if (countedHere.has(key)) return;
  countedHere.add(key);
  const day = utcDay(now);
  try {
    if (useUserStore.getState().user) {
      const { queueHelpShown } = await import('../db/helpShown');
      if (await queueHelpShown(key, day)) {
        const { requestSync } = await import('../sync/requestSync');
        void requestSync();
      }
    } else {
      const { countForVisitor, sendVisitorHelpShown } = await import('./visitorHelpShown');
      if (countForVisitor(key, day)) void sendVisitorHelpShown();
    }
  } catch (error) {
    // Not counted (storage refused): it may be counted when shown again.
    countedHere.delete(key);
    console.error('Help shown not counted', error);
  }
}

/** Forgets what this tab counted (tests start each from a fresh device). */
export function forgetCountedHere(): void {
  countedHere.clear();
}
