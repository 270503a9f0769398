import {
  DAY_MS,
  HELP_SHOWN_MAX_AGE_DAYS,
  HELP_SHOWN_MAX_COUNT,
  utcDay,
  type HelpShownBody,
  type UtcDay,
} from '@shared/referrals';
import { ApiError } from '../http/client';
import { postHelpShown } from '../http/safety';

/**
 * Help shown on the device of a visitor, who has no outbox (the yearly count):
 * counted per UTC day in localStorage, each card once, and sent best-effort to
 * POST /api/safety/help-shown, now if online, else when the device is next online (or the app
 * next starts). The same queue takes a signed-in device's unsent counts when she logs out.
 * Only days and numbers are sent; the keys never leave the device.
 */

const KEYS_ITEM = 'besties.helpShown.keys';
const WAITING_ITEM = 'besties.helpShown.waiting';

type Sender = (body: HelpShownBody) => Promise<void>;

function read(item: string): Record<string, string | number> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(item) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, never>) : {};
  } catch {
    return {};
  }
}

function write(item: string, value: Record<string, string | number>): void {
  try {
    if (Object.keys(value).length === 0) localStorage.removeItem(item);
    else localStorage.setItem(item, JSON.stringify(value));
  } catch {
    // Storage full or refused (a private window): this count is lost, the app goes on.
  }
}

/** Counts waiting to be sent, by day. */
export function waitingHelpShown(): Record<UtcDay, number> {
  const waiting: Record<UtcDay, number> = {};
  for (const [day, count] of Object.entries(read(WAITING_ITEM))) {
    if (typeof count === 'number' && count > 0) waiting[day] = count;
  }
  return waiting;
}

function addWaiting(byDay: Record<UtcDay, number>, sign = 1): void {
  const waiting = waitingHelpShown();
  for (const [day, count] of Object.entries(byDay)) {
    const next = (waiting[day] ?? 0) + sign * count;
    if (next > 0) waiting[day] = next;
    else delete waiting[day];
  }
  write(WAITING_ITEM, waiting);
}

/** Counts the card under `key` on `day` unless it was counted on this device; true when counted now. */
export function countForVisitor(key: string, day: UtcDay): boolean {
  const keys = read(KEYS_ITEM);
  if (key in keys) return false;
  const oldest = utcDay(Date.parse(`${day}T00:00:00Z`) - HELP_SHOWN_MAX_AGE_DAYS * DAY_MS);
  for (const [kept, keptDay] of Object.entries(keys)) {
    if (typeof keptDay !== 'string' || keptDay < oldest) delete keys[kept];
  }
  write(KEYS_ITEM, { ...keys, [key]: day });
  addWaiting({ [day]: 1 });
  return true;
}

/**
 * Takes counts to send as a visitor's (a signed-in device's unsent ones, as she logs out),
 * sent once the caller's work (a Dexie transaction) is done, if the app has started sending.
 */
export function keepForVisitor(byDay: Record<UtcDay, number>): void {
  addWaiting(byDay);
  if (started) setTimeout(() => void sendVisitorHelpShown(), 0);
}

/**
 * Sends each day's waiting count, one request a day. A count the server refuses for good (a
 * 400: a day it no longer takes) is dropped; anything else (offline, 429, 5xx) stops here and
 * is tried again later. What was sent is taken off, so counts added meanwhile stay waiting.
 */
async function sendWaiting(send: Sender): Promise<void> {
  for (const [day, waiting] of Object.entries(waitingHelpShown())) {
    const count = Math.min(waiting, HELP_SHOWN_MAX_COUNT);
    try {
      await send({ day, count });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400)) return;
    }
    addWaiting({ [day]: count }, -1);
  }
}

let sending: Promise<void> | null = null;
let askedWhileSending = false;

/**
 * Sends what waits, if online. Calls while a send runs join it (and run once more after). Two
 * tabs take turns (Web Locks, where the browser has them), so none sends a count twice.
 */
export function sendVisitorHelpShown(send: Sender = postHelpShown): Promise<void> {
  if (sending) {
    askedWhileSending = true;
    return sending;
  }
  const once = () => {
    if (!navigator.onLine || Object.keys(waitingHelpShown()).length === 0) return Promise.resolve();
    const locks = navigator.locks as LockManager | undefined;
    return locks ? locks.request(WAITING_ITEM, () => sendWaiting(send)) : sendWaiting(send);
  };
  sending = (async () => {
    do {
      askedWhileSending = false;
      await once();
    } while (askedWhileSending);
  })().finally(() => {
    sending = null;
  });
  return sending;
}

/** Set by the app's start (main.tsx); a screen rendered alone (a test) sends nothing by itself. */
let started = false;

/**
 * At app start: sends what waits now, again whenever the device comes back online, and what a
 * logout hands over.
 */
export function startSendingVisitorHelpShown(): void {
  if (!started) {
    started = true;
    window.addEventListener('online', () => void sendVisitorHelpShown());
  }
  void sendVisitorHelpShown();
}
