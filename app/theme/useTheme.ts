import { create } from 'zustand';
import { isTheme, THEME_STORAGE_KEY, type Theme } from '@shared/theme';
import { mirrorTheme } from '../db/settings';
import { applyTheme, currentTheme, readStoredTheme, saveTheme } from './theme';

interface ThemeState {
  theme: Theme;
}

const useThemeStore = create<ThemeState>(() => ({ theme: currentTheme() }));

/** Applies a theme at once and keeps it for the next visit. */
export function setTheme(theme: Theme): void {
  applyTheme(theme);
  saveTheme(theme);
  useThemeStore.setState({ theme });
  mirrorTheme(theme).catch(() => undefined);
}

/** Startup: make sure the saved theme is shown (also when the inline script was blocked), and
 * follow changes made in another tab. */
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
}

export function useTheme(): Theme {
  return useThemeStore((state) => state.theme);
}
