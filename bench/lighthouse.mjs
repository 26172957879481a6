// Lighthouse (mobile, simulated throttling: its defaults) on pages of the running product, with
// Debian's Chromium. Each page is measured five times and the median run is kept: single runs
// wander by several points on a shared machine (the simulation multiplies the unthrottled CPU
// time, so a busy moment shows in full), and Lighthouse's own guidance (docs/variability.md) is
// that the median of five is about twice as stable as one run; three was not enough here.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = 5;

export async function lighthouseScores(baseUrl, pages) {
  // The full browser: Lighthouse measures what a visitor's Chrome draws (`npm test` needs only its headless shell).
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Lighthouse needs Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH.`);
  }
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const results = [];
    for (const page of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        const { lhr } = await lighthouse(`${baseUrl}${page}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        });
        runs.push({
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          cls: Number((lhr.audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)),
          lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
          tbt: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
          // Lighthouse's own reading of the host's speed: the simulation scales what it traced
          // here, so the scores move with it (docs/decisions.md, "The scores move with the machine").
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      results.push({ page, ...runs[Math.floor(RUNS / 2)] });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}
