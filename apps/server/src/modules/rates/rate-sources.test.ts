import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_SOURCES, type PriceSource } from '@obmen/shared';
import { startFakeRateSources, type FakeRateSources } from '../../../test/fake-rate-sources';
import { createRateSources } from './rate-sources';
import type { RateSource } from './rate-source';

let fake: FakeRateSources;
let clients: Record<PriceSource, RateSource>;
beforeAll(async () => {
  fake = await startFakeRateSources();
  clients = Object.fromEntries(createRateSources(PRICE_SOURCES, fake.urls, 300).map((c) => [c.id, c])) as Record<
    PriceSource,
    RateSource
  >;
});
afterAll(() => fake.close());
afterEach(() => {
  for (const id of PRICE_SOURCES) fake[id].mode = 'ok';
});

const EXCHANGES = ['binance', 'okx', 'bybit', 'kraken'] as const;
const COINS = ['BTC', 'ETH', 'XMR', 'DOGE'];

describe('the exchanges’ public tickers', () => {
  it.each(EXCHANGES)('%s gives each coin’s USDT price it lists, and nothing for one it does not', async (id) => {
    fake[id].prices = { BTC: '95000.5', ETH: '3500.1', XMR: '215' };
    const readings = await clients[id].read(COINS);
    expect([...readings.keys()]).toEqual(['BTC', 'ETH', 'XMR']);
    expect(readings.get('BTC')!.usdPrice.toFixed()).toBe('95000.5');
    expect(readings.get('ETH')!.usdPrice.toFixed()).toBe('3500.1');
  });

  it('takes OKX’s ticker time and Bybit’s answer time as the readings’ own', async () => {
    fake.okx.ageMs = 20 * 60_000;
    fake.bybit.ageMs = 3_000;
    const okx = (await clients.okx.read(['BTC'])).get('BTC')!;
    const bybit = (await clients.bybit.read(['BTC'])).get('BTC')!;
    expect(Date.now() - okx.at!.getTime()).toBeGreaterThanOrEqual(20 * 60_000);
    expect(Date.now() - bybit.at!.getTime()).toBeGreaterThanOrEqual(3_000);
    expect((await clients.binance.read(['BTC'])).get('BTC')!.at).toBeNull();
    fake.okx.ageMs = 0;
    fake.bybit.ageMs = 0;
  });

  it('asks Binance for trading symbols only, and reads Kraken’s BTC as XBT', async () => {
    fake.kraken.prices = { BTC: '95020' };
    expect((await clients.kraken.read(['BTC'])).get('BTC')!.usdPrice.toFixed()).toBe('95020');
    // The fake answers only /api/v3/ticker/price; the client must not send a symbols list one bad name could fail.
    expect((await clients.binance.read(['NOSUCHCOIN', 'BTC'])).has('BTC')).toBe(true);
  });

  it.each([
    ['binance', 'refuse', /HTTP 429/],
    ['okx', 'refuse', /OKX refused: Too Many Requests \(code 50011\)/],
    ['bybit', 'refuse', /Bybit refused: Too many visits! \(retCode 10006\)/],
    ['kraken', 'refuse', /Kraken refused: EService:Unavailable/],
    ['okx', 'garbage', /OKX answered with something that is not JSON/],
    ['kraken', 'down', /HTTP 502/],
  ] as const)('%s failing (%s) says why', async (id, mode, message) => {
    fake[id].mode = mode;
    await expect(clients[id].read(['BTC'])).rejects.toThrow(message);
  });

  it('gives up on a source that does not answer in time', async () => {
    fake.bybit.mode = 'hang';
    await expect(clients.bybit.read(['BTC'])).rejects.toThrow(/no answer in 300 ms/);
  }, 10_000);
});

describe('the central banks’ official rates', () => {
  it('give the rouble’s dollar price: the CBR’s directly, NBRB’s as the cross of its USD and RUB rates', async () => {
    fake.cbr.usdRub = '80';
    fake.nbrb.usdRub = '80';
    expect((await clients.cbr.read(['RUB'])).get('RUB')!.usdPrice.toFixed()).toBe('0.0125');
    expect((await clients.nbrb.read(['RUB'])).get('RUB')!.usdPrice.toFixed()).toBe('0.0125');
  });

  it.each([
    ['cbr', 'garbage', /the CBR answer has no USD rate/],
    ['cbr', 'refuse', /HTTP 403/],
    ['nbrb', 'garbage', /NBRB answered with something that is not JSON/],
    ['nbrb', 'refuse', /the NBRB answer has no USD or RUB rate/],
    ['cbr', 'down', /HTTP 502/],
  ] as const)('%s failing (%s) says why', async (id, mode, message) => {
    fake[id].mode = mode;
    await expect(clients[id].read(['RUB'])).rejects.toThrow(message);
  });
});
