import { DEFAULT_THEME, isTheme, THEME_STORAGE_KEY, type Theme } from '@shared/theme';

/** The browser chrome colour per theme; index.html's startup script holds the same values. */
export const THEME_COLORS: Record<Theme, string> = {
  pink: '#ffe4ef',
  light: '#f7f5fa',
  dark: '#17121c',
};

/** The saved theme, or pink when none is saved, it is unknown, or storage is blocked. */
export function readStoredTheme(): Theme {
  try {
    const saved = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(saved) ? saved : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** Shows a theme at once: the document attribute the stylesheet keys on, and the chrome colour. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

export function saveTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked: the theme still applies for this visit.
  }
}

/** The theme on screen now (set before first paint by index.html). */
export function currentTheme(): Theme {
  const shown = document.documentElement.dataset.theme;
  return isTheme(shown) ? shown : readStoredTheme();
}
