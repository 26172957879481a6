// Finds the Chromium the browser tests drive; as root on Debian, installs it with apt when missing.
import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export async function ensureBrowser() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`CHROMIUM_PATH is set to ${configured}, but there is no such file.`);
  }
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('No Chromium found: installing Debian’s chromium with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['update', '-q'], { env })) === 0) {
      await run('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'chromium'], { env });
    }
    const installed = CANDIDATES.find((candidate) => existsSync(candidate));
    if (installed) return installed;
  }
  throw new Error(
    'The browser tests need Chromium. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary, then run `npm test` again.',
  );
}
