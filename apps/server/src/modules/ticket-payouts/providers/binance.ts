import { createHmac } from 'node:crypto';
import { Decimal } from '@obmen/shared';
import {
  PayoutOutcomeUnknown,
  PayoutRefused,
  type PayoutOutcome,
  type PayoutProvider,
  type PayoutRequest,
} from '../payout-provider';

/*
 * Payouts as withdrawals from a Binance account (issue 44). What this relies on, and where it is written:
 * - SIGNED requests: `timestamp` and `recvWindow` in the query, `signature` = hex HMAC-SHA256 of the
 *   percent-encoded query with the secret, the key in `X-MBX-APIKEY`; a request outside the window is
 *   refused (-1021) before it runs. binance-spot-api-docs rest-api.md "Timing security", "SIGNED … (HMAC)".
 * - HTTP 4XX: the sender's fault, refused; 429/418 with `Retry-After` in seconds; 5XX: "execution status
 *   UNKNOWN and could have been a success". rest-api.md "HTTP Return Codes", "Rate limits".
 * - Error codes (-1xxx, and the wallet's -4xxx "3xxx-5xxx SAPI-specific issues"): errors.md and the wallet
 *   error-code page on developers.binance.com.
 * - POST /sapi/v1/capital/withdraw/apply → `{ id }`; GET /sapi/v1/capital/withdraw/history?withdrawOrderId=
 *   answers the last 7 days when no times are given, `status` 0 Email Sent, 1 Cancelled, 2 Awaiting Approval,
 *   3 Rejected, 4 Processing, 5 Failure, 6 Completed; GET /sapi/v1/capital/config/getall gives `free` per
 *   coin and per network `withdrawEnable`, `withdrawFee`. binance-api-swagger spot_api.yaml and
 *   binance-connector-js clients/wallet capital-api.ts.
 * - Binance takes the network fee out of the amount asked for (the address gets amount − fee), so the fee
 *   is added on top: the address gets exactly the payout, as with Electrum.
 * - No Binance document says a repeated `withdrawOrderId` is refused, so `send` reads the key's history
 *   before it asks for a withdrawal, and treats any refusal naming a duplicate `withdrawOrderId` as
 *   "look it up".
 */

export interface BinanceSettings {
  /** https://api.binance.com (or a local fake). */
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** How long one call may take before its outcome is unknown. */
  timeoutMs?: number;
  /** How long after its timestamp Binance may still run a request (its default 5000, at most 60000). */
  recvWindowMs?: number;
}

const APPLY = '/sapi/v1/capital/withdraw/apply';
const HISTORY = '/sapi/v1/capital/withdraw/history';
const COINS = '/sapi/v1/capital/config/getall';
const SERVER_TIME = '/api/v3/time';

const READ_RETRIES = 2;

/** Codes Binance gives where the request may have run: "execution status unknown" and its kin. */
const OUTCOME_UNKNOWN = new Set([
  -1000, // UNKNOWN: an error while processing
  -1001, // DISCONNECTED: internal error
  -1006, // UNEXPECTED_RESP: "Execution status unknown"
  -1007, // TIMEOUT: "Send status unknown; execution status unknown"
  -3000, // INNER_FAILURE: internal server error
  -4027, // CAPITAL_WITHDRAW_GET_TRAN_ID_FAILURE: failed to obtain tranId
]);
const BUSY = new Set([-1003, -1008, -1015, -4005]);
const INSUFFICIENT_FUNDS = new Set([-4024, -4025, -4026, -4060, -5002]);
const INVALID_REQUEST = new Set([
  -4001, // invalid operation
  -4002, // invalid get
  -4007, // address validation not passed
  -4008, // address tag validation not passed
  -4018, // no such asset
  -4021, // amount not a multiple of the step
  -4022, // below the minimum
  -4028, // not more than the fee
  -4033, // illegal address
  -4106, // a tag on a network without tags
]);
// Everything else a 4xx says (a bad key or signature -1022/-2014/-2015, an IP or an address off the allow-list
// -2015/-4035, withdrawals closed -4019, the account's limits -4013…-4017/-4023) is `rejected`.

const STATUS_NAMES: Record<number, string> = {
  0: 'Email Sent',
  1: 'Cancelled',
  2: 'Awaiting Approval',
  3: 'Rejected',
  4: 'Processing',
  5: 'Failure',
  6: 'Completed',
};
const FAILED_STATUSES = new Set([1, 3, 5]);
const COMPLETED = 6;

