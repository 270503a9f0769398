import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../sync-server/src/config';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFile(path.join(root, file), 'utf8');

/** A systemd unit as `{ Section: { Key: [values in order] } }`, comments and blanks left out. */
async function unit(file: string): Promise<Record<string, Record<string, string[]>>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current: Record<string, string[]> = {};
  for (const raw of (await read(file)).split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) {
      current = sections[section[1]!] ??= {};
      continue;
    }
    const eq = line.indexOf('=');
    expect(eq, `${file}: ${line}`).toBeGreaterThan(0);
    (current[line.slice(0, eq)] ??= []).push(line.slice(eq + 1));
  }
  return sections;
}

/** The one value of a key (the last one wins in systemd, but we never repeat these). */
const only = (values: string[] | undefined) => {
  expect(values).toHaveLength(1);
  return values![0]!;
};

/** env.example's variables: set ones (`NAME=value`) and listed-but-default ones (`# NAME=`). */
async function envExample(): Promise<{ set: Record<string, string>; listed: Set<string> }> {
  const set: Record<string, string> = {};
  const listed = new Set<string>();
  for (const line of (await read('deploy/env.example')).split('\n')) {
    const active = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    const commented = /^# ([A-Z][A-Z0-9_]*)=/.exec(line);
    if (active) {
      set[active[1]!] = active[2]!;
      listed.add(active[1]!);
    } else if (commented) listed.add(commented[1]!);
  }
  return { set, listed };
}

const HARDENING: Record<string, string> = {
  NoNewPrivileges: 'yes',
  ProtectSystem: 'strict',
  ProtectHome: 'yes',
  PrivateTmp: 'yes',
  PrivateDevices: 'yes',
  ProtectKernelTunables: 'yes',
  ProtectKernelModules: 'yes',
  ProtectKernelLogs: 'yes',
  ProtectControlGroups: 'yes',
  LockPersonality: 'yes',
  RestrictRealtime: 'yes',
  CapabilityBoundingSet: '',
  SystemCallFilter: '@system-service',
  // V8's JIT needs writable-executable memory: `yes` would crash Node at start.
  MemoryDenyWriteExecute: 'no',
  StateDirectory: 'besties',
  StateDirectoryMode: '0700',
  ReadWritePaths: '/var/lib/besties',
  UMask: '0077',
};

