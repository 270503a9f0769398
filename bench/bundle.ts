/**
 * `npm run bench:bundle`: the JavaScript each page loads before its first paint, gzipped, held
 * to its budget: the landing page at most 120 kB, the chat screen at most 170 kB.
 * Reads the build in dist/ (built first when missing or older than the sources); prints a
 * table; exits 1 when a page is over budget, or when any built script holds a library's
 * development build (its warnings and checks would run on her phone).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { developmentBuilds, measurePages, type Manifest, type PageBudget } from './bundleBudget';
import { report } from './report';
import { DIST, ensureBuild, MANIFEST } from './build';

const PAGES: PageBudget[] = [
  { page: '/', lazyChunks: ['routes/Landing/Landing.tsx'], budgetKb: 120 },
  // Signed in, /chat also starts syncing (app/sync/SyncRunner.tsx).
  {
    page: '/chat',
    lazyChunks: ['routes/Chat/ChatPage.tsx', 'sync/SyncSession.tsx'],
    budgetKb: 170,
  },
];

/** A built file's sources, as its (hidden) source map lists them; none without a map. */
function sourcesOf(file: string): string[] {
  const map = join(DIST, `${file}.map`);
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

function main(): void {
  ensureBuild();
  const sizes = measurePages({
    html: readFileSync(join(DIST, 'index.html'), 'utf8'),
    manifest: JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest,
    pages: PAGES,
    gzipBytes: (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length,
    sourcesOf,
  });
  console.log('Initial JavaScript per page (scripts, module preloads, route chunks), gzip -9');
  for (const { page, files, pass } of sizes) {
    if (!pass) console.error(`${page} over budget: ${files.join(', ')}`);
  }
  const scripts = readdirSync(join(DIST, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`);
  const development = developmentBuilds(scripts, sourcesOf);
  for (const { file, sources } of development) {
    console.error(`${file} ships a development build: ${sources.join(', ')}`);
  }
  report('bundle', [
    ...sizes.map(({ page, files, kb, budgetKb, pass }) => ({
      measure: `${page} initial JavaScript, ${files.length} files (kB gzip)`,
      // Two decimals: one hid a miss by 30 bytes as '170.0' against '<= 170'.
      value: kb.toFixed(2),
      budget: `<= ${budgetKb}`,
      ok: pass,
    })),
    {
      measure: `built scripts holding a library's development build (of ${scripts.length})`,
      value: String(development.length),
      budget: '0',
      ok: development.length === 0,
    },
  ]);
}

main();
