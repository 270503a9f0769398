import { stringRecordOf } from '@shared/json';

/**
 * The upgrade dialog opens by itself at most once per chat per day: the day of each
 * chat's last nudge is kept on the device (localStorage, days of her own calendar), so a reload
 * or another tab does not ask again. After that the teaser's own button is the way in.
 */

const ITEM = 'besties.upgradeNudge';

/** Her calendar day, as 2026-11-28 (the nudge's "per day" is hers, not UTC's). */
export function localDay(at: Date): string {
  const month = String(at.getMonth() + 1).padStart(2, '0');
  const day = String(at.getDate()).padStart(2, '0');
  return `${at.getFullYear()}-${month}-${day}`;
}

function read(): Record<string, string> {
  try {
    return stringRecordOf(localStorage.getItem(ITEM) ?? '{}');
  } catch {
    return {}; // storage refused (a private window's quota, a blocked origin)
  }
}

/** True when this chat's dialog has already opened by itself today. */
export function nudgedToday(chatId: string, now = new Date()): boolean {
  return read()[chatId] === localDay(now);
}

/** Records today's nudge for this chat; other days' entries are dropped (they no longer count). */
export function markNudged(chatId: string, now = new Date()): void {
  const today = localDay(now);
  const kept = Object.fromEntries(Object.entries(read()).filter(([, day]) => day === today));
  kept[chatId] = today;
  try {
    localStorage.setItem(ITEM, JSON.stringify(kept));
  } catch {
    // Storage refused (a private window): the nudge may ask again after a reload, no more.
  }
}
