import { createHash } from 'node:crypto';
import {
  copyFileSync,
  createReadStream,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// Vite 8 bundles with Rolldown (a dependency of Vite's own): only its types are read here.
import type { CodeSplittingGroup } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest } from './app/pwa/manifest';
import { routePreloadScript, type BuiltChunk } from './app/pwa/routePreloads';
import { SHARE_TARGET_SCRIPT, shareTargetScript } from './app/pwa/shareTarget';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * What on-device OCR loads, by its path under /ocr/ (app/ocr/tesseract.ts): tesseract.js's
 * worker script, the LSTM-only core builds (the worker picks relaxed-SIMD, SIMD or plain; the
 * app asks for OEM.LSTM_ONLY, so the builds with the legacy engine are never loaded), and the
 * eng LSTM traineddata. Served from our own origin, never a CDN, never committed.
 */
function ocrFiles(): Map<string, string> {
  const coreDir = fromRoot('./node_modules/tesseract.js-core');
  const files = new Map<string, string>([
    ['worker.min.js', fromRoot('./node_modules/tesseract.js/dist/worker.min.js')],
    [
      'lang/eng.traineddata.gz',
      fromRoot('./node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz'),
    ],
  ]);
  for (const name of readdirSync(coreDir).filter((file) => file.endsWith('-lstm.wasm.js'))) {
    files.set(`core/${name}`, join(coreDir, name));
  }
  return files;
}

/**
 * The OCR files in the service worker's precache, each with its content's hash as revision:
 * installed with the app, so the first screenshot she reads loads them from the
 * device, not the network, and reads offline from the start. About 15 MB: each of the three
 * core builds is 3.9 MB, and a precache list cannot know which one this device will pick.
 * Workbox's per-file size limit applies to globbed files only, so none needs raising.
 */
function ocrPrecacheEntries(files: Map<string, string>) {
  return [...files].map(([name, file]) => ({
    url: `/ocr/${name}`,
    revision: createHash('md5').update(readFileSync(file)).digest('hex'),
  }));
}

/** Copies the OCR files into the build's /ocr/ and serves them from node_modules in `vite dev`. */
function ocrAssets(): Plugin {
  const files = ocrFiles();
  let outDir = '';
  return {
    name: 'besties-ocr-assets',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    configureServer(server) {
      server.middlewares.use('/ocr/', (req, res, next) => {
        const file = files.get((req.url ?? '').split('?')[0]!.replace(/^\//, ''));
        if (!file) return next();
        res.setHeader(
          'Content-Type',
          file.endsWith('.js') ? 'text/javascript' : 'application/gzip',
        );
        createReadStream(file).pipe(res);
      });
    },
    writeBundle() {
      writeFileSync(join(outDir, SHARE_TARGET_SCRIPT), shareTargetScript());
      for (const [name, file] of files) {
        const target = join(outDir, 'ocr', name);
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(file, target);
      }
    },
  };
}

/** The chat screen's chunks, asked for as the page starts on a chat address (routePreloads.ts). */
function routePreloads(): Plugin {
  return {
    name: 'besties-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((output): BuiltChunk[] =>
          output.type === 'chunk' ? [output] : [],
        );
        const script = routePreloadScript(chunks, [
          { module: 'routes/Chat/ChatPage.tsx', path: '^/chat(/|$)' },
        ]);
        return script ? [{ tag: 'script', children: script, injectTo: 'head' }] : [];
      },
    },
  };
}

/** A group's `test`: the module's path holds one of these (with / or \\ between folders). */
const modulesAt =
  (paths: string[]) =>
  (id: string): boolean =>
    paths.some((path) => id.replaceAll('\\', '/').includes(path));

/**
 * Fewer, larger chunks on a first load. Left to itself, the bundler cuts the chat screen's
 * first load into many small files, because other screens share each piece. Over HTTP/1.1 a
 * page gets six connections, and every small file holds one for a round trip while the big
 * ones wait their turn: on a phone's network, her messages showed noticeably later
 * (Lighthouse's LCP; bench/HISTORY.md). Groups are taken in the order written; a module goes to
 * the first that takes it.
 */
