/**
 * Route preloads. Every page is the same index.html, and a route's screen is a lazy
 * chunk the router asks for only once the entry has run: on a phone's network that is a round
 * trip, and the entry's running, before the chat screen's chunks even start to come. A small
 * inline script in index.html (written at build time by vite.config.ts) asks for them as the
 * page starts, beside the entry, when the address is one of the route's.
 */

/** What the build says of a chunk (the fields of Rollup's OutputChunk read here). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  /** Chunks it imports statically: they load with it. */
  imports: string[];
}

export interface RoutePreload {
  /** Source path of the route's screen, as the end of its chunk's facade module id. */
  module: string;
  /** The paths it serves, as a regular expression's source (read in the browser). */
  path: string;
}

/** `start` and what it imports statically, transitively, each once. */
function closure(byName: Map<string, BuiltChunk>, start: string): Set<string> {
  const files = new Set<string>();
  const visit = (name: string) => {
    if (files.has(name)) return;
    files.add(name);
    for (const imported of byName.get(name)?.imports ?? []) visit(imported);
  };
  visit(start);
  return files;
}

/**
 * The inline script that preloads each route's chunks (those the entry does not load itself)
 * on its paths; null when no route has any. `base` is the public path the files are under.
 */
export function routePreloadScript(
  chunks: BuiltChunk[],
  routes: RoutePreload[],
  base = '/',
): string | null {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loadedByEntry = entry ? closure(byName, entry.fileName) : new Set<string>();
  const preloads = routes.flatMap(({ module, path }) => {
    const screen = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
    if (!screen) throw new Error(`No chunk for the route module ${module}`);
    const files = [...closure(byName, screen.fileName)].filter((file) => !loadedByEntry.has(file));
    return files.length ? [{ path, files: files.map((file) => base + file) }] : [];
  });
  if (preloads.length === 0) return null;
  return `(function () {
  var routes = ${JSON.stringify(preloads)};
  for (var i = 0; i < routes.length; i++) {
    if (!new RegExp(routes[i].path).test(location.pathname)) continue;
    for (var j = 0; j < routes[i].files.length; j++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = routes[i].files[j];
      document.head.appendChild(link);
    }
  }
})();`;
}
