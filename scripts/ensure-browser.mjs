// Finds the Chromium the browser tests drive; as root on Debian, installs it with apt when missing.
// The suite prefers Chromium's headless shell (Debian's chromium-headless-shell, the headless build
// Playwright itself runs by default): the same Blink and V8 without the full browser's UI process,
// at less than half the CPU (e2e on two cores 206 s → 136 s). A full Chromium is the fallback.
import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium the suite drives, installing nothing: the headless shell first, else a full browser. */
export const findBrowser = () => [HEADLESS_SHELL, ...FULL].find((candidate) => existsSync(candidate));

/** `held`: a heading to print the install's output under in one piece (it runs beside other checks). */
export async function ensureBrowser({ held = null } = {}) {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`CHROMIUM_PATH is set to ${configured}, but there is no such file.`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!existsSync(HEADLESS_SHELL) && isRoot && existsSync('/usr/bin/apt-get')) {
    // The shell alone: the suite needs nothing more, and a full browser's install ran beside lint
    // and typecheck for nothing (the bench's Lighthouse asks for `chromium` itself).
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const options = { env, held };
    if (held === null) console.log('Installing Debian’s chromium-headless-shell with apt-get…');
    if ((await run('apt-get', ['update', '-q'], options)) === 0) {
      await run('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'chromium-headless-shell'], options);
    }
  }
  const found = findBrowser();
  if (found) {
    if (found !== HEADLESS_SHELL) {
      console.log(
        `Using ${found}; Chromium's headless shell runs the suite in about half the time (apt-get install chromium-headless-shell).`,
      );
    }
    return found;
  }
  throw new Error(
    'The browser tests need Chromium. Install it (Debian/Ubuntu: `sudo apt-get install chromium-headless-shell`, ' +
      'or `chromium`) or point CHROMIUM_PATH at a Chromium or Chrome binary, then run `npm test` again.',
  );
}