const CHUNK_GROUPS: CodeSplittingGroup[] = [
  // Everything the entry loads anyway (React, the router, the app shell): in the entry chunk,
  // rather than in pieces some later screen also imports.
  { name: 'index', tags: ['$initial'] },
  // The data layer of a signed-in screen (Dexie, her chats, the outbox, the sync session), and
  // its icon buttons with their tooltips: one chunk, loaded with the chat or settings screen,
  // never with the landing page (shared by both, the buttons would be a file of their own).
  {
    name: 'chat-data',
    test: modulesAt([
      'app/components/ui/Icon.tsx',
      'app/components/ui/IconButton.tsx',
      'app/components/ui/IconTooltip.tsx',
      'node_modules/dexie/',
      'node_modules/dexie-react-hooks/',
      'app/db/db.ts',
      'app/db/blocks.ts',
      'app/db/chats.ts',
      'app/db/profile.ts',
      'app/db/outbox.ts',
      'app/db/account.ts',
      'app/db/drafts.ts',
      'shared/chat.ts',
      'shared/sync.ts',
      'app/sync/useSyncStore.ts',
      'app/sync/SyncSession.tsx',
    ]),
  },
  // Small pieces of UI most screens share (the landing page too).
  {
    name: 'ui',
    test: modulesAt([
      'app/components/ui/Dialog.tsx',
      'app/components/ui/PersonaAvatar.tsx',
      'app/components/ui/UserAvatar.tsx',
      'app/components/ui/tooltipTiming.ts',
      'shared/personas.ts',
      'shared/user.ts',
    ]),
  },
  // The plan catalogue: the landing page's, and the chat's only when a purchase is celebrated.
  { name: 'plans', test: modulesAt(['shared/plans.ts']) },
];

/**
 * React Router 7's package exports name only its development build (remix-run/react-router
 * #12532, #14102): its dev warnings and checks would run on her phone. A production build
 * takes the production build it ships beside it; `vite dev` and the tests keep the warnings.
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: fromRoot('./node_modules/react-router/dist/production/index.mjs'),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fromRoot('./node_modules/react-router/dist/production/dom-export.mjs'),
  },
];

/**
 * Dexie's package exports route `import 'dexie'` through a wrapper around its ES5 UMD build
 * (a guard against two copies, which one alias cannot make). The ES2018 build it ships beside
 * it is the same library without the transpiled helpers, so /chat's first load is lighter.
 */
const dexieModern = {
  find: /^dexie$/,
  replacement: fromRoot('./node_modules/dexie/dist/modern/dexie.mjs'),
};

export default defineConfig(({ mode, command }) => ({
  root: fileURLToPath(new URL('./app', import.meta.url)),
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('./shared', import.meta.url)) },
      ...(mode === 'production' ? [...reactRouterProduction, dexieModern] : []),
    ],
  },
  plugins: [
    react(),
    ocrAssets(),
    routePreloads(),
    // The service worker precaches the app shell and portraits; chats come from Dexie, so
    // nothing under /api is ever cached or answered by it (CONTRIBUTING.md §11: updates prompt).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        // The OCR files are listed below with their revisions, not globbed (they are copied in
        // after the bundle is written).
        globIgnores: ['ocr/**', 'screenshots/**'],
        additionalManifestEntries: command === 'build' ? ocrPrecacheEntries(ocrFiles()) : [],
        // Answers the share target's POST, which the generated worker cannot (app/pwa/shareTarget.ts).
        importScripts: [`/${SHARE_TARGET_SCRIPT}`],
        navigateFallback: 'index.html',
        // /api is data, never the app; the reset page must come from the server, whose answer
        // carries Referrer-Policy: no-referrer (its URL holds the reset token).
        navigateFallbackDenylist: [/^\/api\//, /^\/reset-password/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Maps are written for our own debugging, with no sourceMappingURL comment in the
    // bundles; the server never serves *.map (sync-server/src/http/static.ts).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: each chunk's static and lazy imports, read by bench/bundle.ts
    // (the static server never serves the hidden .vite folder).
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: {
    port: 5173,
    // Same Host and Origin reach the API in dev, so its cross-origin check passes.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
}));
