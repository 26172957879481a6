import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import getPort from 'get-port';
import { randomAddress } from './addresses';
import { totpCode } from './two-factor';

// A product server of a spec's own (its port, its database, its settings), beside the one the
// other specs share: for what would change the ground under them (jobs every few seconds, payouts on).

const root = path.resolve(import.meta.dirname, '../..');

/** The admin the server starts with (ADMIN_EMAIL / ADMIN_PASSWORD); the seed names it `admin`. */
export const ADMIN = { login: 'operator@obmen.test', password: 'E2e-Lantern-Harbor-58!', username: 'admin' };

export interface OwnServer {
  baseURL: string;
  /** What it printed (LOG_LEVEL warn: its warnings and errors). */
  output(): string;
  stop(): Promise<void>;
}

/** The built server (apps/server/dist) on a free port with an empty database, started with `env` on top. */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await getPort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'obmen-e2e-own-'));
  let output = '';
  const server: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.login,
        ADMIN_PASSWORD: ADMIN.password,
        // The spec is the proxy: each customer "from" an address of its own.
        TRUST_PROXY: '127.0.0.1',
        // Into the suite's mail catcher, so a spec can read a sign-up code (support/mailbox.ts).
        ...(process.env.E2E_SMTP_PORT && { SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}` }),
        ...env,
      },
    },
  );
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(
        async () => {
          if (server.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
          return fetch(`${baseURL}/readyz`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 60_000, intervals: [200] },
      )
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, output: () => output, stop };
}

/** A browser of its own on the server, past the one-time phishing warning, "from" an address of its own. */
export function contextOn(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: 'ru-RU',
    extraHTTPHeaders: { 'x-forwarded-for': randomAddress() },
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: 'phishingWarningSeen', value: '1' }] }],
    },
  });
}

/**
 * Signs a staff member in and turns two-factor authentication on, as the console's first step asks
 * (issue 33): the session's token, which stays open.
 */
export async function staffSession(request: APIRequestContext, login: string, password: string): Promise<string> {
  const signedIn = await request.post('/token', { form: { username: login, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const token = ((await signedIn.json()) as { user: { access_token: string } }).user.access_token;
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post('/api/v1/User/2fa/start', { headers });
  expect(started.status(), await started.text()).toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await request.post('/api/v1/User/2fa/confirm', {
    headers,
    form: { code: totpCode(secret), password },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return token;
}
