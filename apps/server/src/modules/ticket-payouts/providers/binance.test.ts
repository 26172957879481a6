import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeBinance, type FakeBinance } from '../../../../test/fake-binance';
import { PayoutOutcomeUnknown, PayoutRefused, type PayoutProvider, type PayoutRequest } from '../payout-provider';
import { createBinanceProvider, type BinanceSettings } from './binance';

const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const TRON_TXID = /^[0-9a-f]{64}$/;
const TEN_MINUTES = 10 * 60 * 1000;

let binance: FakeBinance;
let provider: PayoutProvider;
let recorded: string[];
const record = async (prepared: string) => {
  recorded.push(prepared);
};

const connect = (settings: Partial<BinanceSettings> = {}) =>
  createBinanceProvider({
    baseUrl: binance.base,
    apiKey: binance.apiKey,
    apiSecret: binance.apiSecret,
    timeoutMs: 400,
    ...settings,
  });

let ticket = 1000;
/** A USDT-TRC20 payout of 50 under a fresh key. */
const usdt = (change: Partial<PayoutRequest> = {}): PayoutRequest => ({
  key: `obmen-${(ticket += 1)}-1`,
  coin: 'USDT',
  network: 'TRX',
  address: TRON_ADDRESS,
  memo: null,
  amount: '50',
  ...change,
});

/** What a call threw. */
async function thrown(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('it did not throw');
}

beforeEach(async () => {
  binance = await startFakeBinance();
  binance.setBalance('USDT', '1000');
  provider = connect();
  recorded = [];
});
afterEach(() => binance.close());

describe('a payout through Binance', () => {
  it('is asked for with its key, pending until Binance completes it, then sent with its txid', async () => {
    const request = usdt({ amount: '50.25' });
    const sent = await provider.send(request, null, record);
    expect(sent).toEqual({ state: 'pending', ref: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await provider.lookup(request, null)).toEqual(sent);

    binance.complete();
    const done = await provider.lookup(request, null);
    expect(done).toEqual({
      state: 'sent',
      txid: expect.stringMatching(TRON_TXID),
      ref: sent.state === 'pending' ? sent.ref : '',
    });

    const [withdrawal, ...others] = binance.ledger();
    expect(others).toEqual([]);
    // Binance takes its 1 USDT fee out of what is asked for: the address gets the payout exactly.
    expect(withdrawal).toMatchObject({
      key: request.key,
      address: TRON_ADDRESS,
      network: 'TRX',
      amount: '50.25',
      applied: '51.25',
      fee: '1',
      txid: done.state === 'sent' ? done.txid : '',
    });
    expect(binance.balance('USDT')).toBe('948.75');
    expect(recorded).toEqual([]);
  });

  it('sends a memo as the address tag', async () => {
    binance.setBalance('TON', '10');
    await provider.send(
      usdt({ coin: 'TON', network: 'TON', address: 'UQBy…', memo: '4829301', amount: '2' }),
      null,
      record,
    );
    expect(binance.ledger()[0]).toMatchObject({ memo: '4829301', amount: '2', applied: '2.02' });
  });

  it('is completed by time alone when the fake says so', async () => {
    binance.close();
    binance = await startFakeBinance({ completeAfterMs: 50 });
    binance.setBalance('USDT', '100');
    provider = connect();
    const request = usdt();
    await provider.send(request, null, record);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await provider.lookup(request, null)).toMatchObject({
      state: 'sent',
      txid: expect.stringMatching(TRON_TXID),
    });
  });
});

