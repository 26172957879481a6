import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startFakeApi, type FakeApi } from './fake-api';

/*
 * Local stand-ins for the public price sources (issue 45), one server each, answering their
 * documented formats (the clients' comments cite them): Binance's /api/v3/ticker/price, OKX's
 * /api/v5/market/tickers, Bybit's /v5/market/tickers, Kraken's /0/public/Ticker, the Bank of
 * Russia's XML_daily.asp (windows-1251) and NBRB's /api/exrates/rates. What each says is set on
 * it between refreshes; `mode` makes it fail the ways real ones do.
 *
 * Plain Node (no test runner imports), so a Playwright spec can start them too.
 */

export type FakeSourceMode =
  /** Answers normally. */
  | 'ok'
  /** HTTP 502, as a host behind a failing gateway. */
  | 'down'
  /** Never answers: the client's timeout. */
  | 'hang'
  /** HTTP 200 with a maintenance page. */
  | 'garbage'
  /** HTTP 200 with the API's own refusal (OKX's code, Bybit's retCode, Kraken's error). */
  | 'refuse';

export interface FakeSource {
  base: string;
  mode: FakeSourceMode;
  /** Requests answered or not, to count how often the sources are read. */
  requests: number;
}

export interface FakeExchange extends FakeSource {
  /** The last price of each coin in USDT ("95000.5" for BTC). */
  prices: Record<string, string>;
  /** How old the exchange says its tickers are, where its format says (OKX's `ts`, Bybit's `time`). */
  ageMs: number;
}

export interface FakeRoubleSource extends FakeSource {
  /** Roubles per US dollar ("80" for 80 ₽). */
  usdRub: string;
}

export interface FakeRateSources {
  binance: FakeExchange;
  okx: FakeExchange;
  bybit: FakeExchange;
  kraken: FakeExchange;
  cbr: FakeRoubleSource;
  nbrb: FakeRoubleSource;
  /** The RATE_<SOURCE>_URL settings pointing at these fakes. */
  urls: Record<'binance' | 'okx' | 'bybit' | 'kraken' | 'cbr' | 'nbrb', string>;
  close(): void;
}

export const DEFAULT_COIN_PRICES: Record<string, string> = {
  BTC: '95000.5',
  ETH: '3500.1',
  LTC: '90.5',
  TON: '3.2',
  XMR: '215',
  TRX: '0.28',
  SOL: '180',
  USDC: '0.9999',
};

/** Answers `body` unless the source is set to fail; then fails as asked (a refusal with its HTTP status). */
function answer(
  source: FakeSource,
  res: ServerResponse,
  refusal: { status?: number; body: unknown },
  body: () => void,
): void {
  source.requests += 1;
  if (source.mode === 'hang') return;
  if (source.mode === 'down') return void res.writeHead(502).end('Bad gateway');
  if (source.mode === 'garbage') {
    return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
  }
  if (source.mode === 'refuse') {
    return void res
      .writeHead(refusal.status ?? 200, { 'content-type': 'application/json' })
      .end(JSON.stringify(refusal.body));
  }
  body();
}

const notFound = (res: ServerResponse) => void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');

async function fakeExchange(
  prices: Record<string, string>,
  handle: (exchange: FakeExchange, url: URL, res: ServerResponse) => void,
): Promise<{ exchange: FakeExchange; api: FakeApi }> {
  const exchange: FakeExchange = { base: '', mode: 'ok', requests: 0, prices: { ...prices }, ageMs: 0 };
  const api = await startFakeApi((req: IncomingMessage, res: ServerResponse) =>
    handle(exchange, new URL(req.url ?? '/', 'http://fake'), res),
  );
  exchange.base = api.base;
  return { exchange, api };
}

const KRAKEN_CODES: Record<string, string> = { BTC: 'XBT' };