/** Binance answered with an error status, and with its `{ code, msg }` where the body had one. */
class BinanceError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly msg: string,
    readonly retryAfterMs: number | null,
  ) {
    super(`Binance answered HTTP ${status}${code === null ? '' : ` (${code})`}: ${msg}`);
    this.name = 'BinanceError';
  }
}

/** No usable answer: a timeout, a dropped connection, a body that is not JSON. */
class NoAnswer extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoAnswer';
  }
}

interface HistoryRow {
  id?: unknown;
  withdrawOrderId?: unknown;
  status?: unknown;
  txId?: unknown;
  info?: unknown;
}

interface CoinNetwork {
  network?: unknown;
  isDefault?: unknown;
  withdrawEnable?: unknown;
  withdrawFee?: unknown;
  withdrawDesc?: unknown;
}

interface CoinInfo {
  coin?: unknown;
  free?: unknown;
  withdrawAllEnable?: unknown;
  networkList?: unknown;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Binance reads the parameters as sent, so the signature covers exactly this text. */
const queryString = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');

/** `Retry-After` is in seconds on Binance; an HTTP date is read too. */
function retryAfterMs(header: string | null): number | null {
  if (header === null) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function errorBody(text: string): { code: number | null; msg: string } {
  try {
    const body = JSON.parse(text) as { code?: unknown; msg?: unknown };
    return {
      code: typeof body.code === 'number' ? body.code : null,
      msg: typeof body.msg === 'string' ? body.msg : text.slice(0, 200),
    };
  } catch {
    return { code: null, msg: text.slice(0, 200) };
  }
}

/** Where the request may have run: any 5xx (Binance: "could have been a success") or an "unknown" code. */
const mayHaveRun = (error: BinanceError) =>
  error.status >= 500 || (error.code !== null && OUTCOME_UNKNOWN.has(error.code));

/** Undocumented, so any refusal that names a repeated `withdrawOrderId` counts. */
const namesRepeatedKey = (error: BinanceError) =>
  /withdraw\s*_?order\s*_?id/i.test(error.msg) && /duplicat|exist|already|repeat|used|unique/i.test(error.msg);

/** A definite 4xx refusal as the port's kinds. */
function refusalOf(error: BinanceError): PayoutRefused {
  const { status, code, msg } = error;
  const text = `Binance refused (HTTP ${status}${code === null ? '' : `, ${code}`}): ${msg}`;
  if (status === 429 || status === 418 || (code !== null && BUSY.has(code)))
    return new PayoutRefused('rate_limited', text, error.retryAfterMs);
  if ((code !== null && INSUFFICIENT_FUNDS.has(code)) || /insufficient balance/i.test(msg))
    return new PayoutRefused('insufficient_funds', text);
  // -11xx: a parameter Binance could not read.
  if (code !== null && (INVALID_REQUEST.has(code) || (code <= -1100 && code > -1200)))
    return new PayoutRefused('invalid_request', text);
  return new PayoutRefused('rejected', text);
}

/**
 * Binance not answering a read: nothing was sent, so it is a refusal to try again later. The port has no
 * "unavailable" kind; a busy provider is the nearest (see the report on issue 44).
 */
const unavailable = (reason: string) =>
  new PayoutRefused('unavailable', `Binance is not answering (${reason}); nothing was sent`);

const reasonOf = (error: unknown) =>
  error instanceof Error
    ? error.name === 'TimeoutError'
      ? 'no answer in time'
      : `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
    : String(error);

function outcomeOf(row: HistoryRow): PayoutOutcome {
  const ref = typeof row.id === 'string' && row.id !== '' ? row.id : null;
  const txid = typeof row.txId === 'string' ? row.txId.trim() : '';
  const status = typeof row.status === 'number' ? row.status : Number(row.status);
  // Only Completed is sent: a Processing withdrawal's transaction can still fail (status 5), and the
  // customer must not be shown a txid that never paid. Completed without a txid waits for one.
  if (status === COMPLETED && txid !== '') return { state: 'sent', txid, ref };
  if (FAILED_STATUSES.has(status)) {
    const info = typeof row.info === 'string' && row.info !== '' ? `: ${row.info}` : '';
    return { state: 'failed', reason: `${STATUS_NAMES[status]}${info}`, ref };
  }
  // 0 Email Sent, 2 Awaiting Approval, 4 Processing, and any status this code does not know: never "failed",
  // which would let a new attempt pay again.
  return { state: 'pending', ref };
}

const RANK: Record<PayoutOutcome['state'], number> = { sent: 3, pending: 2, failed: 1, absent: 0 };

export function createBinanceProvider(settings: BinanceSettings): PayoutProvider {
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const recvWindowMs = settings.recvWindowMs ?? 5_000;
  // Server time − our time, read once and again after a -1021.
  let offset: Promise<number> | null = null;

  /** One HTTP exchange: the parsed 2xx body, or a BinanceError, or NoAnswer. */
  async function exchange(method: 'GET' | 'POST', pathAndQuery: string, signed: boolean): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${baseUrl}${pathAndQuery}`, {
        method,
        headers: signed ? { 'X-MBX-APIKEY': settings.apiKey } : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new NoAnswer(reasonOf(error));
    }
    if (!response.ok) {
      const { code, msg } = errorBody(text);
      throw new BinanceError(response.status, code, msg, retryAfterMs(response.headers.get('retry-after')));
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new NoAnswer(`HTTP ${response.status} with a body that is not JSON: ${text.slice(0, 80)}`);
    }
  }