describe('a refusal leaves nothing', () => {
  it('insufficient funds', async () => {
    binance.setBalance('USDT', '40');
    const error = await thrown(provider.send(usdt(), null, record));
    expect(error).toBeInstanceOf(PayoutRefused);
    expect(error).toMatchObject({ kind: 'insufficient_funds', message: expect.stringContaining('-4026') });
    expect(binance.ledger()).toEqual([]);
    expect(binance.balance('USDT')).toBe('40');
  });

  it('a rate limit, with how long Binance says to wait', async () => {
    binance.failNext('apply', { kind: 'rate-limit', retryAfterSeconds: 7 });
    expect(await thrown(provider.send(usdt(), null, record))).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 7000,
    });
    binance.failNext('apply', { kind: 'rate-limit', status: 418, retryAfterSeconds: 120 });
    expect(await thrown(provider.send(usdt(), null, record))).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 120_000,
    });
    expect(binance.ledger()).toEqual([]);
  });

  it('an address off the allow-list, a bad address, closed withdrawals', async () => {
    binance.failNext('apply', {
      kind: 'refuse',
      code: -4035,
      msg: 'This address is not on the whitelist. Please join and try again.',
    });
    expect(await thrown(provider.send(usdt(), null, record))).toMatchObject({
      name: 'PayoutRefused',
      kind: 'rejected',
    });
    binance.failNext('apply', { kind: 'refuse', code: -4033, msg: 'Illegal address.' });
    expect(await thrown(provider.send(usdt(), null, record))).toMatchObject({ kind: 'invalid_request' });
    binance.failNext('apply', {
      kind: 'refuse',
      status: 401,
      code: -2015,
      msg: 'Invalid API-key, IP, or permissions for action.',
    });
    expect(await thrown(provider.send(usdt(), null, record))).toMatchObject({ kind: 'rejected' });

    binance.setNetwork('USDT', 'TRX', {
      withdrawEnable: false,
      withdrawDesc: 'Wallet Maintenance, Withdrawal Suspended',
    });
    const closed = await thrown(provider.send(usdt(), null, record));
    expect(closed).toMatchObject({ kind: 'rejected', message: expect.stringContaining('Withdrawal Suspended') });
    expect(binance.calls('apply')).toBe(3);
    expect(binance.ledger()).toEqual([]);
  });

  it('a wrong signature or key: Binance refuses with -1022 / -2015', async () => {
    provider = connect({ apiSecret: 'not-the-secret' });
    const badSignature = await thrown(provider.send(usdt(), null, record));
    expect(badSignature).toBeInstanceOf(PayoutRefused);
    expect(badSignature).toMatchObject({ kind: 'rejected', message: expect.stringContaining('-1022') });

    provider = connect({ apiKey: 'someone-else' });
    expect(await thrown(provider.balance('USDT', 'TRX'))).toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('-2015'),
    });
    expect(binance.ledger()).toEqual([]);
  });

  it('not an amount', async () => {
    expect(await thrown(provider.send(usdt({ amount: '-5' }), null, record))).toMatchObject({
      kind: 'invalid_request',
    });
    expect(await thrown(provider.send(usdt({ amount: 'lots' }), null, record))).toMatchObject({
      kind: 'invalid_request',
    });
    expect(binance.calls('apply')).toBe(0);
  });
});

describe('an outcome Binance leaves unknown is found in its history, never sent again', () => {
  const cases = [
    { name: 'a 500', failure: { kind: 'server-error' } },
    { name: 'a 504 with -1007', failure: { kind: 'server-error', status: 504 } },
    { name: 'no answer (the timeout)', failure: { kind: 'hang' } },
    { name: 'a dropped connection', failure: { kind: 'reset' } },
    { name: 'a 200 that is not JSON', failure: { kind: 'garbage' } },
  ] as const;

  for (const { name, failure } of cases) {
    it(`${name} after Binance made the withdrawal: unknown, then pending from the history`, async () => {
      const request = usdt();
      binance.failNext('apply', { ...failure, execute: true });
      expect(await thrown(provider.send(request, null, record))).toBeInstanceOf(PayoutOutcomeUnknown);
      expect(await provider.lookup(request, null)).toMatchObject({ state: 'pending' });
      expect(binance.withdrawalsFor(request.key)).toBe(1);
    });

    it(`${name} before Binance made it: unknown, then absent`, async () => {
      const request = usdt();
      binance.failNext('apply', { ...failure, execute: false });
      expect(await thrown(provider.send(request, null, record))).toBeInstanceOf(PayoutOutcomeUnknown);
      expect(await provider.lookup(request, null)).toEqual({ state: 'absent' });
      expect(binance.ledger()).toEqual([]);
    });
  }

  it('a 4xx saying "execution status unknown" (-1007) is unknown too', async () => {
    binance.failNext('apply', {
      kind: 'refuse',
      status: 408,
      code: -1007,
      msg: 'Timeout waiting for response from backend server. Send status unknown; execution status unknown.',
    });
    expect(await thrown(provider.send(usdt(), null, record))).toBeInstanceOf(PayoutOutcomeUnknown);
  });

  it('is never retried by the provider itself', async () => {
    binance.failNext('apply', { kind: 'server-error', execute: false });
    await thrown(provider.send(usdt(), null, record));
    expect(binance.calls('apply')).toBe(1);
  });
});

describe('the same key twice makes one withdrawal', () => {
  it('a second send is answered from the history without asking Binance again', async () => {
    const request = usdt();
    const first = await provider.send(request, null, record);
    expect(await provider.send(request, null, record)).toEqual(first);
    binance.complete();
    expect(await provider.send(request, null, record)).toMatchObject({ state: 'sent' });
    expect(binance.calls('apply')).toBe(1);
    expect(binance.withdrawalsFor(request.key)).toBe(1);
  });

  it('when the history has not caught up, Binance refuses the repeated key and the history answers', async () => {
    const request = usdt();
    await provider.send(request, null, record);
    binance.failNext('history', { kind: 'empty' });
    expect(await provider.send(request, null, record)).toMatchObject({ state: 'pending' });
    expect(binance.calls('apply')).toBe(2);
    expect(binance.withdrawalsFor(request.key)).toBe(1);
  });

  it('a refused repeat that the history does not show is unknown, not a refusal', async () => {
    binance.failNext('apply', { kind: 'duplicate' });
    expect(await thrown(provider.send(usdt(), null, record))).toBeInstanceOf(PayoutOutcomeUnknown);
  });

  it('a key whose withdrawal failed is answered failed, not withdrawn again', async () => {
    const request = usdt();
    await provider.send(request, null, record);
    binance.fail(request.key, 5);
    expect(await provider.send(request, null, record)).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('Failure'),
    });
    expect(binance.calls('apply')).toBe(1);
  });
});