/** Six fake sources, all answering `prices` for coins and 80 ₽ a dollar until told otherwise. */
export async function startFakeRateSources(prices = DEFAULT_COIN_PRICES): Promise<FakeRateSources> {
  const binance = await fakeExchange(prices, (exchange, url, res) => {
    if (url.pathname !== '/api/v3/ticker/price') return notFound(res);
    // Binance refuses with an HTTP status and its own code (rest-api.md: 429 past the request weight).
    answer(exchange, res, { status: 429, body: { code: -1003, msg: 'Too many requests.' } }, () =>
      sendJson(
        res,
        Object.entries(exchange.prices).map(([coin, price]) => ({ symbol: `${coin}USDT`, price })),
      ),
    );
  });
  const okx = await fakeExchange(prices, (exchange, url, res) => {
    if (url.pathname !== '/api/v5/market/tickers' || url.searchParams.get('instType') !== 'SPOT') return notFound(res);
    answer(exchange, res, { body: { code: '50011', msg: 'Too Many Requests', data: [] } }, () => {
      const ts = String(Date.now() - exchange.ageMs);
      sendJson(res, {
        code: '0',
        msg: '',
        data: Object.entries(exchange.prices).map(([coin, last]) => ({
          instType: 'SPOT',
          instId: `${coin}-USDT`,
          last,
          lastSz: '0.01',
          askPx: last,
          askSz: '1',
          bidPx: last,
          bidSz: '1',
          open24h: last,
          high24h: last,
          low24h: last,
          volCcy24h: '1000',
          vol24h: '10',
          ts,
          sodUtc0: last,
          sodUtc8: last,
        })),
      });
    });
  });
  const bybit = await fakeExchange(prices, (exchange, url, res) => {
    if (url.pathname !== '/v5/market/tickers' || url.searchParams.get('category') !== 'spot') return notFound(res);
    answer(
      exchange,
      res,
      { body: { retCode: 10006, retMsg: 'Too many visits!', result: {}, retExtInfo: {}, time: Date.now() } },
      () =>
        sendJson(res, {
          retCode: 0,
          retMsg: 'OK',
          result: {
            category: 'spot',
            list: Object.entries(exchange.prices).map(([coin, lastPrice]) => ({
              symbol: `${coin}USDT`,
              bid1Price: lastPrice,
              bid1Size: '1',
              ask1Price: lastPrice,
              ask1Size: '1',
              lastPrice,
              prevPrice24h: lastPrice,
              price24hPcnt: '0',
              highPrice24h: lastPrice,
              lowPrice24h: lastPrice,
              turnover24h: '1000',
              volume24h: '10',
              usdIndexPrice: lastPrice,
            })),
          },
          retExtInfo: {},
          time: Date.now() - exchange.ageMs,
        }),
    );
  });
  const kraken = await fakeExchange(prices, (exchange, url, res) => {
    if (url.pathname !== '/0/public/Ticker') return notFound(res);
    answer(exchange, res, { body: { error: ['EService:Unavailable'] } }, () =>
      sendJson(res, {
        error: [],
        result: Object.fromEntries(
          Object.entries(exchange.prices).map(([coin, price]) => [
            `${KRAKEN_CODES[coin] ?? coin}USDT`,
            {
              a: [price, '1', '1.000'],
              b: [price, '1', '1.000'],
              c: [price, '0.01000000'],
              v: ['10', '20'],
              p: [price, price],
              t: [100, 200],
              l: [price, price],
              h: [price, price],
              o: price,
            },
          ]),
        ),
      }),
    );
  });

  const cbr: FakeRoubleSource = { base: '', mode: 'ok', requests: 0, usdRub: '80' };
  const cbrApi = await startFakeApi((req, res) => {
    if (new URL(req.url ?? '/', 'http://fake').pathname !== '/scripts/XML_daily.asp') return notFound(res);
    answer(cbr, res, { status: 403, body: 'Forbidden' }, () => {
      const value = Number(cbr.usdRub).toFixed(4).replace('.', ',');
      const xml =
        '<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="21.11.2026" name="Foreign Currency Market">' +
        '<Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal><Name>Доллар США</Name>' +
        `<Value>${value}</Value><VunitRate>${value}</VunitRate></Valute></ValCurs>`;
      // windows-1251 for the Cyrillic name; the digits and tags are ASCII either way.
      const bytes = Buffer.from(
        [...xml].map((ch) => (ch.charCodeAt(0) >= 0x410 ? ch.charCodeAt(0) - 0x350 : ch.charCodeAt(0))),
      );
      res.writeHead(200, { 'content-type': 'application/xml; charset=windows-1251' }).end(bytes);
    });
  });
  cbr.base = cbrApi.base;

  const nbrb: FakeRoubleSource = { base: '', mode: 'ok', requests: 0, usdRub: '80' };
  const nbrbApi = await startFakeApi((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/api/exrates/rates' || url.searchParams.get('periodicity') !== '0') return notFound(res);
    answer(nbrb, res, { body: [] }, () => {
      // A dollar at 2.8 Belarusian roubles; 100 Russian roubles at what makes the cross `usdRub`.
      const usdByn = 2.8;
      const rubByn100 = Number((usdByn / Number(nbrb.usdRub)) * 100).toFixed(4);
      sendJson(res, [
        {
          Cur_ID: 431,
          Date: '2026-11-21T00:00:00',
          Cur_Abbreviation: 'USD',
          Cur_Scale: 1,
          Cur_Name: 'Доллар США',
          Cur_OfficialRate: usdByn,
        },
        {
          Cur_ID: 456,
          Date: '2026-11-21T00:00:00',
          Cur_Abbreviation: 'RUB',
          Cur_Scale: 100,
          Cur_Name: 'Российских рублей',
          Cur_OfficialRate: Number(rubByn100),
        },
      ]);
    });
  });
  nbrb.base = nbrbApi.base;

  const apis = [binance.api, okx.api, bybit.api, kraken.api, cbrApi, nbrbApi];
  return {
    binance: binance.exchange,
    okx: okx.exchange,
    bybit: bybit.exchange,
    kraken: kraken.exchange,
    cbr,
    nbrb,
    urls: {
      binance: binance.exchange.base,
      okx: okx.exchange.base,
      bybit: bybit.exchange.base,
      kraken: kraken.exchange.base,
      cbr: cbr.base,
      nbrb: nbrb.base,
    },
    close() {
      for (const api of apis) api.close();
    },
  };
}
