import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PriceSource } from '@obmen/shared';
import { buildApp, type App, type AppDeps } from '../src/app';
import type { Database } from '../src/db/database';
import { ticketLimits } from '../src/db/schema';
import { createTestDatabase } from './test-database';

export interface TestContext {
  app: App;
  database: Database;
  /** Where this app keeps uploaded card photos. */
  uploadsDir: string;
  close(): Promise<void>;
}

/** The whole API on a fresh seeded database, driven through `app.inject`. */
export interface TestAppOptions {
  seed?: boolean;
  webDist?: string | null;
  smtpUrl?: string;
  limits?: AppDeps['limits'];
  /** Short payment windows in seconds, by `GIVE>GET` (the PAYMENT_WINDOWS setting). */
  paymentWindowOverrides?: Map<string, number>;
  /** The TRUST_PROXY setting, parsed. */
  trustProxy?: boolean | number | string[];
  clientTimeouts?: AppDeps['clientTimeouts'];
  /** The ticket limits as shipped (3 open per e-mail…); by default tests get room for many tickets. */
  shippedTicketLimits?: boolean;
  /** Where the log goes (silent unless TEST_LOG_LEVEL says otherwise). */
  logger?: AppDeps['logger'];
  /** METRICS_TOKEN and METRICS_PORT: without either, /metrics is not served. */
  metrics?: { token?: string; port?: number };
  /** Another process's view of a database already made (left open by `close`): as a second server. */
  database?: Database;
  /** CHAIN_WATCH on: tickets in watched currencies get deposit addresses of their own. */
  chainWatch?: boolean;
  /** The background jobs too, the chain watcher's every `chainWatchSeconds`, reporting to `onObservation`. */
  startJobs?: boolean;
  chainWatchSeconds?: number;
  onObservation?: AppDeps['onObservation'];
  /** RATE_SOURCE=live with these sources (local fakes), refreshed by the jobs when `startJobs` (issue 45). */
  liveRates?: {
    urls: Partial<Record<PriceSource, string>>;
    sources?: PriceSource[];
    spreadPercent?: string;
    refreshSeconds?: number;
  };
  /** PAYOUTS on: crypto payouts go out by each currency's provider (issue 44). */
  payouts?: boolean;
  payoutTimings?: AppDeps['payoutTimings'];
  /** A bot on a fake Bot API (issue 46): TELEGRAM_API_URL, the token, the username, webhook mode with a secret. */
  telegram?: { apiUrl: string; token: string; username: string; webhookSecret?: string };
  telegramTimings?: AppDeps['telegramTimings'];
  /** Partners' webhooks to the local fake receiver: plain http and 127.0.0.1 allowed (issue 47). */
  webhooks?: { allowHttp?: boolean; allowPrivateHosts?: boolean };
  webhookTimings?: AppDeps['webhookTimings'];
  /** AML=on against the local fake AMLBot (test/fake-aml.ts), with quick polls (issue 48). */
  aml?: { url: string; accessId: string; accessKey: string; timings?: AppDeps['amlTimings'] };
}

// Tests register many users from one address; the limits get their own tests.
const GENEROUS = { max: 10_000, windowSeconds: 3600 };

