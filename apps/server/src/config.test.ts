import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from './config';

describe('configuration', () => {
  it('has safe defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      RATE_SOURCE: 'static',
      PUBLIC_URL: 'http://localhost:8080',
      // The demo stays manual: no deposit is watched unless the operator turns it on.
      CHAIN_WATCH: false,
      CHAIN_WATCH_SECONDS: 30,
      CHAIN_SCAN_BLOCKS: 50,
      CHAIN_HISTORY_PAGES: 20,
      CHAIN_GAP_LIMIT: 20,
      // The export's minamount says its currency ("3000 RUB") unless a monitor wants the bare number.
      RATES_EXPORT_BARE_AMOUNTS: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(loadConfig({ CHAIN_WATCH: 'on' }).CHAIN_WATCH).toBe(true);
    expect(loadConfig({ RATES_EXPORT_BARE_AMOUNTS: 'on' }).RATES_EXPORT_BARE_AMOUNTS).toBe(true);
    // Telegram is off until a token is given; the username may be written with its @.
    expect(config.TELEGRAM_BOT_TOKEN).toBeUndefined();
    expect(config.TELEGRAM_API_URL).toBe('https://api.telegram.org');
    expect(
      loadConfig({
        TELEGRAM_BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        TELEGRAM_BOT_USERNAME: '@obmen_bot',
      }).TELEGRAM_BOT_USERNAME,
    ).toBe('obmen_bot');
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "70000")'],
    [
      { DATABASE_URL: 'mysql://x@y/z' },
      'Invalid configuration: DATABASE_URL must be a postgres:// URL (got "mysql://x@y/z")',
    ],
    [{ SECRET: 'short' }, 'Invalid configuration: SECRET must be at least 32 characters'],
    // The token is a secret: never printed back, even when wrong.
    [
      { TELEGRAM_BOT_TOKEN: 'not-a-token' },
      'Invalid configuration: TELEGRAM_BOT_TOKEN must be a bot token from @BotFather, such as 123456:ABC-DEF…',
    ],
    [
      { TELEGRAM_BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      'Invalid configuration: TELEGRAM_BOT_USERNAME must be set when TELEGRAM_BOT_TOKEN is (the bot username from @BotFather) (got "")',
    ],
    [
      { TELEGRAM_WEBHOOK_SECRET: 'short' },
      'Invalid configuration: TELEGRAM_WEBHOOK_SECRET must be 16 to 256 characters of A-Z, a-z, 0-9, _ and -',
    ],
    [{ METRICS_TOKEN: 'short' }, 'Invalid configuration: METRICS_TOKEN must be at least 32 characters'],
    [{ METRICS_PORT: '8080' }, 'Invalid configuration: METRICS_PORT must differ from PORT (got "8080")'],
    [{ METRICS_PORT: '0' }, 'Invalid configuration: METRICS_PORT must be a whole number from 1 to 65535 (got "0")'],
    [
      { REDIS_URL: 'http://cache:6379' },
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL (got "http://cache:6379")',
    ],
    [
      { TICKET_EXPIRY_CHECK_SECONDS: '0' },
      'Invalid configuration: TICKET_EXPIRY_CHECK_SECONDS must be a whole number of seconds from 1 (got "0")',
    ],
    [{ CHAIN_WATCH: 'yes' }, 'Invalid configuration: CHAIN_WATCH must be on or off (got "yes")'],
    [
      { CHAIN_WATCH_SECONDS: '1' },
      'Invalid configuration: CHAIN_WATCH_SECONDS must be a whole number of seconds from 5 (got "1")',
    ],
    [
      { CHAIN_SCAN_BLOCKS: '0' },
      'Invalid configuration: CHAIN_SCAN_BLOCKS must be a whole number of blocks from 1 to 1000 (got "0")',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
  ])('names the variable and the problem in one line for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('reads short payment windows for chosen directions, and refuses a malformed list', () => {
    const config = loadConfig({ PAYMENT_WINDOWS: 'LTC>TON=20,BTC>ETH=90' });
    expect([...config.PAYMENT_WINDOWS!]).toEqual([
      ['LTC>TON', 20],
      ['BTC>ETH', 90],
    ]);
    expect(() => loadConfig({ PAYMENT_WINDOWS: 'LTC-TON=20' })).toThrow(
      'PAYMENT_WINDOWS must be a comma list of GIVE>GET=SECONDS',
    );
  });

  it('trusts no proxy unless told which', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(
      'TRUST_PROXY must be false, true, a number of proxy hops, or a comma list of addresses and CIDR ranges',
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('TRUST_PROXY must be');
  });

  it('reads every public price source unless told which, each at its public host (issue 45)', () => {
    const config = loadConfig({});
    expect(config.RATE_SOURCES).toEqual(['binance', 'okx', 'bybit', 'kraken', 'cbr', 'nbrb']);
    expect(config).toMatchObject({
      RATE_BINANCE_URL: 'https://api.binance.com',
      RATE_OKX_URL: 'https://www.okx.com',
      RATE_BYBIT_URL: 'https://api.bybit.com',
      RATE_KRAKEN_URL: 'https://api.kraken.com',
      RATE_CBR_URL: 'https://www.cbr.ru',
      RATE_NBRB_URL: 'https://www.nbrb.by',
      RATE_SPREAD_PERCENT: '2',
    });
    expect(loadConfig({ RATE_SOURCES: 'okx, Kraken,bybit,cbr,nbrb' }).RATE_SOURCES).toEqual([
      'okx',
      'kraken',
      'bybit',
      'cbr',
      'nbrb',
    ]);
    expect(() => loadConfig({ RATE_SOURCES: 'binance,coinbase' })).toThrow(
      'Invalid configuration: RATE_SOURCES must be a comma list of distinct sources from: binance, okx, bybit, kraken, cbr, nbrb (got "binance,coinbase")',
    );
    expect(() => loadConfig({ RATE_SOURCES: 'okx,okx' })).toThrow('RATE_SOURCES must be a comma list');
    expect(() => loadConfig({ RATE_SOURCES: 'okx,cbr,nbrb' })).toThrow(
      'RATE_SOURCES must name at least two of binance, okx, bybit, kraken, and both cbr and nbrb',
    );
    expect(loadConfig({ RATE_SPREAD_PERCENT: '1.5' }).RATE_SPREAD_PERCENT).toBe('1.5');
    expect(() => loadConfig({ RATE_SPREAD_PERCENT: '0' })).toThrow(
      'RATE_SPREAD_PERCENT must be a percentage from 0.1 to 50, such as 2 or 1.5 (got "0")',
    );
  });

  it('names the new setting when an old single-ticker one is set', () => {
    expect(() => loadConfig({ CRYPTO_TICKER_URL: 'https://api.binance.com' })).toThrow(
      'Invalid configuration: CRYPTO_TICKER_URL is now RATE_BINANCE_URL (the base URL, e.g. https://api.binance.com) (got "https://api.binance.com")',
    );
    expect(() => loadConfig({ CBR_URL: 'https://www.cbr.ru/scripts/XML_daily.asp' })).toThrow(
      'CBR_URL is now RATE_CBR_URL',
    );
    expect(loadConfig({ CBR_URL: '' }).RATE_CBR_URL).toBe('https://www.cbr.ru');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('never prints a database password', () => {
    expect(redactUrl('postgres://app:hunter2@db:5432/obmen')).toBe('postgres://app:***@db:5432/obmen');
  });
});
