/**
 * What a page loads before its first paint, read from a Vite build: the pure part of
 * bench/bundle.ts, tested in bundleBudget.test.ts.
 */

/** A chunk as dist/.vite/manifest.json records it (only the fields read here). */
export interface ManifestChunk {
  file: string;
  /** Chunks it imports statically: they load with it. */
  imports?: string[];
  /** Chunks it imports on demand (`import()`): not part of its first load. */
  dynamicImports?: string[];
}

/** Keyed by source path relative to Vite's root (`index.html`, `routes/Chat/ChatPage.tsx`). */
export type Manifest = Record<string, ManifestChunk>;

export interface PageBudget {
  page: string;
  /**
   * What the page loads on demand before its first paint (its lazy route, ...): source paths
   * relative to Vite's root, each the manifest key of its own chunk or a module a chunk holds.
   */
  lazyChunks: string[];
  /** In kB of gzip (1 kB = 1000 bytes, as Vite reports sizes). */
  budgetKb: number;
}

export interface PageSize {
  page: string;
  files: string[];
  kb: number;
  budgetKb: number;
  pass: boolean;
}

/**
 * The files each start chunk loads with it: itself and, transitively, what it imports
 * statically; never what it imports on demand. In the order first reached, each once.
 */
export function staticClosure(manifest: Manifest, starts: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the build manifest`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const start of starts) visit(start);
  return [...files];
}

/**
 * The manifest key of the chunk that loads `module` (a source path relative to Vite's root): its
 * own key when it starts a chunk, else the key of the chunk whose sources hold it (vite.config.ts
 * groups some modules into shared chunks, which the manifest names by file only).
 * `sourcesOf(file)` lists a built file's sources as its source map has them.
 */
export function chunkKeyOf(
  manifest: Manifest,
  module: string,
  sourcesOf: (file: string) => string[],
): string {
  if (manifest[module]) return module;
  const holders = Object.entries(manifest).filter(([, chunk]) =>
    sourcesOf(chunk.file).some((source) => source === module || source.endsWith(`/${module}`)),
  );
  if (holders.length !== 1) {
    throw new Error(`"${module}" is in ${holders.length} chunks of the build manifest, not one`);
  }
  return holders[0]![0];
}

/** The module scripts and module preloads index.html names, as paths without the leading /. */
export function htmlScripts(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const urls = tags.flatMap((tag) => {
    const isModule = /^<script\b/.test(tag) && /\btype=["']?module\b/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel=["']?modulepreload\b/.test(tag);
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/.exec(tag)?.[1];
    return (isModule || isPreload) && url ? [url.replace(/^\//, '')] : [];
  });
  return [...new Set(urls)];
}

/**
 * Each page's first-load JavaScript: index.html's scripts and preloads, the entry's static
 * imports, and the page's lazy chunks with theirs; summed with `gzipBytes` and held to budget.
 */
export function measurePages(input: {
  html: string;
  manifest: Manifest;
  pages: PageBudget[];
  gzipBytes: (file: string) => number;
  sourcesOf: (file: string) => string[];
}): PageSize[] {
  const { html, manifest, pages, gzipBytes, sourcesOf } = input;
  return pages.map(({ page, lazyChunks, budgetKb }) => {
    const lazy = lazyChunks.map((module) => chunkKeyOf(manifest, module, sourcesOf));
    const files = [
      ...new Set([...htmlScripts(html), ...staticClosure(manifest, ['index.html', ...lazy])]),
    ];
    const kb = files.reduce((sum, file) => sum + gzipBytes(file), 0) / 1000;
    return { page, files, kb, budgetKb, pass: kb <= budgetKb };
  });
}

/**
 * A library's development build among a file's sources: React's `*.development.js`, or a
 * package's `dist/development/` (React Router 7's package exports name only that one, see
 * vite.config.ts). Its warnings and checks would run on her phone, and it weighs more.
 */
const DEVELOPMENT_BUILD =
  /node_modules\/(?:@[^/]+\/)?[^/]+\/(?:.*\/)?(?:development\/|[^/]*\.development\.[cm]?js$)/;

/** Each built file that ships some library's development build, with the sources that do. */
export function developmentBuilds(
  files: string[],
  sourcesOf: (file: string) => string[],
): { file: string; sources: string[] }[] {
  return files.flatMap((file) => {
    const sources = sourcesOf(file).filter((source) => DEVELOPMENT_BUILD.test(source));
    return sources.length > 0 ? [{ file, sources }] : [];
  });
}