describe('deploy/besties.service', () => {
  it('runs `npm start` as the unprivileged besties user from /opt/besties, restarting on failure', async () => {
    const { Service: service = {}, Install: install = {} } = await unit('deploy/besties.service');
    const scripts = JSON.parse(await read('package.json')).scripts;
    expect(scripts.start).toBe('node scripts/start.mjs');
    expect(only(service.ExecStart)).toBe('/usr/bin/node scripts/start.mjs');
    expect(only(service.User)).toBe('besties');
    expect(only(service.Group)).toBe('besties');
    expect(only(service.WorkingDirectory)).toBe('/opt/besties');
    expect(only(service.EnvironmentFile)).toBe('/etc/besties/env');
    expect(service.Environment).toEqual(
      expect.arrayContaining(['NODE_ENV=production', 'DATA_DIR=/var/lib/besties']),
    );
    expect(only(service.Restart)).toBe('on-failure');
    expect(only(install.WantedBy)).toBe('multi-user.target');
  });

  it('gives the graceful shutdown (10 s for in-flight requests) time before systemd kills it', async () => {
    const { Service: service = {} } = await unit('deploy/besties.service');
    const seconds = Number(/^(\d+)s?$/.exec(only(service.TimeoutStopSec))?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(30);
    expect(only(service.KillSignal)).toBe('SIGTERM');
  });

  it.each(Object.entries(HARDENING))('sandboxes the service: %s=%s', async (key, value) => {
    const { Service: service = {} } = await unit('deploy/besties.service');
    expect(only(service[key])).toBe(value);
  });

  it('reaches the network only over IP and Unix sockets', async () => {
    const { Service: service = {} } = await unit('deploy/besties.service');
    expect(only(service.RestrictAddressFamilies).split(' ').sort()).toEqual([
      'AF_INET',
      'AF_INET6',
      'AF_UNIX',
    ]);
  });
});

describe('deploy/besties-backup.service and .timer', () => {
  it('runs `npm run backup` every day as besties, then keeps 14 days of backups', async () => {
    const { Service: service = {} } = await unit('deploy/besties-backup.service');
    const scripts = JSON.parse(await read('package.json')).scripts;
    expect(scripts.backup).toBe('tsx sync-server/src/backup.ts');
    expect(only(service.ExecStart)).toBe(`/opt/besties/node_modules/.bin/${scripts.backup}`);
    // Her screenshots and pictures are files: archived beside the database, then old ones pruned.
    const [archive, prune] = service.ExecStartPost ?? [];
    expect(archive).toMatch(/tar -czf "backups\/files-.*\.tar\.gz".*images profile-images/);
    expect(prune).toBe('/opt/besties/deploy/prune-backups.sh /var/lib/besties/backups 14');
    expect(only(service.Type)).toBe('oneshot');
    expect(only(service.User)).toBe('besties');
    expect(only(service.EnvironmentFile)).toBe('/etc/besties/env');
    expect(service.Environment).toContain('DATA_DIR=/var/lib/besties');
    for (const key of ['NoNewPrivileges', 'ProtectSystem', 'ReadWritePaths', 'UMask']) {
      expect(only(service[key]), key).toBe(HARDENING[key]);
    }

    const { Timer: timer = {}, Install: install = {} } = await unit('deploy/besties-backup.timer');
    expect(only(timer.OnCalendar)).toMatch(/^(daily|\*-\*-\* \d\d:\d\d(:\d\d)?)$/);
    expect(only(timer.Persistent)).toBe('true');
    expect(only(timer.Unit)).toBe('besties-backup.service');
    expect(only(install.WantedBy)).toBe('timers.target');
  });
});

describe('deploy/prune-backups.sh', () => {
  const DAY_S = 24 * 60 * 60;
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'besties-prune-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  async function file(name: string, daysOld: number): Promise<void> {
    await writeFile(path.join(folder, name), 'x');
    const at = Date.now() / 1000 - daysOld * DAY_S;
    await utimes(path.join(folder, name), at, at);
  }
  const prune = () => run(path.join(root, 'deploy/prune-backups.sh'), [folder, '14']);

  it('deletes only backups older than 14 days, keeping newer ones and any other file', async () => {
    await file('besties-20260101-030000.sqlite', 20);
    await file('besties-20260110-030000.sqlite', 16);
    await file('besties-20260115-030000.sqlite', 10);
    await file('besties-20260125-030000.sqlite', 0);
    await file('notes.txt', 40);
    await file('besties-20260101-030000.sqlite.partial', 40);
    await prune();
    expect((await readdir(folder)).sort()).toEqual([
      'besties-20260101-030000.sqlite.partial',
      'besties-20260115-030000.sqlite',
      'besties-20260125-030000.sqlite',
      'notes.txt',
    ]);
  });

  it("prunes PostgreSQL dumps (besties-pgdump.service's) the same way", async () => {
    await file('besties-20260101-030000.pgdump', 20);
    await file('besties-20260115-030000.pgdump', 10);
    await file('besties-20260125-030000.pgdump', 0);
    await file('files-20260101-030000.tar.gz', 20);
    await prune();
    expect((await readdir(folder)).sort()).toEqual([
      'besties-20260115-030000.pgdump',
      'besties-20260125-030000.pgdump',
    ]);
  });

  it('keeps every old backup, and fails, when no backup from the last day exists', async () => {
    await file('besties-20260101-030000.sqlite', 20);
    await file('besties-20260110-030000.sqlite', 3);
    await expect(prune()).rejects.toMatchObject({ code: 1 });
    expect((await readdir(folder)).sort()).toEqual([
      'besties-20260101-030000.sqlite',
      'besties-20260110-030000.sqlite',
    ]);
  });
});

describe('deploy/Caddyfile', () => {
  it('proxies to the port env.example sets, unbuffered, with one X-Forwarded-For hop', async () => {
    const caddy = await read('deploy/Caddyfile');
    const { set } = await envExample();
    expect(caddy).toMatch(new RegExp(`reverse_proxy 127\\.0\\.0\\.1:${set.PORT} \\{`));
    expect(caddy).toMatch(/^\s*flush_interval -1$/m);
    expect(caddy).toMatch(/^\s*header_up X-Forwarded-For \{remote_host\}$/m);
    expect(set.TRUST_PROXY).toBe('1');
  });

  it('compresses by an explicit list of types that leaves out event streams', async () => {
    const caddy = await read('deploy/Caddyfile');
    const types = [...caddy.matchAll(/^\s*header Content-Type (\S+)$/gm)].map((m) => m[1]!);
    expect(types).toContain('text/html*');
    expect(types).toContain('application/json*');
    for (const type of types) {
      expect(type).not.toMatch(/event-stream|^text\/\*$|^\*$/);
    }
    expect(caddy).toMatch(/^\s*encode zstd gzip \{$/m);
  });
});

describe('deploy/besties@.service, one process of many on PostgreSQL', () => {
  it('is the one-VM unit with the instance name as its port, after PostgreSQL', async () => {
    const single = await unit('deploy/besties.service');
    const many = await unit('deploy/besties@.service');
    expect(many.Service!.Environment).toEqual([...single.Service!.Environment!, 'PORT=%i']);
    expect(only(many.Unit!.After).split(' ')).toContain('postgresql.service');
    for (const [key, values] of Object.entries(single.Service!)) {
      if (key === 'Environment') continue;
      expect(many.Service![key], key).toEqual(values);
    }
    expect(many.Install).toEqual(single.Install);
  });
});

describe('the load balancers for many processes', () => {
  const ports = (text: string, pattern: RegExp) =>
    [...text.matchAll(pattern)].map((match) => Number(match[1]));

  it('deploy/Caddyfile.many spreads requests over the instances, checks their health, never buffers', async () => {
    const caddy = await read('deploy/Caddyfile.many');
    const upstreams = /^\s*to ((?:127\.0\.0\.1:\d+ ?)+)$/m.exec(caddy)?.[1] ?? '';
    expect(ports(upstreams, /:(\d+)/g).length).toBeGreaterThanOrEqual(2);
    expect(caddy).toMatch(/^\s*lb_policy least_conn$/m);
    expect(caddy).toMatch(/^\s*health_uri \/api\/health$/m);
    expect(caddy).toMatch(/^\s*flush_interval -1$/m);
    expect(caddy).toMatch(/^\s*header_up X-Forwarded-For \{remote_host\}$/m);
    const single = await read('deploy/Caddyfile');
    const types = (text: string) =>
      [...text.matchAll(/^\s*header Content-Type (\S+)$/gm)].map((m) => m[1]);
    expect(types(caddy)).toEqual(types(single));
  });

  it('deploy/nginx.conf does the same: unbuffered streams, the Host and one X-Forwarded-For hop', async () => {
    const nginx = await read('deploy/nginx.conf');
    expect(ports(nginx, /^\s*server 127\.0\.0\.1:(\d+)/gm).length).toBeGreaterThanOrEqual(2);
    expect(nginx).toMatch(/^\s*least_conn;$/m);
    expect(nginx).toMatch(/^\s*proxy_buffering off;$/m);
    expect(nginx).toMatch(/^\s*proxy_set_header Host \$host;$/m);
    expect(nginx).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;$/m);
    expect(nginx).toMatch(/^\s*client_max_body_size 12m;$/m);
    expect(nginx).not.toMatch(/gzip_types[^;]*event-stream/);
  });
});

