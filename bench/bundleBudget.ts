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
  /** Manifest keys of the chunks the router loads for the page (its lazy route, ...). */
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
}): PageSize[] {
  const { html, manifest, pages, gzipBytes } = input;
  return pages.map(({ page, lazyChunks, budgetKb }) => {
    const files = [
      ...new Set([...htmlScripts(html), ...staticClosure(manifest, ['index.html', ...lazyChunks])]),
    ];
    const kb = files.reduce((sum, file) => sum + gzipBytes(file), 0) / 1000;
    return { page, files, kb, budgetKb, pass: kb <= budgetKb };
  });
}
