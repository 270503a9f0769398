/**
 * The built app (dist/) that the page benches measure: built first when it is missing or older
 * than what it is made from, or when the bench is run with --build.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST = join(ROOT, 'dist');
export const MANIFEST = join(DIST, '.vite', 'manifest.json');
/** What a build is made from: a newer file here means dist/ is stale. */
const SOURCES = ['app', 'shared', 'public', 'vite.config.ts', 'package-lock.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

export function ensureBuild(): void {
  const built = existsSync(MANIFEST) ? statSync(MANIFEST).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((source) => newestChange(join(ROOT, source))));
  if (built > changed && !process.argv.includes('--build')) return;
  console.log(built ? 'dist/ is older than the sources: building' : 'No build in dist/: building');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}