describe('deploy/besties-pgdump.service and .timer', () => {
  it('dumps DATABASE_URL every day as besties in the custom format, then keeps 14 days', async () => {
    const { Service: service = {}, Unit: unitSection = {} } = await unit(
      'deploy/besties-pgdump.service',
    );
    expect(only(service.User)).toBe('besties');
    expect(only(service.EnvironmentFile)).toBe('/etc/besties/env');
    expect(only(service.ExecStart)).toMatch(/pg_dump --format=custom .*"\$DATABASE_URL"/);
    expect(only(service.ExecStart)).toContain('/var/lib/besties/backups/besties-');
    expect(service.ExecStartPost).toContain(
      '/opt/besties/deploy/prune-backups.sh /var/lib/besties/backups 14',
    );
    expect(only(unitSection.After)).toBe('postgresql.service');
    const { Timer: timer = {} } = await unit('deploy/besties-pgdump.timer');
    expect(only(timer.Unit)).toBe('besties-pgdump.service');
    expect(only(timer.Persistent)).toBe('true');
  });
});

describe('deploy/env.example', () => {
  it('lists every variable config.ts reads, and none it does not', async () => {
    const { listed } = await envExample();
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('sets a production https setup behind one proxy, which the server accepts as it is', async () => {
    const { set } = await envExample();
    expect(set).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: '1', HOST: '127.0.0.1' });
    expect(set.PUBLIC_URL).toMatch(/^https:\/\//);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'besties-env-example-'));
    try {
      const config = loadConfig({ ...set, DATA_DIR: dataDir });
      expect(config.nodeEnv).toBe('production');
      expect(config.publicUrl).toBe(set.PUBLIC_URL);
      expect(config.host).toBe('127.0.0.1');
      // No keys in the example: production then takes no payments rather than test ones.
      expect(config.paymentProvider).toBe('off');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("README's configuration table", () => {
  it('lists every variable the server reads, and none it does not', async () => {
    const readme = await read('README.md');
    const start = readme.indexOf('## Configuration');
    const table = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const rows = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((match) => match[1]!);
    expect(rows.sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});

describe('deploy/README.md, the one-VM guide', () => {
  const section = () => read('deploy/README.md');

  it('points the Stripe webhook at the route and names every event the server handles', async () => {
    const text = await section();
    expect(text).toContain('https://besties.example.com/api/stripe/webhook');
    const webhook = await read('sync-server/src/payments/webhook.ts');
    const events = [...webhook.matchAll(/case '([a-z_.]+)':/g)].map((m) => m[1]!);
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (const event of events) expect(text).toContain(`\`${event}\``);
  });

  it('uses the scripts and files that exist', async () => {
    const text = await section();
    const scripts = JSON.parse(await read('package.json')).scripts;
    for (const script of ['build', 'backup']) {
      expect(text).toContain(`npm run ${script}`);
      expect(scripts[script], script).toBeTruthy();
    }
    for (const file of text.matchAll(/deploy\/([\w.@-]+)/g)) {
      await expect(read(`deploy/${file[1]}`), file[0]).resolves.toBeTruthy();
    }
    expect(text).toContain('/api/health');
  });
});
