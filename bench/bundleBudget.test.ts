import { describe, expect, it } from 'vitest';
import {
  chunkKeyOf,
  developmentBuilds,
  htmlScripts,
  measurePages,
  staticClosure,
  type Manifest,
} from './bundleBudget';

// entry -> vendor -> shared; the chat route -> shared, chatPart; chatPart -> (lazy) dialog;
// the landing route -> (lazy) chat route; a cycle between vendor and shared.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/entry.js',
    imports: ['_vendor.js'],
    dynamicImports: ['routes/Landing.tsx', 'routes/Chat.tsx'],
  },
  '_vendor.js': { file: 'assets/vendor.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', imports: ['_vendor.js'] },
  'routes/Landing.tsx': { file: 'assets/landing.js', dynamicImports: ['routes/Chat.tsx'] },
  'routes/Chat.tsx': { file: 'assets/chat.js', imports: ['_shared.js', '_chatPart.js'] },
  '_chatPart.js': { file: 'assets/chatPart.js', dynamicImports: ['_dialog.js'] },
  '_dialog.js': { file: 'assets/dialog.js' },
};

const html = `<!doctype html><html><head>
  <script>document.documentElement.dataset.theme = 'pink';</script>
  <script type="module" crossorigin src="/assets/entry.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/vendor.js">
  <link rel="stylesheet" href="/assets/entry.css">
</head><body><div id="root"></div></body></html>`;

describe('the initial JavaScript of a page', () => {
  it('follows static imports transitively, each file once, and stops at dynamic imports', () => {
    expect(staticClosure(manifest, ['index.html'])).toEqual([
      'assets/entry.js',
      'assets/vendor.js',
      'assets/shared.js',
    ]);
    expect(staticClosure(manifest, ['index.html', 'routes/Chat.tsx'])).toEqual([
      'assets/entry.js',
      'assets/vendor.js',
      'assets/shared.js',
      'assets/chat.js',
      'assets/chatPart.js',
    ]);
  });

  it('refuses a chunk the manifest does not have (a renamed route)', () => {
    expect(() => staticClosure(manifest, ['routes/Gone.tsx'])).toThrow(
      '"routes/Gone.tsx" is not in the build manifest',
    );
  });

  it("reads index.html's module scripts and module preloads, not inline scripts or styles", () => {
    expect(htmlScripts(html)).toEqual(['assets/entry.js', 'assets/vendor.js']);
  });

  it('sums the gzip sizes in kB and fails a page over its budget', () => {
    const sizes: Record<string, number> = {
      'assets/entry.js': 50_000,
      'assets/vendor.js': 40_000,
      'assets/shared.js': 10_000,
      'assets/landing.js': 15_000,
      'assets/chat.js': 60_000,
      'assets/chatPart.js': 5_000,
      'assets/dialog.js': 99_000,
    };
    const pages = measurePages({
      html,
      manifest,
      pages: [
        { page: '/', lazyChunks: ['routes/Landing.tsx'], budgetKb: 120 },
        { page: '/chat', lazyChunks: ['routes/Chat.tsx'], budgetKb: 160 },
      ],
      gzipBytes: (file) => sizes[file]!,
      sourcesOf: () => [],
    });
    expect(pages.map(({ page, kb, pass }) => ({ page, kb, pass }))).toEqual([
      { page: '/', kb: 115, pass: true },
      { page: '/chat', kb: 165, pass: false },
    ]);
  });

  it('counts a module the build grouped into a shared chunk as that chunk', () => {
    // The sync session, loaded on demand, lives in _shared.js among others: no key of its own.
    const sources: Record<string, string[]> = {
      'assets/shared.js': ['../../app/db/db.ts', '../../app/sync/SyncSession.tsx'],
      'assets/chat.js': ['../../app/routes/Chat.tsx'],
    };
    const sourcesOf = (file: string) => sources[file] ?? [];
    expect(chunkKeyOf(manifest, 'routes/Chat.tsx', sourcesOf)).toBe('routes/Chat.tsx');
    expect(chunkKeyOf(manifest, 'sync/SyncSession.tsx', sourcesOf)).toBe('_shared.js');
    expect(() => chunkKeyOf(manifest, 'sync/Gone.tsx', sourcesOf)).toThrow(
      '"sync/Gone.tsx" is in 0 chunks of the build manifest, not one',
    );
    const [landing] = measurePages({
      html,
      manifest,
      pages: [
        { page: '/', lazyChunks: ['routes/Landing.tsx', 'sync/SyncSession.tsx'], budgetKb: 1 },
      ],
      gzipBytes: () => 1000,
      sourcesOf,
    });
    expect(landing!.files).toEqual([
      'assets/entry.js',
      'assets/vendor.js',
      'assets/shared.js',
      'assets/landing.js',
    ]);
  });
});

describe("a library's development build in the bundle", () => {
  const sources: Record<string, string[]> = {
    'assets/index.js': [
      '../../node_modules/react-dom/cjs/react-dom-client.production.js',
      '../../node_modules/react-router/dist/production/chunk-HEAXLYUI.mjs',
      '../../app/main.tsx',
    ],
    'assets/router.js': ['../../node_modules/react-router/dist/development/chunk-YDNE64FV.mjs'],
    'assets/react.js': ['../../node_modules/react/cjs/react.development.js'],
    'assets/scoped.js': ['../../node_modules/@scope/lib/dist/development/index.mjs'],
    'assets/app.js': ['../../app/routes/development/Notes.tsx', '../../app/db/development.ts'],
  };
  const sourcesOf = (file: string) => sources[file] ?? [];

  it("names each file that ships one, with its sources, and never the app's own files", () => {
    expect(developmentBuilds(Object.keys(sources), sourcesOf)).toEqual([
      {
        file: 'assets/router.js',
        sources: ['../../node_modules/react-router/dist/development/chunk-YDNE64FV.mjs'],
      },
      { file: 'assets/react.js', sources: ['../../node_modules/react/cjs/react.development.js'] },
      {
        file: 'assets/scoped.js',
        sources: ['../../node_modules/@scope/lib/dist/development/index.mjs'],
      },
    ]);
  });
});
