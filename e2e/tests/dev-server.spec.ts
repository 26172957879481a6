import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import getPort from 'get-port';
import { checkServerDrawnPages } from '../support/server-drawn-pages';

// Issue 43: `npm run dev` draws pages on the server as `npm start` does, from the web app's sources.
// It runs its own server (its own port and database) beside the one the other specs share.

const root = path.resolve(import.meta.dirname, '../..');

test.describe('npm run dev', () => {
  let server: ChildProcess | undefined;
  let dataDir: string | undefined;

  test.afterAll(async () => {
    // The whole group: npm, tsx's watcher and the server under it.
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('draws a pair page, a news item and both kinds of 404 on the server, in both languages', async ({ browser }) => {
    test.setTimeout(240_000);
    const port = await getPort();
    const baseURL = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'obmen-e2e-dev-'));
    let output = '';
    server = spawn(process.execPath, [path.join(root, 'scripts/dev.mjs')], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'operator@obmen.test',
        ADMIN_PASSWORD: 'E2e-Lantern-Harbor-58!',
      },
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk));

    const started = Date.now();
    await expect
      .poll(
        async () => {
          if (server!.exitCode !== null) throw new Error(`npm run dev stopped:\n${output}`);
          return fetch(`${baseURL}/readyz`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 180_000, intervals: [250] },
      )
      .toBe(200);
    const ready = Date.now();

    // The document is the dev one: Vite's client, served by the same server, for hot reload.
    const first = await fetch(`${baseURL}/ru/SBERRUB--BTC`);
    const firstPage = Date.now();
    expect(await first.text()).toContain('/@vite/client');
    expect((await fetch(`${baseURL}/@vite/client`)).status).toBe(200);
    test.info().annotations.push({
      type: 'dev timings',
      description: `ready ${ready - started} ms after start, first page ${firstPage - ready} ms`,
    });

    await checkServerDrawnPages(browser, baseURL);
    await checkStylesTakenOver(browser, baseURL);
  });
});

/**
 * With scripts on, Vite's client takes the styles the document came with over (by their
 * data-vite-dev-id) instead of adding its own: each is there once after hydration, and React finds
 * the same document it drew.
 */
async function checkStylesTakenOver(browser: Browser, baseURL: string): Promise<void> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const trouble: string[] = [];
    page.on('console', (message) => {
      if (/hydrat/i.test(message.text())) trouble.push(message.text());
    });
    const response = await page.goto('/ru/SBERRUB--BTC');
    const sent = [...(await response!.text()).matchAll(/<style data-vite-dev-id="([^"]+)"/g)].map(([, id]) => id);
    expect(sent.length, 'the dev document carries its styles').toBeGreaterThan(0);

    await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith('__reactContainer')));
    await page.waitForLoadState('networkidle');
    // Told apart by their text: a second copy under another id would be as much a duplicate.
    const styles = await page
      .locator('style')
      .evaluateAll((elements) =>
        elements.map((element) => ({ id: element.getAttribute('data-vite-dev-id'), text: element.textContent })),
      );
    const texts = styles.map(({ text }) => text);
    const twice = styles.filter(({ text }, index) => texts.indexOf(text) !== index).map(({ id }) => id);
    expect(twice, 'styles added twice').toEqual([]);
    expect(styles.map(({ id }) => id)).toEqual(expect.arrayContaining(sent));
    expect(trouble).toEqual([]);
  } finally {
    await context.close();
  }
}