describe('lookup', () => {
  it('maps the statuses: cancelled, rejected and failed are failed, with the reason', async () => {
    for (const status of [1, 3, 5] as const) {
      const request = usdt();
      await provider.send(request, null, record);
      binance.fail(request.key, status, 'The address is not valid.');
      expect(await provider.lookup(request, null)).toMatchObject({
        state: 'failed',
        reason: expect.stringContaining('The address is not valid.'),
      });
    }
    expect(binance.balance('USDT')).toBe('1000');
  });

  it('is retried when Binance does not answer a read, and refuses when it never does', async () => {
    const request = usdt();
    await provider.send(request, null, record);
    binance.failNext('history', { kind: 'server-error' });
    binance.failNext('history', { kind: 'hang' });
    expect(await provider.lookup(request, null)).toMatchObject({ state: 'pending' });

    for (let i = 0; i < 3; i += 1) binance.failNext('history', { kind: 'server-error', status: 503 });
    const error = await thrown(provider.lookup(request, null));
    expect(error).toBeInstanceOf(PayoutRefused);
    expect(error).toMatchObject({ kind: 'unavailable', retryAfterMs: null });
  });

  it('a send whose history check gets no answer asks for nothing', async () => {
    for (let i = 0; i < 3; i += 1) binance.failNext('history', { kind: 'server-error' });
    expect(await thrown(provider.send(usdt(), null, record))).toBeInstanceOf(PayoutRefused);
    expect(binance.calls('apply')).toBe(0);
  });
});

describe("Binance's clock", () => {
  it('ten minutes off either way: the server time is read once and used', async () => {
    for (const skew of [TEN_MINUTES, -TEN_MINUTES]) {
      binance.setClockSkew(skew);
      provider = connect();
      const request = usdt();
      expect(await provider.send(request, null, record)).toMatchObject({ state: 'pending' });
      expect(await provider.lookup(request, null)).toMatchObject({ state: 'pending' });
    }
    expect(binance.calls('time')).toBe(2);
  });

  it('moving after it was read: -1021 refuses, the time is read again and the withdrawal made once', async () => {
    await provider.balance('USDT', 'TRX');
    binance.setClockSkew(TEN_MINUTES);
    const request = usdt();
    expect(await provider.send(request, null, record)).toMatchObject({ state: 'pending' });
    expect(binance.calls('time')).toBe(2);
    expect(binance.withdrawalsFor(request.key)).toBe(1);
  });

  it('a client that never reads it is refused with -1021 (the fake checks)', async () => {
    binance.setClockSkew(TEN_MINUTES);
    const query = `recvWindow=5000&timestamp=${Date.now()}`;
    const signature = createHmac('sha256', binance.apiSecret).update(query).digest('hex');
    const response = await fetch(`${binance.base}/sapi/v1/capital/config/getall?${query}&signature=${signature}`, {
      headers: { 'X-MBX-APIKEY': binance.apiKey },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: -1021,
      msg: 'Timestamp for this request is outside of the recvWindow.',
    });
  });
});

describe('balance', () => {
  it("is the coin's free balance, exactly", async () => {
    binance.setBalance('USDT', '1234.567891');
    expect(await provider.balance('USDT', 'TRX')).toBe('1234.567891');
    expect(await provider.balance('USDT', 'ETH')).toBe('1234.567891');
    expect(await provider.balance('ETH', 'ETH')).toBe('0');
  });

  it('is 0 where Binance has closed withdrawals on the network', async () => {
    binance.setNetwork('USDT', 'TRX', { withdrawEnable: false });
    expect(await provider.balance('USDT', 'TRX')).toBe('0');
    expect(await provider.balance('USDT', 'ETH')).toBe('1000');
  });

  it('refuses a coin or network Binance does not have', async () => {
    expect(await thrown(provider.balance('DOGE', null))).toMatchObject({ kind: 'invalid_request' });
    expect(await thrown(provider.balance('USDT', 'SOL'))).toMatchObject({ kind: 'invalid_request' });
  });
});

describe('the fake for crash tests', () => {
  it('calls a hook before a withdrawal is made and another after, before answering', async () => {
    const seen: string[] = [];
    binance.onReceived('apply', () => {
      seen.push(`received: ${binance.ledger().length} in the ledger`);
    });
    const remove = binance.onExecuted('apply', async ({ params }) => {
      seen.push(`executed ${params.withdrawOrderId}: ${binance.ledger().length} in the ledger`);
    });
    const request = usdt();
    await provider.send(request, null, record);
    remove();
    await provider.send(usdt(), null, record);
    expect(seen).toEqual([
      'received: 0 in the ledger',
      `executed ${request.key}: 1 in the ledger`,
      'received: 1 in the ledger',
    ]);
  });
});
