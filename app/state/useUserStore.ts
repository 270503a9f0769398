import { create } from 'zustand';
import type { PublicUser } from '@shared/user';
import { onMutationSettled } from '../db/settled';
import { DB_NAME } from '../db/name';
import { getCurrentUser } from '../http/auth';
import { ApiError } from '../http/client';

export type UserStatus = 'loading' | 'ready';

interface UserState {
  status: UserStatus;
  user: PublicUser | null;
}

/**
 * Who is signed in. Loaded once at startup and again only when something changes it
 * (login, sign-up, logout, a payment): no refetch on focus, no polling (spec §7).
 */
export const useUserStore = create<UserState>(() => ({ status: 'loading', user: null }));

// Each load or direct set takes a ticket; only the newest one may write, so a slow startup
// answer ("nobody") can never overwrite the user who has just logged in.
let ticket = 0;

export function setUser(user: PublicUser | null): void {
  ticket += 1;
  useUserStore.setState({ status: 'ready', user });
}

/**
 * Her account changed (a profile saved, a picture uploaded): shown everywhere at once, if she
 * is still the one signed in (an answer arriving after she logged out changes nothing).
 */
export function updateUser(user: PublicUser): void {
  if (useUserStore.getState().user?.id !== user.id) return;
  setUser(user);
}

/**
 * Whether this browser has the device's store at all: a visitor who never chatted here has
 * not, and never loads it (a browser that cannot tell is asked the store itself).
 */
async function hasDeviceStore(): Promise<boolean> {
  // (Firefox before 126 has no `databases`.)
  const stores = await (indexedDB.databases as typeof indexedDB.databases | undefined)?.();
  return !stores || stores.some(({ name }) => name === DB_NAME);
}

/**
 * Asks the API who is signed in (with her profile changes still in the outbox on top). A
 * network or server failure keeps what we knew; with no network at startup she is the user
 * last signed in on this device, so her chats open offline. Nobody signed in: the data of
 * whoever owns the device is locked before anything is drawn (db/sessionLock.ts). The device's
 * store (Dexie) is loaded only for those: a visitor online who never chatted here never
 * fetches it.
 */
export async function refreshUser(): Promise<void> {
  const mine = ++ticket;
  const asked = useUserStore.getState();
  // Still the newest word: no later load, and nobody has set the store since we asked.
  const newest = () => mine === ticket && useUserStore.getState() === asked;
  try {
    const answer = await getCurrentUser();
    // (Not when she has just logged out or deleted her account here: that wipes it, and says so.)
    if (!answer && newest() && (await hasDeviceStore())) {
      await import('../db/sessionLock')
        .then(({ lockOwnerData }) => lockOwnerData(() => newest() && !!asked.user))
        .catch(() => undefined);
    }
    if (!newest()) return;
    useUserStore.setState({ status: 'ready', user: answer });
    if (!answer) return;
    // Her profile changes not sent yet stay on screen (the server hears of them soon). Shown
    // first as the server has it, so no screen waits on the device's store to open.
    const shown = useUserStore.getState();
    const user = await import('../db/outbox')
      .then(({ withWaitingProfile }) => withWaitingProfile(answer))
      .catch(() => answer);
    if (mine === ticket && useUserStore.getState() === shown && user !== answer) {
      useUserStore.setState({ user });
    }
  } catch (error) {
    const known = useUserStore.getState().user;
    const cached =
      known ??
      (error instanceof ApiError
        ? null
        : await import('../db/account').then(({ lastUser }) => lastUser()).catch(() => null));
    if (newest()) useUserStore.setState({ status: 'ready', user: cached });
  }
}

let started = false;

/** The startup load; later calls do nothing. */
export function loadUserOnce(): void {
  if (started) return;
  started = true;
  void refreshUser();
}

/** setTimeout's longest delay (about 24.8 days); a longer wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
let expiryTimer: number | undefined;

/**
 * Her plan ends on every screen at once when `subscriptionEndsAt` passes: she is free here
 * straight away (the server already says so), and the server is asked again in case another
 * plan follows on.
 */
function watchPlanEnd(user: PublicUser | null): void {
  window.clearTimeout(expiryTimer);
  if (!user?.subscriptionEndsAt || user.subscriptionTier === 'free') return;
  const left = Date.parse(user.subscriptionEndsAt) - Date.now();
  if (Number.isNaN(left)) return;
  if (left > MAX_TIMER_MS) {
    expiryTimer = window.setTimeout(() => watchPlanEnd(user), MAX_TIMER_MS);
    return;
  }
  expiryTimer = window.setTimeout(
    () => {
      const { user: current } = useUserStore.getState();
      if (current?.id !== user.id) return;
      useUserStore.setState({
        user: { ...current, subscriptionTier: 'free', subscriptionEndsAt: null },
      });
      void refreshUser();
    },
    Math.max(0, left),
  );
}

useUserStore.subscribe((state, previous) => {
  if (state.user !== previous.user) watchPlanEnd(state.user);
});

// The outcome of a profile change, wherever it was made: her account as the server now has
// it, or, when the server refused the change, her account asked again so the screen shows
// the truth instead of what was refused.
onMutationSettled(({ mutation, result, user }) => {
  if (mutation.type !== 'updateProfile') return;
  if (user) updateUser(user);
  else if (result.status === 'rejected') void refreshUser();
});
