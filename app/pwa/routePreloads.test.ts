import { afterEach, describe, expect, it } from 'vitest';
import { routePreloadScript, type BuiltChunk } from './routePreloads';

const chunk = (fileName: string, imports: string[], facade: string | null = null): BuiltChunk => ({
  fileName,
  imports,
  isEntry: fileName === 'assets/index.js',
  facadeModuleId: facade,
});

const BUILD = [
  chunk('assets/index.js', ['assets/react.js']),
  chunk('assets/react.js', []),
  chunk(
    'assets/ChatPage.js',
    ['assets/db.js', 'assets/react.js'],
    '/src/app/routes/Chat/ChatPage.tsx',
  ),
  chunk('assets/db.js', ['assets/dexie.js']),
  chunk('assets/dexie.js', []),
];
const CHAT = [{ module: 'routes/Chat/ChatPage.tsx', path: '^/chat(/|$)' }];

/** Runs the script as index.html would on `pathname`; the modules it preloads. */
function preloadedOn(pathname: string, script: string): string[] {
  window.history.replaceState(null, '', pathname);
  new Function(script)();
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );
}

afterEach(() => {
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('route preloads', () => {
  it("asks for the chat screen's chunks on a chat address, not those the entry loads itself", () => {
    const script = routePreloadScript(BUILD, CHAT)!;
    expect(preloadedOn('/chat/8a1c1f7e', script)).toEqual([
      '/assets/ChatPage.js',
      '/assets/db.js',
      '/assets/dexie.js',
    ]);
  });

  it('asks for nothing on other pages, /chat-like ones included', () => {
    const script = routePreloadScript(BUILD, CHAT)!;
    expect(preloadedOn('/', script)).toEqual([]);
    expect(preloadedOn('/chatter', script)).toEqual([]);
    expect(preloadedOn('/chat', script)).toHaveLength(3);
  });

  it('refuses a build without the route (a renamed screen would silently lose its preloads)', () => {
    expect(() =>
      routePreloadScript(BUILD, [{ module: 'routes/Gone.tsx', path: '^/gone' }]),
    ).toThrow(/routes\/Gone\.tsx/);
  });
});
