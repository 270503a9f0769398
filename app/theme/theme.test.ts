import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, readStoredTheme, saveTheme, THEME_COLORS } from './theme';
import { setTheme } from './useTheme';
import indexHtml from '../index.html?raw';

/** The classic script in index.html's <head> that runs before first paint. */
function runBootstrapScript(): void {
  const match = /<script>([\s\S]*?)<\/script>/.exec(indexHtml);
  if (!match?.[1]) throw new Error('index.html has no inline theme script');
  new Function(match[1])();
}

function themeColor(): string | null {
  return document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null;
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="theme-color" content="#000000" />';
  delete document.documentElement.dataset.theme;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the theme bootstrap in index.html', () => {
  it('sits in <head>, before the app script', () => {
    const head = indexHtml.slice(0, indexHtml.indexOf('</head>'));
    expect(head).toContain("localStorage.getItem('theme')");
    expect(indexHtml.indexOf('<script>')).toBeLessThan(indexHtml.indexOf('/main.tsx'));
  });

  it('uses pink when nothing is saved', () => {
    runBootstrapScript();
    expect(document.documentElement.dataset.theme).toBe('pink');
    expect(themeColor()).toBe(THEME_COLORS.pink);
  });

  it.each(['pink', 'light', 'dark'] as const)('applies a saved %s theme', (theme) => {
    localStorage.setItem('theme', theme);
    runBootstrapScript();
    expect(document.documentElement.dataset.theme).toBe(theme);
    expect(themeColor()).toBe(THEME_COLORS[theme]);
  });

  it('ignores an unknown saved value', () => {
    localStorage.setItem('theme', 'neon');
    runBootstrapScript();
    expect(document.documentElement.dataset.theme).toBe('pink');
  });

  it('falls back to pink when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    runBootstrapScript();
    expect(document.documentElement.dataset.theme).toBe('pink');
    expect(readStoredTheme()).toBe('pink');
  });
});

describe('applying and saving a theme', () => {
  it('reads the saved theme, pink by default or when unknown', () => {
    expect(readStoredTheme()).toBe('pink');
    localStorage.setItem('theme', 'dark');
    expect(readStoredTheme()).toBe('dark');
    localStorage.setItem('theme', 'DARK');
    expect(readStoredTheme()).toBe('pink');
  });

  it('applies a theme to the document attribute and the browser colour', () => {
    applyTheme('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(themeColor()).toBe(THEME_COLORS.light);
  });

  it('setTheme applies at once and saves under the key theme', () => {
    setTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('still applies when saving is blocked', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => saveTheme('light')).not.toThrow();
    setTheme('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
