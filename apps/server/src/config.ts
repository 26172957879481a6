import { isIP } from 'node:net';
import { z } from 'zod';
import { PRICE_SOURCES, type PriceSource } from '@obmen/shared';

const port = z.coerce
  .number({ error: 'must be a whole number from 1 to 65535' })
  .int('must be a whole number from 1 to 65535')
  .min(1, 'must be a whole number from 1 to 65535')
  .max(65535, 'must be a whole number from 1 to 65535');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A switch: `on`/`true` or `off`/`false` (empty: off). */
const offByDefault = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['on', 'off', 'true', 'false'], { error: 'must be on or off' })
    .default('off')
    .transform((value) => value === 'on' || value === 'true'),
);

const wholeSeconds = (min: number) => {
  const error = `must be a whole number of seconds from ${min}`;
  return z.coerce.number({ error }).int(error).min(min, error);
};

/** An IPv4 or IPv6 address, or a CIDR range of one (TRUST_PROXY; a partner key's allow-list). */
export function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const settings = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ error: 'must be an absolute URL' }).optional()),
  SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  // Seals the TOTP secrets in the database (AES-256-GCM): a copy of the database alone cannot mint codes.
  TWO_FACTOR_KEY: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Obmen <no-reply@obmen.local>'),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).default('admin@obmen.local'),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(12, 'must be at least 12 characters').optional()),
  RATE_SOURCE: z.enum(['static', 'live'], { error: 'must be one of: static, live' }).default('static'),
  // Which public sources `live` reads (issue 45): a host that refuses this server (Binance answers 451 to some countries) can be left out.
  RATE_SOURCES: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(PRICE_SOURCES.join(','))
      .transform((text, ctx): PriceSource[] => {
        const names = text.split(',').map((name) => name.trim().toLowerCase());
        const known = names.filter((name): name is PriceSource => (PRICE_SOURCES as readonly string[]).includes(name));
        if (known.length !== names.length || new Set(known).size !== known.length) {
          ctx.addIssue({
            code: 'custom',
            message: `must be a comma list of distinct sources from: ${PRICE_SOURCES.join(', ')}`,
          });
          return z.NEVER;
        }
        // Under two sources an asset never has a price (issue 45): such a list would close it for good.
        const coins = known.filter((name) => name !== 'cbr' && name !== 'nbrb').length;
        if (coins < 2 || !known.includes('cbr') || !known.includes('nbrb')) {
          ctx.addIssue({
            code: 'custom',
            message: 'must name at least two of binance, okx, bybit, kraken, and both cbr and nbrb',
          });
          return z.NEVER;
        }
        return known;
      }),
  ),
  RATE_BINANCE_URL: z.url({ error: 'must be an absolute URL' }).default('https://api.binance.com'),
  RATE_OKX_URL: z.url({ error: 'must be an absolute URL' }).default('https://www.okx.com'),
  RATE_BYBIT_URL: z.url({ error: 'must be an absolute URL' }).default('https://api.bybit.com'),
  RATE_KRAKEN_URL: z.url({ error: 'must be an absolute URL' }).default('https://api.kraken.com'),
  RATE_CBR_URL: z.url({ error: 'must be an absolute URL' }).default('https://www.cbr.ru'),
  RATE_NBRB_URL: z.url({ error: 'must be an absolute URL' }).default('https://www.nbrb.by'),
  // The single-ticker settings of before issue 45: refused, so an old deployment learns the new names at start.
  CRYPTO_TICKER_URL: z.preprocess(
    emptyAsUndefined,
    z.undefined({ error: 'is now RATE_BINANCE_URL (the base URL, e.g. https://api.binance.com)' }),
  ),
  CBR_URL: z.preprocess(
    emptyAsUndefined,
    z.undefined({ error: 'is now RATE_CBR_URL (the base URL, e.g. https://www.cbr.ru)' }),
  ),
  // How far from the median of an asset's fresh sources one may be and still count (issue 45).
  RATE_SPREAD_PERCENT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage from 0.1 to 50, such as 2 or 1.5')
    .refine(
      (text) => Number(text) >= 0.1 && Number(text) <= 50,
      'must be a percentage from 0.1 to 50, such as 2 or 1.5',
    )
    .default('2'),
  RATE_REFRESH_SECONDS: wholeSeconds(10).default(60),
  TICKET_EXPIRY_CHECK_SECONDS: wholeSeconds(1).default(10),
  // Crypto deposits detected by reading each watched currency's chain (issue 35); off, clients press "I paid".
  CHAIN_WATCH: offByDefault,
  CHAIN_WATCH_SECONDS: wholeSeconds(5).default(30),
  // Plain ETH is found by reading whole blocks: at most this many new ones per run, so a long pause catches up in steps.
  CHAIN_SCAN_BLOCKS: z.coerce
    .number({ error: 'must be a whole number of blocks from 1 to 1000' })
    .int('must be a whole number of blocks from 1 to 1000')
    .min(1, 'must be a whole number of blocks from 1 to 1000')
    .max(1000, 'must be a whole number of blocks from 1 to 1000')
    .default(50),
  // An address's history is read back to where the last run left it, at most this many pages a run (25 Esplora transactions, 200 TronGrid ones each).
  CHAIN_HISTORY_PAGES: z.coerce
    .number({ error: 'must be a whole number of pages from 1 to 200' })
    .int('must be a whole number of pages from 1 to 200')
    .min(1, 'must be a whole number of pages from 1 to 200')
    .max(200, 'must be a whole number of pages from 1 to 200')
    .default(20),
  // The operator's wallets look this many unused receiving addresses ahead (BIP44's 20): the run of unused ones is kept within it.
  CHAIN_GAP_LIMIT: z.coerce
    .number({ error: 'must be a whole number of addresses from 1 to 10000' })
    .int('must be a whole number of addresses from 1 to 10000')
    .min(1, 'must be a whole number of addresses from 1 to 10000')
    .max(10_000, 'must be a whole number of addresses from 1 to 10000')
    .default(20),
  // Crypto payouts sent by each currency's provider within its limits (issue 44); off, people pay every ticket out.
  PAYOUTS: offByDefault,
  PAYOUT_SECONDS: wholeSeconds(1).default(10),
  // A payout call cut off (a crash) is looked up at its provider after this long; one the provider has
  // no record of is sent again (same key) only this long after its call began.
  PAYOUT_LEASE_SECONDS: wholeSeconds(1).default(120),
  PAYOUT_SETTLE_SECONDS: wholeSeconds(0).default(60),
  // Telegram (issue 46): a customer's ticket news and the operators' alerts; unset, no Telegram at all (docs/telegram.md).
  TELEGRAM_BOT_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, 'must be a bot token from @BotFather, such as 123456:ABC-DEF…')
      .optional(),
  ),
  TELEGRAM_BOT_USERNAME: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/^@/, '') || undefined : value),
    z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, "must be the bot's username, such as obmen_bot")
      .optional(),
  ),
  TELEGRAM_API_URL: z.url({ error: 'must be an absolute URL' }).default('https://api.telegram.org'),
  // Set: Telegram posts updates to PUBLIC_URL/api/telegram/webhook with this secret; unset: the server polls (getUpdates).
  TELEGRAM_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 characters of A-Z, a-z, 0-9, _ and -')
      .optional(),
  ),
  // Partners' webhooks (issue 47): for tests and development only; on a live exchanger both stay off, so a
  // partner's URL can be neither plain http nor an address inside this network (SSRF, docs/partners.md).
  WEBHOOK_ALLOW_HTTP: offByDefault,
  WEBHOOK_ALLOW_PRIVATE_HOSTS: offByDefault,
  // AML screening (issue 48, docs/aml.md): payout addresses at creation, watched deposits when they count.
  AML: offByDefault,
  AML_URL: z.url({ error: 'must be an absolute URL' }).default('https://extrnlapiendpoint.silencatech.com'),
  AML_ACCESS_ID: z.preprocess(emptyAsUndefined, z.string().max(200).optional()),
  AML_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().max(500).optional()),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WEB_DIST: z.string().optional(),
  // The most requests a minute a partner may give one of its API keys (issue 47, docs/partners.md).
  PARTNER_KEY_MAX_RATE: z.coerce
    .number({ error: 'must be a whole number of requests a minute from 1 to 100000' })
    .int('must be a whole number of requests a minute from 1 to 100000')
    .min(1, 'must be a whole number of requests a minute from 1 to 100000')
    .max(100_000, 'must be a whole number of requests a minute from 1 to 100000')
    .default(600),
  // Which proxies may tell the client's address (X-Forwarded-For): the rate limits key on it, so
  // trusting anyone would let a visitor pick a fresh address per request (docs/deployment.md).
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('false')
      .transform((text, ctx): boolean | number | string[] => {
        if (text === 'false') return false;
        if (text === 'true') return true;
        if (/^\d{1,2}$/.test(text)) return Number(text);
        const entries = text.split(',').map((entry) => entry.trim());
        if (entries.every(isAddressOrRange)) return entries;
        ctx.addIssue({
          code: 'custom',
          message: 'must be false, true, a number of proxy hops, or a comma list of addresses and CIDR ranges',
        });
        return z.NEVER;
      }),
  ),
  // Prometheus' /metrics tells reserves, ticket counts and routes: only a scraper with the token
  // reads it on the public port, or anyone on a loopback-only port of its own (docs/monitoring.md).
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  METRICS_PORT: z.preprocess(emptyAsUndefined, port.optional()),
  // The rates export's 1.0 `minamount`/`maxamount` as bare numbers ("3000"), for monitors that will
  // not read the currency's code after them ("3000 RUB", the default) (docs/monitoring.md).
  RATES_EXPORT_BARE_AMOUNTS: offByDefault,
  // The widget's allowed sites (issue 47) may be http://localhost and http://127.0.0.1: tests and a developer's machine only.
  EMBED_LOCAL_HTTP: offByDefault,
  // `GIVE>GET=SECONDS,…`: short payment windows for chosen directions, for tests and demos.
  PAYMENT_WINDOWS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[A-Z0-9]{2,20}>[A-Z0-9]{2,20}=\d{1,6}(,[A-Z0-9]{2,20}>[A-Z0-9]{2,20}=\d{1,6})*$/,
        'must be a comma list of GIVE>GET=SECONDS, such as LTC>TON=20',
      )
      .transform(
        (text) =>
          new Map(
            text.split(',').map((entry) => {
              const [pair = '', seconds = '0'] = entry.split('=');
              return [pair, Math.max(1, Number.parseInt(seconds, 10))] as const;
            }),
          ),
      )
      .optional(),
  ),
});