  /** A read: retried on no answer or a 5xx (nothing can leave); a definite refusal is thrown as such. */
  async function read(path: string, params: Record<string, string>, signed: boolean): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return signed
          ? await signedCall('GET', path, params)
          : await exchange('GET', `${path}?${queryString(params)}`, false);
      } catch (error) {
        if (error instanceof PayoutRefused) throw error;
        if (error instanceof BinanceError && !mayHaveRun(error)) throw refusalOf(error);
        if (attempt >= READ_RETRIES) throw unavailable(`${path}: ${reasonOf(error)}`);
      }
      await sleep(250 * 2 ** attempt);
    }
  }

  function serverOffset(): Promise<number> {
    offset ??= read(SERVER_TIME, {}, false).then(
      (answer) => {
        const serverTime = (answer as { serverTime?: unknown } | null)?.serverTime;
        if (typeof serverTime !== 'number') throw unavailable(`${SERVER_TIME} gave no serverTime`);
        // Taken after the answer came: our timestamps lag the server's by at most the round trip, never
        // lead it (Binance refuses a timestamp 1 s ahead of its clock).
        return serverTime - Date.now();
      },
      (error: unknown) => {
        offset = null;
        throw error;
      },
    );
    return offset;
  }

  /**
   * A SIGNED call. A -1021 (outside the recvWindow) is refused before it runs, so after reading the
   * server's time again it is made once more. Errors reading the time are refusals: nothing was sent.
   */
  async function signedCall(method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<unknown> {
    for (let resynced = false; ; resynced = true) {
      const serverMinusLocal = await serverOffset();
      const query = queryString({
        ...params,
        recvWindow: String(recvWindowMs),
        timestamp: String(Date.now() + serverMinusLocal),
      });
      const signature = createHmac('sha256', settings.apiSecret).update(query).digest('hex');
      try {
        return await exchange(method, `${path}?${query}&signature=${signature}`, true);
      } catch (error) {
        if (error instanceof BinanceError && error.code === -1021 && !resynced) {
          offset = null;
          continue;
        }
        throw error;
      }
    }
  }

  /** What the history says of a key: the furthest-on of its withdrawals, `absent` when it lists none. */
  async function historyOf(key: string): Promise<PayoutOutcome> {
    // Without startTime/endTime Binance answers a withdrawOrderId's last 7 days.
    const rows = await read(HISTORY, { withdrawOrderId: key }, true);
    if (!Array.isArray(rows)) throw unavailable(`${HISTORY} did not answer a list`);
    let best: PayoutOutcome = { state: 'absent' };
    for (const row of rows as HistoryRow[]) {
      if (row?.withdrawOrderId !== key) continue;
      const outcome = outcomeOf(row);
      if (RANK[outcome.state] > RANK[best.state]) best = outcome;
    }
    return best;
  }

  async function coinInfo(coin: string): Promise<CoinInfo> {
    const coins = await read(COINS, {}, true);
    if (!Array.isArray(coins)) throw unavailable(`${COINS} did not answer a list`);
    const info = (coins as CoinInfo[]).find((entry) => entry?.coin === coin);
    if (!info) throw new PayoutRefused('invalid_request', `Binance has no coin ${coin}`);
    return info;
  }

  function networkOf(info: CoinInfo, coin: string, network: string | null): CoinNetwork | null {
    const networks = Array.isArray(info.networkList) ? (info.networkList as CoinNetwork[]) : [];
    // Without a network Binance withdraws on the coin's default one.
    const found = networks.find((entry) => (network === null ? entry?.isDefault === true : entry?.network === network));
    if (!found && network !== null)
      throw new PayoutRefused('invalid_request', `Binance has no network ${network} for ${coin}`);
    return found ?? null;
  }

  const decimalOf = (value: unknown, what: string) => {
    try {
      const decimal = new Decimal(typeof value === 'string' ? value : Number.NaN);
      if (decimal.isFinite()) return decimal;
    } catch {
      // falls through
    }
    throw unavailable(`${what} is not a number: ${String(value)}`);
  };

  /** After Binance said the key exists: its history, which can only be "sent", "pending" or "failed". */
  async function afterRepeatedKey(request: PayoutRequest, refusal: BinanceError): Promise<PayoutOutcome> {
    let found: PayoutOutcome;
    try {
      found = await historyOf(request.key);
    } catch (error) {
      // The withdrawal exists by Binance's word: a failed read is not "nothing left".
      throw new PayoutOutcomeUnknown(`${refusal.message}; its history did not answer: ${reasonOf(error)}`);
    }
    if (found.state === 'absent')
      throw new PayoutOutcomeUnknown(`${refusal.message}; its history does not list ${request.key} yet`);
    return found;
  }

  return {
    async send(request) {
      // `prepared` and `record` are not used: the key is Binance's own `withdrawOrderId`, found in its history.
      let amount: Decimal;
      try {
        amount = new Decimal(request.amount);
      } catch {
        throw new PayoutRefused('invalid_request', `not an amount: ${request.amount}`);
      }
      if (!amount.isFinite() || amount.lte(0))
        throw new PayoutRefused('invalid_request', `not an amount: ${request.amount}`);

      // A key already in the history is answered from it, never withdrawn again (Binance does not document
      // refusing a repeated withdrawOrderId).
      const earlier = await historyOf(request.key);
      if (earlier.state !== 'absent') return earlier;

      const info = await coinInfo(request.coin);
      const network = networkOf(info, request.coin, request.network);
      if (info.withdrawAllEnable === false || network?.withdrawEnable === false) {
        const why =
          typeof network?.withdrawDesc === 'string' && network.withdrawDesc !== '' ? `: ${network.withdrawDesc}` : '';
        throw new PayoutRefused(
          'rejected',
          `Binance withdrawals of ${request.coin}${request.network ? ` on ${request.network}` : ''} are closed${why}`,
        );
      }
      const fee = network ? decimalOf(network.withdrawFee, `${request.coin} withdrawFee`) : new Decimal(0);

      const params: Record<string, string> = { coin: request.coin };
      if (request.network !== null) params.network = request.network;
      params.address = request.address;
      if (request.memo !== null && request.memo !== '') params.addressTag = request.memo;
      params.amount = amount.plus(fee).toFixed();
      params.withdrawOrderId = request.key;
      // The Spot wallet, whose `free` the balance reads.
      params.walletType = '0';

      let answer: unknown;
      try {
        answer = await signedCall('POST', APPLY, params);
      } catch (error) {
        // Reading the server's time failed: the withdrawal was not asked for.
        if (error instanceof PayoutRefused) throw error;
        if (error instanceof BinanceError) {
          if (mayHaveRun(error)) throw new PayoutOutcomeUnknown(`withdraw/apply ${request.key}: ${error.message}`);
          if (namesRepeatedKey(error)) return afterRepeatedKey(request, error);
          throw refusalOf(error);
        }
        throw new PayoutOutcomeUnknown(`withdraw/apply ${request.key}: ${reasonOf(error)}`);
      }
      const id = (answer as { id?: unknown } | null)?.id;
      if (typeof id !== 'string' || id === '')
        throw new PayoutOutcomeUnknown(
          `withdraw/apply ${request.key} answered without an id: ${JSON.stringify(answer)}`,
        );
      return { state: 'pending', ref: id };
    },

    lookup(request) {
      return historyOf(request.key);
    },

    async balance(coin, network) {
      const info = await coinInfo(coin);
      const entry = networkOf(info, coin, network);
      // Closed withdrawals pay nothing: '0' closes the currency's directions like an empty account would.
      if (info.withdrawAllEnable === false || entry?.withdrawEnable === false) return '0';
      return decimalOf(info.free, `${coin} free`).toFixed();
    },
  };
}
