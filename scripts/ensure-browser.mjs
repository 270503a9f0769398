// Makes sure a Chromium exists for the end-to-end tests, without ever downloading a browser
// build: CHROMIUM_PATH, else /usr/bin/chromium, else Debian's package when we are root.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

function install() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  console.log('Installing Debian’s chromium for the end-to-end tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  return existsSync(DEFAULT_CHROMIUM);
}

const fromEnv = process.env.CHROMIUM_PATH;
if (fromEnv) {
  if (!existsSync(fromEnv)) {
    console.error(`CHROMIUM_PATH is set to ${fromEnv}, but there is no file there.`);
    process.exit(1);
  }
} else if (!existsSync(DEFAULT_CHROMIUM) && !install()) {
  console.error(
    [
      'The end-to-end tests need Chromium and will not download one.',
      'Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`),',
      'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
    ].join('\n'),
  );
  process.exit(1);
}