const configSchema = settings
  .refine((config) => config.METRICS_PORT !== config.PORT, {
    path: ['METRICS_PORT'],
    message: 'must differ from PORT',
  })
  // The deep links name the bot: a token without its username could link nobody.
  .refine((config) => !config.TELEGRAM_BOT_TOKEN || config.TELEGRAM_BOT_USERNAME, {
    path: ['TELEGRAM_BOT_USERNAME'],
    message: 'must be set when TELEGRAM_BOT_TOKEN is (the bot username from @BotFather)',
  })
  .refine((config) => !config.AML || (config.AML_ACCESS_ID && config.AML_ACCESS_KEY), {
    path: ['AML_ACCESS_KEY'],
    message: 'and AML_ACCESS_ID must be set when AML is on (the access id and key of the AMLBot account)',
  });

export type Config = z.infer<typeof configSchema> & { PUBLIC_URL: string };

/** A setting that cannot be used: the server prints this one line and stops. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Settings never printed back, even when wrong. */
const SECRETS = [
  'SECRET',
  'TWO_FACTOR_KEY',
  'ADMIN_PASSWORD',
  'METRICS_TOKEN',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_WEBHOOK_SECRET',
  'AML_ACCESS_KEY',
];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const got = env[variable];
    const shown = SECRETS.includes(variable) ? '' : ` (got "${got ?? ''}")`;
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const config = parsed.data;
  return { ...config, PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '') };
}

/** A connection string safe to print: the password is masked. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
