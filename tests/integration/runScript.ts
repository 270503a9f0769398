import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/**
 * `npm run <script>` as an operator (or a cron job) runs it: its own process from the
 * repository's root, with only PATH, HOME and these variables.
 */
export function runScript(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<ScriptRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}