export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const shared = options.database;
  const database = shared ?? (await createTestDatabase({ seed: options.seed ?? true }));
  // Tests make many tickets from one address and e-mail, and big ones; the limits get their own tests.
  if (!shared && !options.shippedTicketLimits) {
    await database.db.update(ticketLimits).set({
      openPerEmail: 10_000,
      openPerUser: 10_000,
      openPerAddress: 10_000,
      reserveSharePercent: '100',
      unpaidHoldPercent: '100',
    });
  }
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'obmen-uploads-'));
  const app = await buildApp({
    config: {
      LOG_LEVEL: (process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent',
      PUBLIC_URL: 'http://localhost:8080',
      SMTP_URL: options.smtpUrl,
      MAIL_FROM: 'Obmen <no-reply@obmen.test>',
      ...(options.paymentWindowOverrides && { PAYMENT_WINDOWS: options.paymentWindowOverrides }),
      ...(options.trustProxy !== undefined && { TRUST_PROXY: options.trustProxy }),
      METRICS_TOKEN: options.metrics?.token,
      METRICS_PORT: options.metrics?.port,
      CHAIN_WATCH: options.chainWatch ?? false,
      PAYOUTS: options.payouts ?? false,
      ...(options.telegram && {
        TELEGRAM_API_URL: options.telegram.apiUrl,
        TELEGRAM_BOT_TOKEN: options.telegram.token,
        TELEGRAM_BOT_USERNAME: options.telegram.username,
        TELEGRAM_WEBHOOK_SECRET: options.telegram.webhookSecret,
      }),
      ...(options.chainWatchSeconds && { CHAIN_WATCH_SECONDS: options.chainWatchSeconds }),
      WEBHOOK_ALLOW_HTTP: options.webhooks?.allowHttp ?? false,
      WEBHOOK_ALLOW_PRIVATE_HOSTS: options.webhooks?.allowPrivateHosts ?? false,
      ...(options.aml && {
        AML: true,
        AML_URL: options.aml.url,
        AML_ACCESS_ID: options.aml.accessId,
        AML_ACCESS_KEY: options.aml.accessKey,
      }),
      ...(options.liveRates && {
        RATE_SOURCE: 'live' as const,
        ...(options.liveRates.sources && { RATE_SOURCES: options.liveRates.sources }),
        RATE_BINANCE_URL: options.liveRates.urls.binance,
        RATE_OKX_URL: options.liveRates.urls.okx,
        RATE_BYBIT_URL: options.liveRates.urls.bybit,
        RATE_KRAKEN_URL: options.liveRates.urls.kraken,
        RATE_CBR_URL: options.liveRates.urls.cbr,
        RATE_NBRB_URL: options.liveRates.urls.nbrb,
        RATE_SPREAD_PERCENT: options.liveRates.spreadPercent ?? '2',
        ...(options.liveRates.refreshSeconds && { RATE_REFRESH_SECONDS: options.liveRates.refreshSeconds }),
      }),
    },
    ...(options.startJobs && { startJobs: true }),
    ...(options.onObservation && { onObservation: options.onObservation }),
    ...(options.payoutTimings && { payoutTimings: options.payoutTimings }),
    ...(options.telegramTimings && { telegramTimings: options.telegramTimings }),
    ...(options.webhookTimings && { webhookTimings: options.webhookTimings }),
    ...(options.aml && { amlTimings: options.aml.timings ?? { times: 3, everyMs: 20, timeoutMs: 200 } }),
    database,
    secret: 'test-secret-that-is-long-enough-for-hmac-0123456789',
    twoFactorKey: 'test-two-factor-key-that-is-long-enough-0123456789',
    uploadsDir,
    webDist: options.webDist ?? null,
    limits: options.limits ?? {
      login: { windowSeconds: 900, perAccountAndIp: 10_000, perAccount: 10_000, perIp: 10_000, perDevice: 10_000 },
      accounts: { register: GENEROUS, passwordReset: GENEROUS, registerCode: GENEROUS, registerCodePerEmail: GENEROUS },
    },
    ...(options.clientTimeouts && { clientTimeouts: options.clientTimeouts }),
    ...(options.logger !== undefined && { logger: options.logger }),
  });
  await app.ready();
  return {
    app,
    database,
    uploadsDir,
    close: async () => {
      await app.close();
      if (!shared) await database.close();
    },
  };
}

/**
 * The web app's server entry as these tests use it (the real one is React's, apps/web/src/entry-server.tsx,
 * checked by the browser suite): a public page's document holds what the services read for it in
 * process, a page of the operator's text that does not exist is a 404, a path without a language
 * is the browser's to draw.
 */
export const STAND_IN_RENDERER = `
export const INLINE_SCRIPTS = ["document.documentElement.classList.add('theme-light');"];
export async function renderPage({ url, reads, publicUrl }) {
  const [, lang, slug] = url.pathname.split('/');
  if (lang !== 'ru' && lang !== 'en') return { status: 200, personal: true, html: '<!doctype html><html><body>app</body></html>' };
  let status = 200;
  let title = 'Obmen';
  if (slug) {
    try { title = (await reads.page(slug, lang)).metaTitle; } catch (error) { status = error.statusCode ?? 500; }
  }
  const body = 'x'.repeat(2000);
  return { status, personal: false, html: '<!doctype html><html lang="' + lang + '"><head><title>' + title + '</title><link rel="canonical" href="' + publicUrl + url.pathname + '"></head><body>' + body + '</body></html>' };
}
`;

/**
 * A built web app for the server to serve: these files (paths under the dist folder) and no more,
 * and beside them the server entry (dist-server/entry-server.js, STAND_IN_RENDERER unless given).
 */
export function tempWebDist(files: Record<string, string | Buffer>, renderer = STAND_IN_RENDERER): string {
  const root = mkdtempSync(path.join(tmpdir(), 'obmen-dist-'));
  const dist = path.join(root, 'dist');
  for (const [name, content] of Object.entries({ ...files, '../dist-server/entry-server.js': renderer })) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), content);
  }
  return dist;
}
