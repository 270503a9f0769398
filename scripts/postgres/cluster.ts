import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A private PostgreSQL cluster for tests and benches: made with initdb in a temporary folder,
 * started with pg_ctl on a free port of 127.0.0.1, removed again by `stop`. No service, no
 * password (trust on the loopback only). As root it runs as the `postgres` user, since initdb
 * refuses root. Debian's binaries live in /usr/lib/postgresql/<version>/bin, not on PATH.
 */
export interface Cluster {
  /** postgres://besties@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** A fresh, empty database of the cluster (for one test file, one bench run). */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast: open connections are cut) and leaves its files. */
  pause(): void;
  /** Starts it again after `pause`, on the same port with the same data. */
  resume(): void;
  stop(): void;
}

const SUPERUSER = 'besties';

export function postgresBinDir(): string | null {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Creates an empty database `name` on the server of `url` (a superuser's URL, as a cluster's
 * `url`) and answers its URL: a test file's own database on the run's cluster.
 */
export async function createDatabaseAt(url: string, name: string): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  const created = new URL(url);
  created.pathname = `/${encodeURIComponent(name)}`;
  return created.toString();
}

export async function startCluster(): Promise<Cluster> {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed: apt-get install -y postgresql (or set PG_BIN_DIR).',
    );
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'besties-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const done = spawnSync(command, argv, { encoding: 'utf8', cwd: dir });
    if (done.status !== 0) {
      throw new Error(`${tool} failed (${done.status}): ${done.stderr || done.stdout}`);
    }
  };
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  run('initdb', ['-D', data, '-U', SUPERUSER, '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=300',
    // A test cluster: a crash loses it anyway, so it need not flush.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
  let running = true;
  return {
    url,
    port,
    createDatabase: (name) => createDatabaseAt(url, name),
    pause() {
      if (!running) return;
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    resume() {
      if (running) return;
      start();
      running = true;
    },
    stop() {
      try {
        if (running) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        running = false;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
