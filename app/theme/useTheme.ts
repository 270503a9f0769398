import { create } from 'zustand';
import { isTheme, THEME_STORAGE_KEY, type Theme } from '@shared/theme';
import type { PublicUser } from '@shared/user';
import { useUserStore } from '../state/useUserStore';
import { applyTheme, currentTheme, readStoredTheme, saveTheme } from './theme';

interface ThemeState {
  theme: Theme;
}

const useThemeStore = create<ThemeState>(() => ({ theme: currentTheme() }));

// The outbox and the sync engine are imported where used: every page shows the theme, and
// only a theme picked or one from her account needs them.

/** Shows a theme at once and keeps it on this device for the next visit. */
function showAndKeep(theme: Theme): void {
  applyTheme(theme);
  saveTheme(theme);
  useThemeStore.setState({ theme });
}

/** Her last theme choice on its way into the outbox (an account theme must not overtake it). */
let queueing: Promise<unknown> = Promise.resolve();

/**
 * She picks a theme: applied at once and kept on the device; signed in, it also goes to her
 * account (through the outbox, so offline too) and a new device starts in it.
 * A visitor's theme stays on the device.
 */
export function setTheme(theme: Theme): void {
  showAndKeep(theme);
  if (!useUserStore.getState().user) return;
  queueing = import('../db/outbox')
    .then(({ queueProfileUpdate }) => queueProfileUpdate({ theme }))
    .then(() => import('../sync/runtime'))
    .then(({ syncNow }) => syncNow())
    .catch((error: unknown) => console.error('Could not keep the theme on her account', error));
}

/**
 * A user from the server (login, sign-up, startup, a sync answer) brings her account's theme:
 * shown and kept here when it differs, unless a theme she chose here has not reached her
 * account yet (her latest choice wins).
 */
export async function adoptAccountTheme(user: PublicUser | null): Promise<void> {
  const theme = user?.theme;
  if (!theme || theme === useThemeStore.getState().theme) return;
  await queueing;
  if (await (await import('../db/outbox')).themeChangeWaiting()) return;
  // She may have picked again (or the user changed) while we looked.
  if (useUserStore.getState().user?.theme !== theme) return;
  if (theme !== useThemeStore.getState().theme) showAndKeep(theme);
}

/** Follows the signed-in user's account theme; returns the stop function. */
export function followAccountTheme(): () => void {
  void adoptAccountTheme(useUserStore.getState().user);
  return useUserStore.subscribe((state, previous) => {
    if (state.user !== previous.user) void adoptAccountTheme(state.user);
  });
}

/** Startup: make sure the saved theme is shown (also when the inline script was blocked),
 * follow changes made in another tab, and follow her account's theme. */
export function startTheme(): void {
  const theme = readStoredTheme();
  applyTheme(theme);
  useThemeStore.setState({ theme });
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    const next = isTheme(event.newValue) ? event.newValue : readStoredTheme();
    applyTheme(next);
    useThemeStore.setState({ theme: next });
  });
  followAccountTheme();
}

export function useTheme(): Theme {
  return useThemeStore((state) => state.theme);
}
