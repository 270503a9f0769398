import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The real server process (`node --import tsx sync-server/src/main.ts`) with only `env`. */
export function spawnMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, exited, stderr: () => stderr };
}

/** Resolves with the URL main.ts logs once it listens (LOG_LEVEL must show info). */
export function listeningUrl(stdout: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stdout });
    lines.on('line', (line) => {
      const match = /Besties listening on (http:\/\/\S+?)"/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    lines.on('close', () => reject(new Error('main.ts exited before listening')));
  });
}
