import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import getPort from 'get-port';
import { findBrowser } from '../scripts/ensure-browser.mjs';
import { randomAddress } from './support/addresses';

// `npm test` passes these; run alone, the config picks them. Workers inherit them from this process.
process.env.E2E_PORT ??= String(await getPort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'obmen-e2e-'));
// The product server mails through a local SMTP catcher; tests read what it caught from this folder.
process.env.E2E_SMTP_PORT ??= String(await getPort());
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'obmen-e2e-mail-'));
const port = process.env.E2E_PORT;
const smtpPort = process.env.E2E_SMTP_PORT;
export const baseURL = `http://127.0.0.1:${port}`;

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    // `npm test` names it; run alone, the same choice (the headless shell before a full Chromium).
    executablePath: process.env.CHROMIUM_PATH ?? findBrowser() ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    // Each worker is a client of its own address: open tickets are limited per address (issue 33),
    // and two workers' tickets would otherwise count as one client's.
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
    // A trace snapshots every action of every test, kept or not: ~30 % of the suite's CPU (193 s →
    // 137 s). A retried failure keeps one; to trace one at will, `npx playwright test --trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Every browser starts as a visitor who has read the one-time phishing warning, so the modal
    // does not stand in front of what a spec is about; its own spec starts from a clean slate.
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: 'phishingWarningSeen', value: '1' }] }],
    },
  },
  projects: [
    // The e2e operator turns on two-factor authentication, which the console asks of staff (issue 33).
    { name: 'setup', testMatch: /console\.setup\.ts$/ },
    { name: 'chromium', use: browser, testIgnore: /\.global\.spec\.ts$/, dependencies: ['setup'] },
    // Specs that change what every visitor sees (maintenance, prices, reserves, directions) run
    // after all the others, one at a time, so they never pull the ground from under another test.
    { name: 'global', use: browser, testMatch: /\.global\.spec\.ts$/, dependencies: ['chromium'], workers: 1 },
  ],
  webServer: [
    // First, so the product server never sends into the void.
    {
      command: `node ${path.resolve(import.meta.dirname, 'support/mail-catcher.mjs')}`,
      port: Number(smtpPort),
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_SMTP_PORT: smtpPort, E2E_MAIL_DIR: process.env.E2E_MAIL_DIR },
    },
    {
      command: `node --enable-source-maps ${path.resolve(import.meta.dirname, '../apps/server/dist/main.js')}`,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: port,
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseURL,
        ADMIN_EMAIL: 'operator@obmen.test',
        ADMIN_PASSWORD: 'E2e-Lantern-Harbor-58!',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // Tickets for Litecoin → Toncoin must be paid within 15 s, so a spec can watch one expire.
        PAYMENT_WINDOWS: 'LTC>TON=15',
        // …and the server looks for expired tickets every second, not every 10: the spec waits ≤ 16 s, not 25.
        TICKET_EXPIRY_CHECK_SECONDS: '1',
        // The specs are the proxy: they sign many users up, each "from" its own address.
        TRUST_PROXY: '127.0.0.1',
        // Deposit addresses per ticket for the currencies a spec sets up (chain-watch.spec.ts);
        // the watcher's runs are an hour apart, so no spec meets a chain API that is not there.
        CHAIN_WATCH: 'on',
        CHAIN_WATCH_SECONDS: '3600',
      },
    },
  ],
});
