// `npm test`: every check CI runs, in order, ending with one line `N passed, N failed`.
// Lint, format, typecheck and build count as one check each; Vitest and Playwright add their tests.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBrowser } from './ensure-browser.mjs';
import { root, run } from './lib.mjs';
import getPort from 'get-port';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const resultsDir = path.join(root, '.vitest-results');
mkdirSync(resultsDir, { recursive: true });

const summary = [];
/** Seconds each stage took, in the order they ran: where a slow run's time went. */
const timings = [];
let passed = 0;
let failed = 0;

function record(name, ok, fail, note = '') {
  passed += ok;
  failed += fail;
  summary.push({ name, ok, fail, note });
}

/** `together`: it runs beside another check, so its output waits and comes in one piece, headed. */
async function check(name, command, args, { together = false, ...options } = {}) {
  const heading = `\n▶ ${name}`;
  if (!together) console.log(heading);
  const code = await run(command, args, together ? { ...options, held: heading } : options);
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  return code === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const steps = {
  async lint(together) {
    await check('lint', 'npx', ['--no-install', 'eslint', '.', '--max-warnings=0'], { together });
    await check('format', 'npx', ['--no-install', 'prettier', '--check', '.', '--log-level', 'warn'], { together });
  },
  async typecheck(together) {
    await check('typecheck', process.execPath, [path.join(root, 'scripts', 'typecheck.mjs')], { together });
  },
  async unit() {
    console.log(
      `\n▶ unit and integration (Vitest${process.env.TEST_DATABASE_URL ? '; server suite on PGlite and PostgreSQL' : '; server suite on PGlite — set TEST_DATABASE_URL to add PostgreSQL'})`,
    );
    const output = path.join(resultsDir, 'vitest.json');
    rmSync(output, { force: true });
    const code = await run('npx', [
      '--no-install',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ]);
    const report = readJson(output);
    if (report) {
      record('vitest', report.numPassedTests, report.numFailedTests + (code !== 0 && !report.numFailedTests ? 1 : 0));
    } else {
      record('vitest', 0, 1, 'no report');
    }
  },
  async build() {
    if (!(await check('build', process.execPath, [path.join(root, 'scripts', 'build.mjs')]))) return false;
    // The home page's initial JavaScript stays within its budget (issue 32), so sizes do not drift.
    return check('bundle size', process.execPath, [path.join(root, 'scripts', 'bundle-size.mjs')]);
  },
  async e2e() {
    const { chromium, error } = await browser;
    if (error) {
      console.error(`\n${error.message}`);
      record('e2e', 0, 1, 'no browser');
      return;
    }
    if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) {
      record('e2e', 0, 1, 'no build');
      return;
    }
    console.log(`\n▶ end to end (Playwright driving ${chromium})`);
    const output = path.join(resultsDir, 'playwright.json');
    rmSync(output, { force: true });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'obmen-e2e-'));
    const code = await run('npx', ['--no-install', 'playwright', 'test'], {
      cwd: path.join(root, 'e2e'),
      env: {
        ...process.env,
        CHROMIUM_PATH: chromium,
        E2E_PORT: String(await getPort()),
        E2E_DATA_DIR: dataDir,
        PLAYWRIGHT_JSON_OUTPUT_NAME: output,
      },
    });
    rmSync(dataDir, { recursive: true, force: true });
    const stats = readJson(output)?.stats;
    if (stats) {
      record('e2e', stats.expected + stats.flaky, stats.unexpected + (code !== 0 && !stats.unexpected ? 1 : 0));
    } else {
      record('e2e', 0, 1, 'no report');
    }
  },
};

async function timed(name, together = false) {
  const started = performance.now();
  await steps[name](together);
  timings.push({ name, seconds: (performance.now() - started) / 1000, together });
}

// Lint and typecheck are one process each, so on two cores they run side by side (~40 s each);
// Vitest and Playwright keep every core busy on their own.
const order = only ? [[only]] : [['lint', 'typecheck'], ['unit'], ['build'], ['e2e']];
const started = performance.now();
// A browser to install is fetched while the first checks run, not after them (its output held).
const browser = order.flat().includes('e2e')
  ? ensureBrowser({ held: '\n▶ browser for the end-to-end suite' }).then(
      (chromium) => ({ chromium }),
      (error) => ({ error }),
    )
  : null;
for (const group of order) {
  const unknown = group.find((name) => !steps[name]);
  if (unknown) {
    console.error(`Unknown step ${unknown}; steps: ${Object.keys(steps).join(', ')}`);
    process.exit(2);
  }
  // The browser tests run the built server, so `--only e2e` builds first.
  if (group.includes('e2e') && !order.flat().includes('build')) await timed('build');
  await Promise.all(group.map((name) => timed(name, group.length > 1)));
}

console.log('\nSummary');
for (const { name, ok, fail, note } of summary) {
  console.log(`  ${fail ? '✗' : '✓'} ${name.padEnd(10)} ${ok} passed, ${fail} failed${note ? ` (${note})` : ''}`);
}
console.log('\nTime');
const total = (performance.now() - started) / 1000;
for (const { name, seconds, together } of [...timings, { name: 'total', seconds: total }]) {
  console.log(`  ${name.padEnd(10)} ${seconds.toFixed(0).padStart(5)} s${together ? ' (side by side)' : ''}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
